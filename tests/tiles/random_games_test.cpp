// 1,000+ seeded random games (2-6 players; random-legal, greedy and exchange-happy players) with the
// invariants of docs/rules.md §2 checked after every action (the OpenSpiel RandomSimTest idea).
#include "../scale.hpp"
#include "support.hpp"

using namespace qwirkle_test;

namespace {

enum class policy { random, greedy, exchanger };

struct tally {
    long actions = 0, places = 0, exchanges = 0, passes = 0, refused = 0;
    int last_tile_ends = 0, stalemates = 0, ties = 0;
};

/// An action that must be refused: a hand tile on an occupied, far or badly fitting cell, or an exchange
/// of a tile not held. Returns nothing when no such action is at hand.
std::optional<qwirkle::action> illegal_action(const qwirkle::game& g, rng& r) {
    const auto& h = g.hand(g.current_player());
    if (h.empty()) return std::nullopt;
    std::vector<tile> tiles;
    h.for_each([&](tile t) { tiles.push_back(t); });
    const tile t = tiles[r.below(static_cast<std::uint32_t>(tiles.size()))];
    switch (r.below(4)) {
        case 0:
            if (!g.board().empty()) {
                cell c{};
                g.board().for_each_tile([&](cell at, tile) { c = at; });
                return qwirkle::action::place(qwirkle::move{{c, t}});  // occupied
            }
            return qwirkle::action::place(qwirkle::move{{cell{3, 3}, t}});
        case 1: return qwirkle::action::place(qwirkle::move{{cell{85, -85}, t}});  // touches nothing
        case 2: {
            // The same tile twice on two neighbouring cells: never a valid line.
            return qwirkle::action::place(qwirkle::move{{cell{0, 0}, t}, {cell{1, 0}, t}});
        }
        default: {
            tile_multiset give;
            for (int i = 0; i < 36; ++i)
                if (!h.contains(*tile::from_index(i))) {
                    give.add(*tile::from_index(i));
                    break;
                }
            return qwirkle::action::exchange(give);
        }
    }
}

/// Checks every invariant after an action; `before` is the state before it, `a` the action applied.
void check_invariants(const qwirkle::game& g, const snapshot<qwirkle::game>& before, const qwirkle::action& a,
                      int expected_score, bool was_last) {
    // 108 tiles: bag + hands + board = 3 of each kind.
    tile_multiset all = g.bag_contents();
    for (int p = 0; p < g.players(); ++p) {
        all += g.hand(p);
        REQUIRE(g.hand(p).size() <= g.hand_size());
    }
    all += tiles_on(g.board());
    REQUIRE(all == tile_multiset::full(3));
    REQUIRE(g.bag_size() == g.bag_contents().size());
    REQUIRE(g.board().connected());

    // The turn as recorded, and the score deltas.
    REQUIRE(g.history().size() == before.history.size() + 1);
    const auto& turn = g.history().back();
    CHECK(turn.player == before.current);
    CHECK(turn.action == a);
    const int mover = before.current;
    for (int p = 0; p < g.players(); ++p) {
        const int delta = g.score(p) - before.scores[static_cast<std::size_t>(p)];
        CHECK(delta == (p == mover ? expected_score : 0));
    }
    CHECK(turn.score + turn.bonus == expected_score);
    CHECK(turn.bonus == (was_last ? 6 : 0));

    // Hands: a placement refills to the hand size while the bag has tiles; an exchange keeps the size.
    const auto& h = g.hand(mover);
    const auto& old = before.hands[static_cast<std::size_t>(mover)];
    if (a.kind == action_kind::place) {
        const int kept = old.size() - a.move.size();
        CHECK(h.size() == std::min(g.hand_size(), kept + before.bag_size));
        CHECK(g.bag_size() == before.bag_size - (h.size() - kept));
        CHECK(g.board().size() == static_cast<int>(split_tokens(before.board).size()) + a.move.size());
        for (const auto& p : a.move) CHECK(g.board().at(p.at) == p.tile);
    } else if (a.kind == action_kind::exchange) {
        CHECK(h.size() == old.size());
        CHECK(g.bag_size() == before.bag_size);
        CHECK(to_string(g.board()) == before.board);
    } else {
        CHECK(h == old);
        CHECK(g.bag_size() == before.bag_size);
        CHECK(to_string(g.board()) == before.board);
    }
    // Other hands never change on someone else's turn.
    for (int p = 0; p < g.players(); ++p)
        if (p != mover) CHECK(g.hand(p) == before.hands[static_cast<std::size_t>(p)]);
    // Turn order: clockwise (seat order) while the game runs.
    if (!g.is_terminal()) CHECK(g.current_player() == (mover + 1) % g.players());
    CHECK(g.opening_size() == 0);

    // Observations: own hand, public state, unseen = all − board − own hand; nothing about other hands but sizes.
    for (int p = 0; p < g.players(); ++p) {
        const auto o = *g.observe(p);
        CHECK(o.player == p);
        CHECK(o.hand == g.hand(p));
        CHECK(o.board == g.board());
        CHECK(o.current_player == g.current_player());
        CHECK(o.terminal == g.is_terminal());
        CHECK(o.bag_size == g.bag_size());
        CHECK(o.turn == static_cast<int>(g.history().size()));
        CHECK(o.scores == g.scores());
        REQUIRE(o.hand_sizes.size() == g.players());
        tile_multiset unseen = tile_multiset::full(3);
        unseen -= tiles_on(g.board());
        unseen -= g.hand(p);
        CHECK(o.unseen == unseen);
        // The unseen tiles are exactly the bag and the other hands together (which the observation can't split).
        tile_multiset hidden = g.bag_contents();
        for (int q = 0; q < g.players(); ++q) {
            CHECK(o.hand_sizes[q] == g.hand(q).size());
            if (q != p) hidden += g.hand(q);
        }
        CHECK(o.unseen == hidden);
    }
}

/// Plays one game to the end with the given seat policies, checking everything after every action.
void play_checked(const game_config& config, const std::vector<policy>& seats, rng& r, tally& t) {
    qwirkle::game g(config);
    // The opening.
    CHECK(g.opening_size() >= 1);
    CHECK(g.opening_size() <= g.hand_size());
    int guard = 0;
    while (!g.is_terminal()) {
        REQUIRE(++guard < 2000);
        const int me = g.current_player();
        const auto& hand = g.hand(me);

        // Now and then an illegal action: refused, and nothing changes.
        if (r.below(8) == 0) {
            if (const auto bad = illegal_action(g, r)) {
                const snapshot<qwirkle::game> s(g);
                const auto e = g.apply(*bad);
                CHECK_FALSE(e.ok());
                CHECK(snapshot<qwirkle::game>(g) == s);
                ++t.refused;
            }
        }

        // Consistency of the generator with the game's own queries.
        const auto moves = g.legal_moves();
        CHECK(g.can_place() == !moves.empty());
        CHECK(g.can_exchange() == (g.opening_size() == 0 && g.bag_size() > 0));

        qwirkle::action a;
        switch (seats[static_cast<std::size_t>(me)]) {
            case policy::random: a = random_action(g, r); break;
            case policy::greedy: a = greedy_action(g); break;
            case policy::exchanger:
                a = (g.can_exchange() && r.below(3) == 0) ? greedy_action(g) : random_action(g, r);
                if (g.can_exchange() && r.below(4) == 0) {
                    tile_multiset give;
                    hand.for_each([&](tile x) {
                        if (give.size() < g.bag_size() && r.below(2)) give.add(x);
                    });
                    if (!give.empty()) a = qwirkle::action::exchange(give);
                }
                break;
        }

        // The action is legal by the rules before it is applied.
        int expected = 0;
        bool last = false;
        if (a.kind == action_kind::place) {
            placement_context ctx;
            ctx.opening_size = g.opening_size();
            const auto e = check_placement(g.board(), hand, a.move, ctx);
            REQUIRE_MESSAGE(e.ok(), e.describe());
            if (g.opening_size() > 0) CHECK(a.move.size() == g.opening_size());
            expected = score_placement(g.board(), a.move);
            // The generator's score for this move agrees.
            bool listed = false;
            for (const auto& m : moves)
                if (m.move.same_as(a.move)) {
                    listed = true;
                    CHECK(m.score == expected);
                }
            CHECK(listed);
            last = g.bag_size() == 0 && hand.size() == a.move.size();
            if (last) expected += 6;
            ++t.places;
        } else if (a.kind == action_kind::exchange) {
            CHECK(g.opening_size() == 0);
            CHECK(a.tiles.size() <= g.bag_size());
            CHECK(hand.includes(a.tiles));
            ++t.exchanges;
        } else {
            CHECK(g.bag_size() == 0);
            CHECK(moves.empty());
            ++t.passes;
        }

        const snapshot<qwirkle::game> before(g);
        const auto e = g.apply(a);
        REQUIRE_MESSAGE(e.ok(), e.describe());
        ++t.actions;
        check_invariants(g, before, a, expected, last);
        if (last) {
            CHECK(g.is_terminal());
            CHECK(g.end_reason() == game_end::last_tile);
        }
    }

    // The end.
    const auto& h = g.history();
    if (g.end_reason() == game_end::last_tile) {
        ++t.last_tile_ends;
        CHECK(h.back().bonus == 6);
        CHECK(g.hand(h.back().player).empty());
    } else {
        ++t.stalemates;
        REQUIRE(h.size() >= static_cast<std::size_t>(g.players()));
        for (std::size_t k = h.size() - static_cast<std::size_t>(g.players()); k < h.size(); ++k)
            CHECK(h[k].action.kind == action_kind::pass);
    }
    std::vector<int> sums(static_cast<std::size_t>(g.players()), 0);
    for (const auto& turn : h) sums[static_cast<std::size_t>(turn.player)] += turn.score + turn.bonus;
    CHECK(std::vector<int>(g.scores().begin(), g.scores().end()) == sums);
    const int top = *std::max_element(g.scores().begin(), g.scores().end());
    std::vector<int> winners;
    for (int p = 0; p < g.players(); ++p)
        if (g.score(p) == top) winners.push_back(p);
    CHECK(g.winners() == winners);
    t.ties += winners.size() > 1;
}

}  // namespace

TEST_CASE("random games: 1,200 seeded games of 2-6 players with every invariant checked after every action") {
    tally t;
    int games = 0;
    const int wanted = qwirkle_test::scaled(1200);  // (the sanitizer build runs fewer)
    for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(wanted); ++seed) {
        rng r(seed * 0x9e3779b97f4a7c15ull);
        const int players = 2 + static_cast<int>(seed % 5);
        std::vector<policy> seats;
        for (int p = 0; p < players; ++p) seats.push_back(static_cast<policy>(r.below(3)));
        std::vector<int> ages;
        if (seed % 4 == 0)
            for (int p = 0; p < players; ++p) ages.push_back(static_cast<int>(r.below(60)));
        CAPTURE(seed);
        CAPTURE(players);
        play_checked(config_of(players, seed, 0, ages), seats, r, t);
        ++games;
    }
    MESSAGE(games, " games, ", t.actions, " actions (", t.places, " placements, ", t.exchanges, " exchanges, ", t.passes,
            " passes), ", t.refused, " illegal actions refused; ", t.last_tile_ends, " ended by the last tile, ",
            t.stalemates, " by stalemate, ", t.ties, " shared wins");
    CHECK(games == wanted);  // (the thresholds below: those of the full 1,200 games, in proportion)
    CHECK(t.exchanges > wanted / 12);
    CHECK(t.refused > wanted * 5 / 6);
    CHECK(t.last_tile_ends > wanted * 3 / 4);
}

TEST_CASE("random games: big hands (the bag empty from the start) reach passes and stalemates, invariants hold") {
    tally t;
    for (std::uint64_t seed = 1; seed <= 60; ++seed) {
        rng r(seed);
        const int players = 2 + static_cast<int>(seed % 2);
        const int hand = players == 2 ? 54 : 36;
        std::vector<policy> seats(static_cast<std::size_t>(players), seed % 3 ? policy::greedy : policy::random);
        CAPTURE(seed);
        play_checked(config_of(players, seed, hand), seats, r, t);
    }
    MESSAGE(t.actions, " actions, ", t.passes, " passes, ", t.stalemates, " stalemates");
    CHECK(t.passes > 10);
    CHECK(t.stalemates > 0);
}

TEST_CASE("random games: every game replays from its record to the same state") {
    for (std::uint64_t seed = 500; seed < 560; ++seed) {
        rng r(seed);
        qwirkle::game g(config_of(2 + static_cast<int>(seed % 5), seed));
        while (!g.is_terminal()) REQUIRE(g.apply(seed % 2 ? random_action(g, r) : greedy_action(g)).ok());
        const auto rec = parse_record(to_record(g));
        REQUIRE(rec.ok());
        const auto again = qwirkle::game::replay(rec->config, rec->actions);
        REQUIRE(again.game.has_value());
        CHECK(snapshot<qwirkle::game>(*again.game) == snapshot<qwirkle::game>(g));
    }
}
