// Regression tests for header bugs these tests found (fixed in 0d590e3 "Notation: 64-bit seeds round-trip
// through records, out-of-range settings refused instead of truncated, cell coordinates limited ...").
#include "support.hpp"

#include <limits>
#include <stdexcept>

using namespace qwirkle_test;

TEST_CASE("regression: records keep 64-bit seeds (2^63 and more round-trip through to_record / parse_record)") {
    // game_config::seed is 64-bit unsigned (rng::fork() gives full 64-bit seeds) and to_record prints it in
    // full; parse_record used to read every number into a long long and refuse "seed 9223372036854775808".
    for (const std::uint64_t seed : {std::uint64_t{1} << 63, std::numeric_limits<std::uint64_t>::max(), rng(5).fork()}) {
        CAPTURE(seed);
        qwirkle::game g(config_of(2, seed));
        REQUIRE(g.apply(greedy_action(g)).ok());
        const auto rec = parse_record(to_record(g));
        REQUIRE_MESSAGE(rec.ok(), rec.error().describe());
        CHECK(rec->config.seed == seed);
        CHECK(rec->actions == g.actions());
    }
}

TEST_CASE("regression: parse_record refuses out-of-range settings ('players 4294967298' once read as 2)") {
    // Values used to be parsed as long long, then static_cast<int>: 4294967298 = 2^32 + 2 became 2 players.
    const auto rec = parse_record("qwirkle-game 1\nplayers 4294967298\nseed 1\n");
    CHECK_FALSE(rec.ok());
    const auto hand = parse_record("qwirkle-game 1\nplayers 2\nhand 4294967302\n");  // would read as 6
    CHECK_FALSE(hand.ok());
}

TEST_CASE("regression: parse_position on extreme coordinates (once a signed overflow: far tiles wrapped onto neighbours)") {
    // notation.hpp parse_position: `hi.x - lo.x` overflows for tiles at INT_MIN and INT_MAX, and the
    // translation `-(l + (h - l) / 2)` negates INT_MIN for a tile at x = INT_MIN. Seen with
    // -fsanitize=undefined: "signed integer overflow: 0 - -2147483648 cannot be represented in type 'int'"
    // (the shift) and "2147483647 - -2147483648 cannot be represented" (the span). Expected: the first
    // position is translated like any other (4 moves), the second refused (too wide / disconnected).
    // Without a sanitizer the second one is wrongly accepted: the span wraps to -1 (so "not too wide"), the
    // shift wraps to INT_MIN, and the two far-apart tiles land on the neighbouring cells -1,0 and 0,0, so the
    // disconnected board passes as the connected row R2 R1.
    // (Since the fix, coordinates beyond +-10^9 are refused; a position inside that range is translated.
    // Since issue 17, a position's tiles lie within +-position_limit = 10^9 - 6, so that every cell a move
    // uses, and its neighbours, stay within +-10^9: a tile at -10^9 is refused by name.)
    const auto one = parse_position("-2147483648,0,R1 | R2");
    if (one.ok()) {
        CHECK(count_moves(one->board, one->hand) == move_stats{4, 8, 2});
    } else {
        CHECK_FALSE(one.error().message.empty());
    }
    const auto far = parse_position("-999999994,5,R1 | R2");
    REQUIRE(far.ok());
    CHECK(count_moves(far->board, far->hand) == move_stats{4, 8, 2});
    CHECK_FALSE(parse_position("-2147483648,0,R1 2147483647,0,R2 | R3").ok());
    const auto edge = parse_position("-1000000000,5,R1 | R2");
    REQUIRE_FALSE(edge.ok());
    CHECK(edge.error().message.find("within +-999999994") != std::string::npos);
}

TEST_CASE("regression: a small board that cannot hold the opening group is refused at the start (fuzz_tile_game)") {
    // The opening runs from 0,0 to the right or down, so a board of radius 4 holds at most 5 of its
    // tiles; a hand of 6 may hold a group of 6 that the first player must place, with nothing else
    // allowed: the game could never start. fuzz_tile_game found such a game (the random bot's pass
    // refused at the opening); such configurations are now refused by validate().
    using small = qwirkle::basic_game<qwirkle::standard_rules, 4>;
    const auto six = small::validate(config_of(2, 1));
    CHECK(six == "an opening of up to 6 tiles does not fit a board of radius 4 (hand size at most 5)");
    CHECK_THROWS_AS(small(config_of(2, 1)), std::invalid_argument);
    CHECK(small::validate(config_of(2, 1, 5)).empty());
    CHECK(qwirkle::basic_game<qwirkle::standard_rules, 5>::validate(config_of(2, 1)).empty());
    CHECK(qwirkle::game::validate(config_of(2, 1, 12)).empty());
    // With hands of 5 every deal can open: from every seed the first player has a legal placement.
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
        small g(config_of(2 + static_cast<int>(seed % 3), seed, 5));
        CAPTURE(seed);
        CHECK_FALSE(g.legal_actions().empty());
    }
}

TEST_CASE("regression: an exchange that draws a special tile from a bag with nothing else keeps the hand full (fuzz_tile_game)") {
    // The exchange drew its new tiles before the old ones went back. When the draw revealed a special
    // tile and the bag then held nothing else, the replacement was never drawn: the player kept an
    // empty hand while the bag held a tile, and then had no legal action at all (no tile to place or
    // give back, and a pass only with an empty bag) in a game still running. Now the tiles given back
    // go into the bag before the rest of the draw, as a player at the table would do.
    using tiny = qwirkle::basic_game<tiny_rules>;
    const auto rec = qwirkle::parse_record<tiny_rules>(
        "qwirkle-game 1\nplayers 2\nseed 15665714669710540799\nhand 1\nspecials 2\n"
        "0,0,R2\nexchange R2\n-1,0,O2\nexchange R1\n0,-1,O2\n-1,1,O1\n1,-1,R2\n1,-2,R1\n2,-2,R2\n"
        "-2,1,O2\n-2,2,O1\n2,-3,R1\nexchange R1\n");
    REQUIRE_MESSAGE(rec.ok(), rec.error().describe());
    auto replayed = tiny::replay(rec->config, rec->actions);
    REQUIRE(replayed.game);
    tiny& g = *replayed.game;
    const auto& s = g.state();
    // Before the last exchange: the bag holds only the special tile; player 0 gives back R1.
    auto before = tiny::replay(rec->config, std::span(rec->actions).first(rec->actions.size() - 1));
    REQUIRE(before.game);
    CHECK(before.game->state().bag_size() == 1);
    CHECK(before.game->state().bag_contents().empty());
    CHECK(before.game->state().specials_revealed() == 0);
    // The exchange revealed the special tile and gave player 0 a tile: the one given back, the only
    // tile left. Every player holds one tile and the bag is empty.
    CHECK(s.specials_revealed() == 2);
    CHECK(s.bag_size() == 0);
    for (int p = 0; p < 2; ++p) CHECK(s.hand(p).size() == 1);
    CHECK(to_string(s.hand(0)) == "R1");
    // And the game goes on: someone to act has a legal action, until the end.
    int steps = 0;
    while (!g.is_terminal() && steps++ < 20) {
        const auto actions = g.legal_actions();
        REQUIRE_FALSE(actions.empty());
        REQUIRE(g.apply(actions.front()).ok());
    }
    CHECK(g.is_terminal());
    CHECK(g.legal_actions().empty());
}

namespace {
/// Random games of `Rules` with special tiles in the bag and hands of 1 to 3: after every action,
/// the game is over exactly when no action is legal, an exchange leaves the hand as large as it
/// was, and every tile is somewhere (board, hands, bag). Returns the exchanges that revealed a
/// special tile. With `actions_at_start`, the players hold action tiles from the start instead.
template <class Rules>
int special_exchange_games(std::uint64_t first_seed, int games, bool actions_at_start = false) {
    using G = qwirkle::basic_game<Rules>;
    using T = qwirkle::tile_t<Rules>;
    int revealing_exchanges = 0;
    for (std::uint64_t seed = first_seed; seed < first_seed + static_cast<std::uint64_t>(games); ++seed) {
        qwirkle::game_config c = config_of(2, seed, 1 + static_cast<int>(seed % 3));
        if (actions_at_start) {  // the action tiles held from the start instead (variant 2)
            c.special_tiles = 0;
            c.starting_actions = 1 + static_cast<unsigned>(seed % 3);
        } else {
            c.special_tiles = 1 + static_cast<unsigned>(seed % 3);
        }
        rng r(seed);
        G g(c);
        int guard = 0;
        while (!g.is_terminal()) {
            REQUIRE(++guard < 100000);  // (exchanging forever is legal; a random walk places sooner or later)
            const auto actions = g.legal_actions();
            REQUIRE_FALSE(actions.empty());
            // Now and then an exchange on purpose (that is where the bag runs dry), else any action.
            std::vector<qwirkle::basic_action<Rules>> exchanges;
            for (const auto& a : actions)
                if (a.kind == action_kind::exchange) exchanges.push_back(a);
            const auto& pool = !exchanges.empty() && r.below(4) == 0 ? exchanges : actions;
            const auto a = pool[r.below(static_cast<std::uint32_t>(pool.size()))];
            const int me = g.current_player();
            const int held = g.hand(me).size();
            const unsigned revealed = g.specials_revealed();
            CAPTURE(seed);
            REQUIRE(g.apply(a).ok());
            if (a.kind == action_kind::exchange) {
                CHECK(g.hand(me).size() == held);
                revealing_exchanges += g.specials_revealed() != revealed;
            }
            CHECK(g.is_terminal() == g.legal_actions().empty());
            auto all = tiles_on(g.board());
            all += g.bag_contents();
            for (int p = 0; p < g.players(); ++p) all += g.hand(p);
            CHECK(all == qwirkle::basic_tile_multiset<T>::full(Rules::copies));
        }
    }
    return revealing_exchanges;
}
}  // namespace

TEST_CASE("regression: random games with special tiles and small hands: over exactly when no action is legal") {
    // The property the exchange above broke, on 2,000 games of the tiny rule set (12 tiles: the bag
    // runs dry within a few turns, often with a special tile last) and 300 of the mini-expansion set.
    CHECK(special_exchange_games<tiny_rules>(1, 2000) > 50);
    CHECK(special_exchange_games<qwirkle::mini_expansion_rules>(1, 300) > 50);
    // And with the action tiles held from the start: no special tile to reveal, take-a-tile at once.
    CHECK(special_exchange_games<tiny_rules>(1, 1000, true) == 0);
    CHECK(special_exchange_games<qwirkle::mini_expansion_rules>(1, 200, true) == 0);
}

TEST_CASE("regression: a board on which nothing fits and nothing may be taken ends the game, take-a-tile held or not") {
    // In the tiny rule set a line of 2 is complete (a Qwirkle). The square R2 O2 / O2 O1 closes every
    // line: no tile fits next to it, and no tile of it may be taken. The stalemate deduction (docs/rules.md
    // section 2.7) used to stand back whenever a take-a-tile action was still to be used, so the
    // players exchanged forever (found by the random games above: seed 13).
    using tiny = qwirkle::basic_game<tiny_rules>;
    const auto rec = qwirkle::parse_record<tiny_rules>(
        "qwirkle-game 1\nplayers 2\nseed 13\nhand 2\nspecials 2\n0,0,R2 1,0,O2\nexchange R2 O1\nexchange R2\n0,1,O2 1,1,O1\n");
    REQUIRE_MESSAGE(rec.ok(), rec.error().describe());
    auto open = tiny::replay(rec->config, std::span(rec->actions).first(3));
    REQUIRE(open.game);
    CHECK_FALSE(open.game->is_terminal());
    const auto closed = tiny::replay(rec->config, rec->actions);
    REQUIRE(closed.game);
    const tiny& g = *closed.game;
    CHECK(g.bag_size() > 0);
    std::vector<qwirkle::cell> targets;
    qwirkle::take_targets(g.board(), std::back_inserter(targets));
    CHECK(targets.empty());
    CHECK(g.is_terminal());
    CHECK(g.end_reason() == game_end::stalemate);
    CHECK(g.legal_actions().empty());
}

TEST_CASE("regression: score_placement and qwirkles_made return on moves that are not legal (a move off one line looped for ever)") {
    // Their precondition is a legal move, and the answer for another is meaningless; but the walk
    // along the move's own line ran "until the last cell", which a move off one row or column never
    // meets: score_placement of {0,0 R1; 1,5 R2} on the empty board never returned (found through the
    // Python package's action_features, round 41). It now reads at most span_limit + 1 cells.
    const auto t = [](int colour, int shape) { return *qwirkle::tile::make(colour, shape); };
    const auto move_of = [](std::initializer_list<qwirkle::move::placement> ps) { return *qwirkle::move::make(ps); };
    qwirkle::board empty;
    for (const auto& m : {move_of({{{0, 0}, t(0, 0)}, {{1, 5}, t(0, 1)}}),               // off one row and column
                          move_of({{{0, 5}, t(0, 0)}, {{0, 0}, t(0, 1)}, {{1, 9}, t(0, 2)}}),
                          move_of({{{-1'000'000'000, 0}, t(0, 0)}, {{1'000'000'000, 0}, t(0, 1)}}),  // a gap of 2e9 cells
                          move_of({{{2'147'483'646, 7}, t(0, 0)}, {{2'147'483'647, -7}, t(0, 1)}}),
                          move_of({{{-2'147'483'647 - 1, 0}, t(0, 0)}, {{2'147'483'647, 0}, t(0, 1)}})}) {
        CAPTURE(qwirkle::to_string(m));
        qwirkle::tile_multiset hand;
        for (const auto& p : m) hand.add(p.tile);
        const auto verdict = check_placement(empty, hand, m);
        CHECK((verdict.rule == qwirkle::placement_rule::not_in_one_line || verdict.rule == qwirkle::placement_rule::off_board ||
               verdict.rule == qwirkle::placement_rule::gap_in_line));
        (void)qwirkle::score_placement(empty, m);  // (meaningless, but it returns)
        (void)qwirkle::qwirkles_made(empty, m);
    }
    // The same in a constant expression, so that every build fails on a walk that never ends or
    // overflows (the compiler diagnoses both there; at run time an optimised build of the old loop
    // could return a number instead of hanging).
    static_assert([] {
        qwirkle::board e;
        const auto off_line = *qwirkle::move::make({{{0, 0}, *qwirkle::tile::make(0, 0)}, {{1, 5}, *qwirkle::tile::make(0, 1)}});
        const auto reversed = *qwirkle::move::make({{{0, 5}, *qwirkle::tile::make(0, 0)}, {{1, 0}, *qwirkle::tile::make(0, 1)}});
        return qwirkle::score_placement(e, off_line) >= 0 && qwirkle::qwirkles_made(e, reversed) >= 0;
    }());
    // Legal moves score as before, whatever their direction: a row and a column of three on a tile.
    qwirkle::board b;
    REQUIRE(b.place({0, 0}, t(0, 0)));
    CHECK(qwirkle::score_placement(b, move_of({{{1, 0}, t(0, 1)}, {{2, 0}, t(0, 2)}})) == 3);
    CHECK(qwirkle::score_placement(b, move_of({{{0, -2}, t(0, 2)}, {{0, -1}, t(0, 1)}})) == 3);
    const auto qwirkle_column = move_of({{{0, 1}, t(1, 0)}, {{0, 2}, t(2, 0)}, {{0, 3}, t(3, 0)}, {{0, 4}, t(4, 0)}, {{0, 5}, t(5, 0)}});
    CHECK(qwirkle::score_placement(b, qwirkle_column) == 12);
    CHECK(qwirkle::qwirkles_made(b, qwirkle_column) == 1);
}
