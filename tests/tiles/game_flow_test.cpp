// docs/rules.md §2 game flow: setup, opening, place / exchange / pass with their preconditions, end, winners,
// determinism, records, replay and undo.
#include "support.hpp"

#include <set>

using namespace qwirkle_test;

namespace {

using game_snapshot = snapshot<qwirkle::game>;

game make(int players, std::uint64_t seed, std::vector<int> ages = {}, int hand_size = 0) {
    return game(config_of(players, seed, hand_size, std::move(ages)));
}

/// Plays the first legal opening (largest group at 0,0).
void open(game& g) {
    const auto moves = g.legal_moves();
    REQUIRE_FALSE(moves.empty());
    REQUIRE(g.place(moves.front().move).ok());
}

/// Refuses `a` with `rule`, and checks nothing changed: the snapshot, and the future (same bag order).
void expect_refused(game& g, const qwirkle::action& a, action_rule rule) {
    const game_snapshot before(g);
    const game twin = g;
    const auto e = g.apply(a);
    CHECK(e.rule == rule);
    CHECK_FALSE(e.ok());
    CHECK(game_snapshot(g) == before);
    CHECK(g.check(a).rule == rule);  // check() agrees and changes nothing either
    CHECK(game_snapshot(g) == before);
    // The hidden state (bag order, rng) is untouched too: the same next action gives the same game.
    if (!g.is_terminal()) {
        game other = twin;
        const auto next = greedy_action(g);
        REQUIRE(g.apply(next).ok());
        REQUIRE(other.apply(next).ok());
        CHECK(game_snapshot(g) == game_snapshot(other));
        g = twin;
    }
}

/// Plays greedy moves until `stop(g)` or the end; false if the game ended first.
template <class Stop>
bool play_until(game& g, Stop stop) {
    while (!g.is_terminal() && !stop(g)) REQUIRE(g.apply(greedy_action(g)).ok());
    return stop(g);
}

}  // namespace

TEST_CASE("setup: bag shuffled by the documented generator — fixed outputs on every platform") {
    // xoshiro256** seeded through SplitMix64 (values from an independent implementation).
    rng zero(0);
    CHECK(zero.next() == 0x99ec5f36cb75f2b4ull);
    CHECK(zero.next() == 0xbf6e1f784956452aull);
    CHECK(zero.next() == 0x1a5f849d4933e6e0ull);
    rng r42(42);
    CHECK(r42.next() == 0x15780b2e0c2ec716ull);
    rng r7(7);
    std::vector<std::uint32_t> draws;
    for (int i = 0; i < 10; ++i) draws.push_back(r7.below(6));
    CHECK(draws == std::vector<std::uint32_t>{4, 1, 5, 5, 5, 5, 0, 0, 2, 0});
    // below(n) is Lemire's method with its rejection step: the same draws as the method written
    // plainly (the threshold worked out for every draw), for bounds where draws are rejected often.
    // (n = 3: a rejection once in 2^32 draws; the others: 2^32 mod n of the 2^32 values rejected,
    // about 7%, 30% and 50%)
    for (const std::uint32_t n : {3u, 1'000'000'007u, 3'000'000'000u, 2'147'483'649u}) {
        rng fast(n), plain(n);
        int rejected = 0;
        for (int i = 0; i < 20'000; ++i) {
            std::uint64_t m = 0;
            for (bool first = true;; first = false) {
                m = (plain.next() >> 32) * n;
                if (static_cast<std::uint32_t>(m) >= static_cast<std::uint32_t>(-n) % n) break;
                rejected += first;
            }
            REQUIRE(fast.below(n) == static_cast<std::uint32_t>(m >> 32));
        }
        CAPTURE(n);
        CHECK((n == 3 ? rejected == 0 : rejected > 1'000));
    }
    CHECK(rng(1).below(0) == 0);
    CHECK(rng(1).below(1) == 0);
    // Deal: Fisher-Yates over the 108 tiles, hands drawn from the end of the bag, seat by seat.
    const auto g1 = make(2, 1);
    CHECK(to_string(g1.hand(0)) == "R1 R4 R6 Y3 G2 B1");
    CHECK(to_string(g1.hand(1)) == "R3 O2 Y3 G1 G2 G3");
    const auto g2 = make(2, 2024);
    CHECK(to_string(g2.hand(0)) == "O1 O2 O3 O6 Y5 B2");
    CHECK(to_string(g2.hand(1)) == "R5 R6 G1 G2 P1 P5");
}

TEST_CASE("setup: 2-4 players get 6 tiles, 5 players 5, 6 players 4, the rest stays in the bag") {
    for (int players = 2; players <= 6; ++players) {
        const auto g = make(players, 11);
        const int h = players <= 4 ? 6 : players == 5 ? 5 : 4;
        CHECK(g.hand_size() == h);
        tile_multiset all = g.bag_contents();
        for (int p = 0; p < players; ++p) {
            CHECK(g.hand(p).size() == h);
            all += g.hand(p);
        }
        CHECK(g.bag_size() == 108 - players * h);
        CHECK(all == tile_multiset::full(3));
        CHECK(g.board().empty());
        CHECK_FALSE(g.is_terminal());
        CHECK(g.winners().empty());
    }
    CHECK(make(3, 1, {}, 8).hand(2).size() == 8);  // a configured hand size
    CHECK_FALSE(game::validate(config_of(1, 0, 0, {})).empty());
    CHECK_FALSE(game::validate(config_of(7, 0, 0, {})).empty());
    CHECK_FALSE(game::validate(config_of(2, 0, 0, {10})).empty());
    CHECK_FALSE(game::validate(config_of(4, 0, 30, {})).empty());  // 120 tiles to deal
    CHECK(game::validate(config_of(2, 0, 0, {10, 12})).empty());
    CHECK_THROWS_AS(make(1, 0), std::invalid_argument);
}

TEST_CASE("opening: the player with the largest group starts, ties go to the youngest, then the earlier seat") {
    // Seed 1: both hands hold a group of 3 (R1 R4 R6 / G1 G2 G3): seat 0 starts without ages.
    CHECK(make(2, 1).current_player() == 0);
    CHECK(make(2, 1).opening_size() == 3);
    CHECK(make(2, 1, {40, 12}).current_player() == 1);  // the younger
    CHECK(make(2, 1, {12, 40}).current_player() == 0);
    CHECK(make(2, 1, {20, 20}).current_player() == 0);  // same age: the earlier seat
    // Seed 2024: O1 O2 O3 O6 (4) beats 2, whatever the ages.
    CHECK(make(2, 2024).current_player() == 0);
    CHECK(make(2, 2024, {80, 5}).current_player() == 0);
    CHECK(make(2, 2024).opening_size() == 4);
    // Over many deals: the rule as stated, recomputed from the hands.
    int ties = 0;
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
        const int players = 2 + static_cast<int>(seed % 5);
        std::vector<int> ages;
        rng r(seed);
        for (int p = 0; p < players; ++p) ages.push_back(static_cast<int>(r.below(4)));  // many equal ages
        for (const bool with_ages : {false, true}) {
            const auto g = make(players, seed, with_ages ? ages : std::vector<int>{});
            int best = 0, starter = -1, tied = 0;
            for (int p = 0; p < players; ++p) best = std::max(best, largest_group(g.hand(p)));
            for (int p = 0; p < players; ++p) {
                if (largest_group(g.hand(p)) != best) continue;
                ++tied;
                if (starter < 0 || (with_ages && ages[static_cast<std::size_t>(p)] < ages[static_cast<std::size_t>(starter)]))
                    starter = p;
            }
            ties += tied > 1;
            CHECK(g.opening_size() == best);
            CHECK(g.current_player() == starter);
        }
    }
    CHECK(ties > 50);
}

TEST_CASE("opening: the first action places exactly opening_size tiles as one line from 0,0, exchange and pass are refused") {
    auto g = make(2, 2024);  // O1 O2 O3 O6 Y5 B2: the orange group of 4 must be played
    REQUIRE(g.opening_size() == 4);
    expect_refused(g, qwirkle::action::exchange(hand_of("Y5")), action_rule::opening_must_place);
    expect_refused(g, qwirkle::action::pass(), action_rule::opening_must_place);
    CHECK_FALSE(g.can_exchange());
    // Too few tiles.
    auto e = g.check(qwirkle::action::place(move_of("0,0,O1 1,0,O2 2,0,O3")));
    CHECK(e.rule == action_rule::illegal_placement);
    CHECK(e.placement.rule == placement_rule::opening_group_size);
    CHECK(e.placement.length == 4);
    expect_refused(g, qwirkle::action::place(move_of("0,0,O1")), action_rule::illegal_placement);
    // Not from 0,0.
    e = g.check(qwirkle::action::place(move_of("1,0,O1 2,0,O2 3,0,O3 4,0,O6")));
    CHECK(e.placement.rule == placement_rule::opening_not_at_origin);
    // Every legal opening places the four oranges.
    const auto moves = g.legal_moves();
    CHECK(moves.size() == 2 * 24);
    for (const auto& m : moves) {
        CHECK(m.move.size() == 4);
        CHECK(m.score == 4);
    }
    // The group at 0,0: scores 4, draws back to 6, the turn passes on, exchanges become possible.
    REQUIRE(g.place(move_of("0,0,O6 0,1,O1 0,2,O3 0,3,O2")).ok());
    CHECK(g.score(0) == 4);
    CHECK(g.hand(0).size() == 6);
    CHECK(g.bag_size() == 108 - 12 - 4);
    CHECK(g.current_player() == 1);
    CHECK(g.opening_size() == 0);
    CHECK(g.can_exchange());
    CHECK(g.history().size() == 1);
    CHECK(g.history()[0].score == 4);
}

TEST_CASE("opening: 'a lone opening tile scores 1' (a hand with no two tiles sharing colour or shape)") {
    // Search a deal whose largest group is 1 for the starter... rare with 6 tiles; use 1-tile hands instead.
    auto g = make(2, 3, {}, 1);
    CHECK(g.opening_size() == 1);
    const auto moves = g.legal_moves();
    REQUIRE(moves.size() == 1);
    REQUIRE(g.place(moves[0].move).ok());
    CHECK(g.score(g.history()[0].player) == 1);
}

TEST_CASE("exchange: preconditions — at least one tile, at most a hand, tiles in hand, enough tiles in the bag") {
    auto g = make(2, 1);
    open(g);
    const int p = g.current_player();
    const tile_multiset h = g.hand(p);
    expect_refused(g, qwirkle::action::exchange(tile_multiset{}), action_rule::exchange_nothing);
    tile_multiset seven = h;
    seven.add("R1"_t);
    auto e = g.check(qwirkle::action::exchange(seven));
    CHECK(e.rule == action_rule::exchange_too_many);
    CHECK(e.count == 6);
    expect_refused(g, qwirkle::action::exchange(seven), action_rule::exchange_too_many);
    // A tile the hand lacks; and two copies of a tile held once.
    tile missing{};
    for (int i = 0; i < 36; ++i)
        if (!h.contains(*tile::from_index(i))) {
            missing = *tile::from_index(i);
            break;
        }
    e = g.check(qwirkle::action::exchange(tile_multiset{missing}));
    CHECK(e.rule == action_rule::exchange_not_in_hand);
    CHECK(e.tile == missing);
    CHECK(e.describe() == "exchanged tile not in hand: " + to_string(missing));
    for (const tile single : h.distinct()) {
        if (h.count(single) != 1) continue;
        e = g.check(qwirkle::action::exchange(tile_multiset{single, single}));
        CHECK(e.rule == action_rule::exchange_not_in_hand);
        CHECK(e.tile == single);
    }
    // A legal exchange: the hand keeps its size, the tiles given back go to the bag, nothing scores.
    const int bag = g.bag_size();
    const tile_multiset give{*h.distinct().begin()};
    auto before_total = g.bag_contents();
    before_total += h;
    REQUIRE(g.exchange(give).ok());
    CHECK(g.hand(p).size() == 6);
    CHECK(g.bag_size() == bag);
    CHECK(g.score(p) == 0);
    auto after_total = g.bag_contents();
    after_total += g.hand(p);
    CHECK(after_total == before_total);
    CHECK(g.history().back().action.kind == action_kind::exchange);
    CHECK(g.current_player() != p);
    // The whole hand may be exchanged.
    REQUIRE(g.exchange(g.hand(g.current_player())).ok());
}

TEST_CASE("exchange: refused when the bag holds fewer tiles than given back, pass refused while the bag has tiles") {
    auto g = make(2, 5);
    REQUIRE(play_until(g, [](const game& x) { return x.bag_size() > 0 && x.bag_size() < 6; }));
    const int bag = g.bag_size();
    const tile_multiset h = g.hand(g.current_player());
    tile_multiset give;
    h.for_each([&](tile t) {
        if (give.size() <= bag) give.add(t);
    });
    REQUIRE(give.size() == bag + 1);
    const auto e = g.check(qwirkle::action::exchange(give));
    CHECK(e.rule == action_rule::exchange_bag_too_small);
    CHECK(e.count == bag);
    expect_refused(g, qwirkle::action::exchange(give), action_rule::exchange_bag_too_small);
    expect_refused(g, qwirkle::action::pass(), action_rule::pass_not_allowed);
    // As many as the bag holds is fine.
    give.remove(*give.distinct().begin());
    CHECK(g.check(qwirkle::action::exchange(give)).ok());
}

TEST_CASE("pass: only when the player can neither place nor exchange (bag empty and no legal placement)") {
    // Two hands of 54 empty the bag at the start, so positions where a player cannot place come often.
    int passes_seen = 0, refused_seen = 0;
    for (std::uint64_t seed = 1; seed < 200 && (passes_seen < 5 || refused_seen < 5); ++seed) {
        auto g = make(2, seed, {}, 54);
        while (!g.is_terminal()) {
            const bool allowed = g.bag_size() == 0 && !g.can_place() && g.opening_size() == 0;
            CHECK(g.check(qwirkle::action::pass()).ok() == allowed);
            if (allowed) {
                const game_snapshot before(g);
                REQUIRE(g.pass().ok());
                ++passes_seen;
                CHECK(g.history().back().action.kind == action_kind::pass);
                CHECK(g.history().back().score == 0);
                CHECK(g.score(before.current) == before.scores[static_cast<std::size_t>(before.current)]);
                continue;
            }
            if (g.can_place() && g.opening_size() == 0 && refused_seen < 5) {
                expect_refused(g, qwirkle::action::pass(), action_rule::pass_not_allowed);
                ++refused_seen;
            }
            REQUIRE(g.apply(greedy_action(g)).ok());
        }
    }
    CHECK(passes_seen >= 5);
    CHECK(refused_seen >= 5);
    // With tiles in the bag a player who cannot place must exchange: passing is refused.
    auto g = make(2, 3);
    open(g);
    expect_refused(g, qwirkle::action::pass(), action_rule::pass_not_allowed);
}

TEST_CASE("illegal placements are refused with the placement error and change nothing") {
    auto g = make(3, 8);
    open(g);
    const auto& h = g.hand(g.current_player());
    const tile t = *h.distinct().begin();
    expect_refused(g, qwirkle::action::place(qwirkle::move{}), action_rule::illegal_placement);
    expect_refused(g, qwirkle::action::place(qwirkle::move{{cell{0, 0}, t}}), action_rule::illegal_placement);  // occupied
    expect_refused(g, qwirkle::action::place(qwirkle::move{{cell{40, 40}, t}}), action_rule::illegal_placement);  // no contact
    expect_refused(g, qwirkle::action::place(qwirkle::move{{cell{500, 0}, t}}), action_rule::illegal_placement);  // off board
    const auto e = g.check(qwirkle::action::place(qwirkle::move{{cell{40, 40}, t}}));
    CHECK(e.placement.rule == placement_rule::no_contact);
    CHECK(e.describe() == "touches no tile on the board at 40,40");
    // A tile not in hand.
    tile missing{};
    for (int i = 0; i < 36; ++i)
        if (!h.contains(*tile::from_index(i))) missing = *tile::from_index(i);
    const auto f = g.check(qwirkle::action::place(qwirkle::move{{cell{1, 0}, missing}}));
    CHECK(f.placement.rule == placement_rule::tile_not_in_hand);
}

TEST_CASE("end: the first player to place their last tile with the bag empty ends the game and scores 6 more") {
    int ended = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        auto g = make(2 + static_cast<int>(seed % 5), seed);
        play_until(g, [](const game&) { return false; });
        REQUIRE(g.is_terminal());
        const auto& last = g.history().back();
        if (g.end_reason() == game_end::last_tile) {
            ++ended;
            CHECK(last.action.kind == action_kind::place);
            CHECK(last.bonus == 6);
            CHECK(g.hand(last.player).empty());
            CHECK(g.bag_size() == 0);
        }
        // Scores are the sums of the turns' scores and bonuses; only the last turn may carry a bonus.
        std::vector<int> sums(static_cast<std::size_t>(g.players()), 0);
        for (std::size_t i = 0; i < g.history().size(); ++i) {
            const auto& t = g.history()[i];
            sums[static_cast<std::size_t>(t.player)] += t.score + t.bonus;
            if (i + 1 < g.history().size()) CHECK(t.bonus == 0);
        }
        CHECK(std::vector<int>(g.scores().begin(), g.scores().end()) == sums);
        // No action after the end.
        expect_refused(g, qwirkle::action::pass(), action_rule::game_over);
        CHECK(g.legal_moves().empty());
        CHECK_FALSE(g.can_place());
        CHECK_FALSE(g.can_exchange());
        // Winners: the highest total, all who share it.
        const int top = *std::max_element(g.scores().begin(), g.scores().end());
        std::vector<int> expected;
        for (int p = 0; p < g.players(); ++p)
            if (g.score(p) == top) expected.push_back(p);
        CHECK(g.winners() == expected);
    }
    CHECK(ended >= 25);
}

TEST_CASE("end: stalemate — a full round of passes ends the game without a bonus") {
    // Hands of 54 with two players: the bag is empty from the start, so players place until nobody can.
    int stalemates = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto g = make(2, seed, {}, 54);
        REQUIRE(g.bag_size() == 0);
        int run = 0;  // passes in a row
        while (!g.is_terminal()) {
            const auto a = greedy_action(g);
            REQUIRE(g.apply(a).ok());
            run = a.kind == action_kind::pass ? run + 1 : 0;
            const bool ended = run == g.players() || g.end_reason() == game_end::last_tile;
            CHECK(g.is_terminal() == ended);
        }
        if (g.end_reason() == game_end::stalemate) {
            ++stalemates;
            const auto& h = g.history();
            REQUIRE(h.size() >= 2);
            CHECK(h[h.size() - 1].action.kind == action_kind::pass);
            CHECK(h[h.size() - 2].action.kind == action_kind::pass);
            for (const auto& t : h) CHECK(t.bonus == 0);
            CHECK_FALSE(g.winners().empty());
        }
    }
    CHECK(stalemates > 0);
}

TEST_CASE("end: a pass followed by a placement does not count toward the round of passes") {
    // Two hands of 54 (the bag is empty); look for pass, place sequences.
    int interrupted = 0;
    for (std::uint64_t seed = 1; seed <= 400 && interrupted < 2; ++seed) {
        auto g = make(2, seed, {}, 54);
        int run = 0;
        while (!g.is_terminal()) {
            const auto a = greedy_action(g);
            if (a.kind != action_kind::pass && run > 0) ++interrupted;
            REQUIRE(g.apply(a).ok());
            run = a.kind == action_kind::pass ? run + 1 : 0;
            const bool ended = run == 2 || g.end_reason() == game_end::last_tile;
            CHECK(g.is_terminal() == ended);
        }
    }
    CHECK(interrupted >= 2);
}

TEST_CASE("winners: equal totals share the win") {
    // Look for a finished game with a tie at the top among seeded games.
    bool found = false;
    for (std::uint64_t seed = 1; seed < 3000 && !found; ++seed) {
        auto g = make(2, seed);
        rng r(seed);
        while (!g.is_terminal()) REQUIRE(g.apply(random_action(g, r)).ok());
        if (g.score(0) == g.score(1)) {
            found = true;
            CHECK(g.winners() == std::vector<int>{0, 1});
        } else {
            CHECK(g.winners() == std::vector<int>{g.score(0) > g.score(1) ? 0 : 1});
        }
    }
    CHECK(found);
}

TEST_CASE("determinism: the same seed and actions give the same game, different seeds give different deals") {
    const auto play = [](std::uint64_t seed, int players) {
        auto g = make(players, seed);
        rng r(seed ^ 0xabcdef);
        while (!g.is_terminal()) REQUIRE(g.apply(random_action(g, r)).ok());
        return to_record(g);
    };
    CHECK(play(17, 3) == play(17, 3));
    CHECK(play(17, 3) != play(18, 3));
    std::set<std::string> deals;
    for (std::uint64_t seed = 0; seed < 100; ++seed) deals.insert(to_string(make(2, seed).hand(0)));
    CHECK(deals.size() >= 95);
    // Two games of one seed stay equal action by action.
    auto a = make(2, 17), b = make(2, 17);
    rng r(3);
    for (int i = 0; i < 20 && !a.is_terminal(); ++i) {
        const auto act = random_action(a, r);
        REQUIRE(a.apply(act).ok());
        REQUIRE(b.apply(act).ok());
        CHECK(game_snapshot(a) == game_snapshot(b));
    }
}

TEST_CASE("records: to_record / parse_record round trip and replay rebuilds the exact game") {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        auto g = make(2 + static_cast<int>(seed % 5), seed, seed % 2 ? std::vector<int>{} : std::vector<int>(
                                                                   static_cast<std::size_t>(2 + seed % 5), 30));
        rng r(seed);
        while (!g.is_terminal()) REQUIRE(g.apply(seed % 3 ? random_action(g, r) : greedy_action(g)).ok());
        const std::string text = to_record(g);
        const auto rec = parse_record(text);
        REQUIRE_MESSAGE(rec.ok(), rec.error().describe());
        CHECK(rec->config.players == g.players());
        CHECK(rec->config.seed == seed);
        CHECK(rec->config.hand_size == g.hand_size());
        CHECK(rec->config.ages == g.config().ages);
        CHECK(rec->actions == g.actions());
        const auto replayed = game::replay(rec->config, rec->actions);
        REQUIRE(replayed.game.has_value());
        CHECK(game_snapshot(*replayed.game) == game_snapshot(g));
        CHECK(to_record(*replayed.game) == text);
        CHECK(replayed.game->winners() == g.winners());
    }
    // The text form of one record.
    auto g = make(2, 2024, {31, 9});
    REQUIRE(g.place(move_of("0,0,O1 1,0,O2 2,0,O3 3,0,O6")).ok());
    const std::string head = "qwirkle-game 1\nplayers 2\nseed 2024\nhand 6\nages 31 9\n0,0,O1 1,0,O2 2,0,O3 3,0,O6\n";
    CHECK(to_record(g) == head);
    // Actions round-trip one by one.
    for (const char* text : {"pass", "exchange R1 R1 G2", "0,0,R1 1,0,R2"}) {
        const auto a = parse_action(text);
        REQUIRE(a.ok());
        CHECK(to_string(*a) == text);
    }
    // Comments and blank lines are skipped.
    const auto rec = parse_record("# a comment\nqwirkle-game 1\n\nplayers 3\nseed 5\n# more\n");
    REQUIRE(rec.ok());
    CHECK(rec->config.players == 3);
    CHECK(rec->config.seed == 5);
    CHECK(rec->actions.empty());
}

TEST_CASE("records: parse_record errors name the line, column and token") {
    auto e = parse_record("");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().message.find("empty record") != std::string::npos);
    e = parse_record("qwirkle 1\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 1);
    CHECK(e.error().message.find("qwirkle-game 1") != std::string::npos);
    e = parse_record("qwirkle-game 1\nplayers two\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 2);
    CHECK(e.error().token == "two");
    CHECK(e.error().column == 8);
    CHECK(e.error().describe().rfind("line 2, column 9, token \"two\": expected", 0) == 0);
    e = parse_record("qwirkle-game 1\nplayers 2\nseed 4\n0,0,R1 1,0,R9\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 4);
    CHECK(e.error().token == "1,0,R9");
    CHECK(e.error().column == 7);
    e = parse_record("qwirkle-game 1\nplayers 2\npass\nseed 4\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 4);
    CHECK(e.error().message.find("before the actions") != std::string::npos);
    e = parse_record("qwirkle-game 1\r\nplayers 2\r\npass now\r\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 3);
    CHECK(e.error().token == "now");
    e = parse_record("qwirkle-game 1\nexchange\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 2);
    e = parse_record("qwirkle-game 1\nseed 1 2\n");
    REQUIRE_FALSE(e.ok());
    CHECK(e.error().line == 2);
}

TEST_CASE("replay: the first illegal action is reported with its index and reason") {
    auto g = make(2, 2024);
    REQUIRE(g.place(move_of("0,0,O1 1,0,O2 2,0,O3 3,0,O6")).ok());
    std::vector<qwirkle::action> acts = g.actions();
    acts.push_back(qwirkle::action::pass());  // the bag is full: passing is not allowed
    const auto r = game::replay(g.config(), acts);
    CHECK_FALSE(r.game.has_value());
    CHECK(r.failed_at == 1);
    CHECK(r.error.rule == action_rule::pass_not_allowed);
    // A record whose opening is wrong fails at 0.
    const auto bad = game::replay(g.config(), std::vector<qwirkle::action>{qwirkle::action::place(move_of("0,0,O1"))});
    CHECK(bad.failed_at == 0);
    CHECK(bad.error.placement.rule == placement_rule::opening_group_size);
}

TEST_CASE("undo: takes back the last turn exactly (board, hands, scores, bag, history, player)") {
    auto g = make(3, 42);
    rng r(42);
    std::vector<game_snapshot> states{game_snapshot(g)};
    for (int i = 0; i < 25 && !g.is_terminal(); ++i) {
        REQUIRE(g.apply(random_action(g, r)).ok());
        states.emplace_back(g);
    }
    // Undo one turn, then redo it: the same state.
    const auto last = g.actions().back();
    REQUIRE(g.undo());
    CHECK(game_snapshot(g) == states[states.size() - 2]);
    REQUIRE(g.apply(last).ok());
    CHECK(game_snapshot(g) == states.back());
    // Undo everything.
    for (std::size_t k = states.size() - 1; k-- > 0;) {
        REQUIRE(g.undo());
        CHECK(game_snapshot(g) == states[k]);
    }
    CHECK_FALSE(g.undo());
    CHECK(game_snapshot(g) == states.front());
}

TEST_CASE("observations: own hand, board, scores, sizes, unseen = all tiles - board - own hand, no other hand") {
    auto g = make(4, 9);
    rng r(9);
    for (int i = 0; i < 30 && !g.is_terminal(); ++i) {
        for (int p = 0; p < g.players(); ++p) {
            const auto o = *g.observe(p);
            CHECK(o.player == p);
            CHECK(o.current_player == g.current_player());
            CHECK(o.board == g.board());
            CHECK(o.hand == g.hand(p));
            CHECK(o.bag_size == g.bag_size());
            CHECK(o.scores == g.scores());
            CHECK(o.turn == static_cast<int>(g.history().size()));
            CHECK(o.opening_size == g.opening_size());
            tile_multiset expected = tile_multiset::full(3);
            expected -= tiles_on(g.board());
            expected -= g.hand(p);
            CHECK(o.unseen == expected);
            // Unseen = the bag plus the other hands: it does not tell them apart.
            tile_multiset others = g.bag_contents();
            for (int q = 0; q < g.players(); ++q) {
                CHECK(o.hand_sizes[q] == g.hand(q).size());
                if (q != p) others += g.hand(q);
            }
            CHECK(o.unseen == others);
        }
        REQUIRE(g.apply(random_action(g, r)).ok());
    }
}
