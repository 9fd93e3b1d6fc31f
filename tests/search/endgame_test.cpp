// The exact endgame solver (issue 11) against a plain minimax over the game state's own rules
// (legal_actions, apply, undo, scores): hand-checked positions, and every position of thousands of
// real games once the bag is empty and both hands hold 1 to 3 tiles.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/notation/perft.hpp>
#include <qwirkle/qwirkle.hpp>
#include <qwirkle/search/endgame.hpp>

#include "../scale.hpp"

using namespace qwirkle;

namespace {

/// The margin of the player to act from now on under optimal play, by plain minimax on the state:
/// no pruning, no table, the rules exactly as basic_state applies them. With `depth` >= 0, only
/// that many actions ahead (passes included), a position there being worth 0 (the margin so far).
int minimax(state& s, long& nodes, int depth = -1) {
    ++nodes;
    if (s.is_terminal() || depth == 0) return 0;
    const int p = s.current_player();
    const int before = s.score(p) - s.score(1 - p);
    int best = -1'000'000;
    for (const auto& a : s.legal_actions()) {
        state::undo_record u;
        if (!s.apply(a, u).ok()) throw std::logic_error("a legal action was refused");
        const int gained = s.score(p) - s.score(1 - p) - before;
        const int below = s.is_terminal() ? 0 : minimax(s, nodes, depth - 1);
        const int v = s.current_player() == p ? gained + below : gained - below;
        s.undo(u);
        best = std::max(best, v);
    }
    return best;
}

/// The margin the mover gets by playing `a` and then optimally (within `depth` actions, `a`
/// included, when `depth` > 0).
int value_of(state s, const state::action_type& a, int depth = -1) {
    long nodes = 0;
    const int p = s.current_player();
    const int before = s.score(p) - s.score(1 - p);
    REQUIRE(s.apply(a).ok());
    const int gained = s.score(p) - s.score(1 - p) - before;
    return s.is_terminal() ? gained : gained - minimax(s, nodes, depth > 0 ? depth - 1 : -1);
}

/// Plays 2-player games (greedy and random seats mixed, so that positions vary) and calls f on
/// every state once the bag is empty.
template <class F>
void for_each_endgame(int games, std::uint64_t first_seed, F&& f) {
    greedy_bot greedy;
    random_bot random;
    for (int i = 0; i < games; ++i) {
        const std::uint64_t seed = first_seed + static_cast<std::uint64_t>(i);
        state s(2, seed);
        rng r(seed * 31 + 7);
        while (!s.is_terminal()) {
            if (s.bag_size() == 0) f(s);
            const int p = s.current_player();
            bot& b = (i % 4 == 3 && r.below(3) == 0) ? static_cast<bot&>(random) : static_cast<bot&>(greedy);
            REQUIRE(s.apply(b.choose(*s.observe(p), r)).ok());
        }
    }
}

}  // namespace

TEST_CASE("endgame: hand-checked positions") {
    const auto solve = [](std::string_view line) { return perft_endgame(line); };
    // R3 makes R1 R2 R3 (3 points) and goes out (+6); nothing for the opponent.
    CHECK(solve("0,0,R1 1,0,R2 | R3 | G1") == "margin=9 best=-1,0,R3");
    // Nothing fits anywhere for either player: pass, pass, the game ends.
    CHECK(solve("0,0,R1 | B2 | G2") == "margin=0 best=pass");
    // The mover cannot place (B2 fits nowhere) and passes; the opponent then plays G1 for 2 and goes out: -8.
    CHECK(solve("0,0,R1 | B2 | G1") == "margin=-8 best=pass");
    // Greedy R4 R5 (5 points) leaves R6 for the opponent's Qwirkle (12 + 6 out). The solver does better.
    const auto r = solve("0,0,R1 1,0,R2 2,0,R3 | R4 R5 B6 | G6 R6 Y1");
    CHECK(r.rfind("margin=", 0) == 0);
    CHECK(r.find("3,0,R4 4,0,R5") == std::string::npos);
    // Malformed and impossible lines.
    CHECK(solve("0,0,R1 | R1").rfind("error: column 12: expected '<board> | <hand to move> | <other hand>': no second '|'", 0) == 0);
    CHECK(solve("0,0,R1 | R1 | R1 R1") == "error: column 18, token \"R1\": more than 3 copies of R1");
    CHECK(solve("0,0,R1 | R1 | G2 | x") == "error: column 18, token \"|\": more than two '|'");
    CHECK(solve("0,0,R1 |  | G2").rfind("error: column 9: the hand to move holds 1 to 6 tiles, not 0", 0) == 0);
    CHECK(solve("0,0,R1 | G2 | ").rfind("error: column 14: the other hand holds 1 to 6 tiles, not 0", 0) == 0);
    CHECK(solve("0,0,R1 | G2 | Q7").rfind("error: column 15, token \"Q7\"", 0) == 0);
    CHECK(solve("# comment").empty());
    CHECK(perft_endgame("0,0,R1 1,0,R2 2,0,R3 | R4 R5 B6 | G6 R6 Y1 G5 B5 O5", 5) ==
          "error: not solved within the budget (5 nodes)");
}

/// Games for the minimax comparison: QWIRKLE_ENDGAME_GAMES, else 120 (about 330 positions, a few
/// seconds: the CI smoke) scaled by QWIRKLE_TEST_SCALE. The full proof ran 1,500 games, 4,189
/// positions (docs/notes/endgame.md).
static int minimax_games() {
    const char* e = std::getenv("QWIRKLE_ENDGAME_GAMES");
    return e ? std::max(1, std::atoi(e)) : qwirkle_test::scaled(120);
}

TEST_CASE("endgame: the solver equals plain minimax on small endgames of real games") {
    const int games = minimax_games();
    long positions = 0, nodes_minimax = 0;
    std::uint64_t nodes_solver = 0;
    endgame_solver solver(endgame_options{0, 0, 16});
    int with_pass = 0, nonzero = 0;
    for_each_endgame(games, 1000, [&](const state& s0) {
        const int p = s0.current_player();
        if (s0.hand(p).size() > 3 || s0.hand(1 - p).size() > 3) return;
        state s = s0;
        const int want = minimax(s, nodes_minimax);
        REQUIRE(s == s0);
        const auto r = solve_endgame(s0, solver);
        REQUIRE(r.solved);
        nodes_solver += r.nodes;
        CHECK(r.margin == want);
        // The move it names achieves the margin (a pass when it names none).
        const auto a = r.best ? state::action_type::place(*r.best) : state::action_type::pass();
        REQUIRE(s0.check(a).ok());
        CHECK(value_of(s0, a) == want);
        with_pass += !r.best;
        nonzero += want != 0;
        ++positions;
    });
    MESSAGE(positions << " positions, " << with_pass << " where the mover must pass, minimax nodes " << nodes_minimax
                      << ", solver nodes " << nodes_solver);
    CHECK(positions >= games * 2);
    if (games >= 1000) CHECK(with_pass > 0);
    CHECK(nonzero > positions / 2);
}

TEST_CASE("endgame: full-size endgames solved with and without the table agree, the best move keeps the margin") {
    // Best guesses too: deepening one ply at a time reaches the same margin and the same move.
    endgame_options deepening{0, 0, 20};
    deepening.best_guess = true;
    endgame_solver big(endgame_options{0, 0, 20}), tiny(endgame_options{0, 0, 4}), guess(deepening);
    int n = 0;
    for_each_endgame(40, 5000, [&](const state& s) {
        const int p = s.current_player();
        if (s.hand(p).size() + s.hand(1 - p).size() > 9 || n >= 60) return;
        const auto a = solve_endgame(s, big);
        const auto b = solve_endgame(s, tiny);
        const auto g = solve_endgame(s, guess);
        REQUIRE(a.solved);
        REQUIRE(b.solved);
        REQUIRE(g.solved);
        CHECK(a.margin == b.margin);
        CHECK(g.margin == a.margin);
        CHECK(g.best == a.best);
        CHECK(g.depth == 0);
        if (a.best) {
            // After the best move, the opponent's exact margin is the mover's remainder.
            state t = s;
            action_effect e;
            REQUIRE(t.apply(state::action_type::place(*a.best), e).ok());
            if (!t.is_terminal()) {
                const auto c = solve_endgame(t, big);
                REQUIRE(c.solved);
                CHECK(e.score + e.bonus - c.margin == a.margin);
            } else {
                CHECK(e.score + e.bonus == a.margin);
            }
        }
        ++n;
    });
    CHECK(n >= 20);
}

TEST_CASE("endgame: after the opponent's pass, a player who cannot place ends the game (two passes in a row)") {
    using namespace qwirkle::literals;
    board b;
    REQUIRE(b.place({0, 0}, "R1"_t));
    const tile_multiset stuck{"B2"_t}, other{"G1"_t};  // (B2 fits nowhere; G1 fits beside R1)
    endgame_solver solver;
    auto r = solver.solve(b, stuck, other, true);
    CHECK(r.solved);
    CHECK(r.margin == 0);
    CHECK_FALSE(r.best);
    // Without the pass before it, the pass hands the turn over: G1 goes out, 2 points and the 6 of
    // the last tile.
    r = solver.solve(b, stuck, other, false);
    CHECK(r.solved);
    CHECK(r.margin == -8);
    CHECK_FALSE(r.best);
    // After a pass, a player who can place must (a pass is legal only without a placement): G1
    // goes out, 2 points and the 6.
    r = solver.solve(b, other, stuck, true);
    CHECK(r.solved);
    CHECK(r.margin == 8);
    REQUIRE(r.best);
    CHECK(r.best->size() == 1);
}

TEST_CASE("endgame: budgets and refusals") {
    state s(2, 7);
    CHECK_FALSE(solve_endgame(s).solved);
    CHECK(solve_endgame(s).why == "the bag is not empty");
    state three(3, 7);
    CHECK(solve_endgame(three).why == "the endgame solver takes two players");
    bool checked = false;
    for_each_endgame(5, 77, [&](const state& e) {
        if (checked || e.hand(0).size() + e.hand(1).size() < 10) return;
        const auto r = solve_endgame(e, endgame_options{50, 0, 10});
        CHECK_FALSE(r.solved);
        CHECK_FALSE(r.best);
        CHECK(r.why.find("not solved within the budget") == 0);
        checked = true;
    });
    CHECK(checked);
}

TEST_CASE("endgame: best guesses equal a depth-limited minimax, and the exact answer once no line is cut") {
    // Small endgames of real games (hands of 1 to 3 tiles), searched 1, 2 and 3 plies deep: where
    // the game can outlast the depth the result is a guess whose margin is the depth-limited
    // minimax's (positions at the horizon worth 0) and whose move achieves it; where it cannot,
    // it is the exact answer.
    int guesses = 0, exact = 0;
    for (const int depth : {1, 2, 3}) {
        endgame_options o{0, 0, 12};
        o.best_guess = true;
        o.max_depth = depth;
        endgame_solver solver(o);
        for_each_endgame(30, 3000, [&](const state& s0) {
            const int p = s0.current_player();
            if (s0.hand(p).size() > 3 || s0.hand(1 - p).size() > 3) return;
            const auto r = solve_endgame(s0, solver);
            state s = s0;
            long nodes = 0;
            const auto a = r.best ? state::action_type::place(*r.best) : state::action_type::pass();
            REQUIRE(s0.check(a).ok());
            if (r.solved) {
                const int full = minimax(s, nodes);
                CHECK(r.depth == 0);
                CHECK(r.margin == full);
                CHECK(value_of(s0, a) == full);
                ++exact;
                return;
            }
            REQUIRE(r.best);
            CHECK(r.depth == depth);
            CHECK(r.why.find("best guess from " + std::to_string(depth) + " plies ahead") != std::string::npos);
            const int limited = minimax(s, nodes, depth);
            CHECK(r.margin == limited);
            CHECK(value_of(s0, a, depth) == limited);
            ++guesses;
        });
    }
    MESSAGE(guesses << " guesses, " << exact << " exact answers");
    CHECK(guesses >= 100);
    CHECK(exact >= 20);
}

TEST_CASE("endgame: out of budget, a best guess from the deepest depth finished, the same every time") {
    endgame_options o{3000, 0, 16};
    o.best_guess = true;
    endgame_solver reused(o);
    int checked = 0;
    for_each_endgame(10, 77, [&](const state& e) {
        if (checked >= 5 || e.hand(0).size() + e.hand(1).size() < 10) return;
        const auto r = solve_endgame(e, reused);
        if (r.solved) return;
        REQUIRE(r.best);
        CHECK(r.depth >= 1);
        CHECK(r.nodes <= 3000);
        CHECK(r.why.find("not solved within the budget (3000 nodes); best guess from ") == 0);
        CHECK(e.check(state::action_type::place(*r.best)).ok());
        const auto again = solve_endgame(e, o);  // a fresh solver
        CHECK(again.best == r.best);
        CHECK(again.margin == r.margin);
        CHECK(again.depth == r.depth);
        // Without best guesses the same budget gives no move.
        CHECK_FALSE(solve_endgame(e, endgame_options{3000, 0, 16}).best);
        ++checked;
    });
    CHECK(checked == 5);
}

TEST_CASE("endgame: perft_endgame.tsv agrees with minimax on its small positions") {
    // The suite's positions come from real games (board and hands hold all 108 tiles), so the
    // observation of the player to move determinises to exactly that position.
    std::ifstream in(std::string(QWIRKLE_TEST_DATA) + "/perft_endgame.tsv");
    REQUIRE(in);
    int rows = 0, by_minimax = 0;
    for (std::string row; std::getline(in, row);) {
        if (perft_skips(row)) continue;
        const auto tab = row.find('\t');
        REQUIRE(tab != std::string::npos);
        const std::string line = row.substr(0, tab), want = row.substr(tab + 1);
        CHECK(perft_endgame(line) == want);
        ++rows;
        const auto bar = line.rfind('|');
        const auto pos = parse_position(std::string_view(line).substr(0, bar));
        const auto other = parse_tiles(std::string_view(line).substr(bar + 1));
        REQUIRE(pos);
        REQUIRE(other);
        if (pos->hand.size() + other->size() > 6) continue;
        state::observation_type o;
        o.board = pos->board;
        o.hand = pos->hand;
        o.scores = seat_array<int, standard_rules::max_players>(2, 0);
        o.hand_sizes = seat_array<int, standard_rules::max_players>(2, 0);
        o.hand_sizes[0] = pos->hand.size();
        o.hand_sizes[1] = other->size();
        o.actions_held = seat_array<unsigned, standard_rules::max_players>(2, 0u);
        o.actions_used = o.actions_held;
        o.unseen = tile_multiset::full(standard_rules::copies);
        o.board.for_each_tile([&](cell, tile t) { o.unseen.remove(t); });
        o.unseen -= o.hand;
        rng r(1);
        auto s = state::determinize(o, r);
        REQUIRE(s);
        REQUIRE(s->hand(1) == *other);
        long nodes = 0;
        const int m = minimax(*s, nodes);
        CHECK(want.rfind("margin=" + std::to_string(m) + " ", 0) == 0);
        ++by_minimax;
    }
    CHECK(rows >= 20);
    CHECK(by_minimax >= 5);
}
