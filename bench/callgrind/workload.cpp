// Fixed workloads for instruction counts under callgrind (scripts/callgrind.sh): only the measured
// part of each runs with collection on, so the counts are exact and repeatable on a busy machine.
// Uses only the public API that version 0.1.0 already had (place_rewind: rewind where the board has
// it, else undo), so the same file measures both.
//
//   workload MODE DATA_DIR     MODE: one of `modes` below
//   workload --modes           lists them: name, unit, whether a figure per move means something
// Prints the number of units the counts are to be divided by (passes, positions, moves, games).
//
// Built with QWIRKLE_WORKLOAD_TIMED (scripts/bench-interleave.sh), the same workloads are timed
// instead: a shared library whose qwirkle_timed_workload() runs one and returns the nanoseconds its
// measured parts took, so that a driver can run two revisions' builds of it in one process,
// alternately, a few milliseconds apart (bench/callgrind/interleave.cpp).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include <qwirkle/qwirkle.hpp>

#include "../greedy_turn.hpp"

#if defined(QWIRKLE_WORKLOAD_TIMED)
#include <chrono>
namespace {
std::chrono::steady_clock::time_point timer_started;
std::uint64_t timer_ns = 0, timer_pairs = 0;
bool timer_on = false;
void toggle_timer() {
    const auto now = std::chrono::steady_clock::now();
    if (timer_on) {
        timer_ns += static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(now - timer_started).count());
        ++timer_pairs;
    }
    timer_started = now;
    timer_on = !timer_on;
}
}  // namespace
#define QWIRKLE_TOGGLE_MEASURE toggle_timer()
#else
#include <valgrind/callgrind.h>
#define QWIRKLE_TOGGLE_MEASURE CALLGRIND_TOGGLE_COLLECT
#endif

namespace {

std::vector<qwirkle::basic_position<>> load(const std::string& dir) {
    std::vector<qwirkle::basic_position<>> v;
    std::ifstream in(dir + "/perft_tiles.tsv");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        auto p = qwirkle::parse_position(line.substr(0, line.find('\t')));
        if (p) v.push_back(std::move(p.value()));
    }
    return v;
}

/// The workloads, in the order the scripts run them when given none: the name, the unit their
/// counts and times are divided by, and whether a figure per generated move means something (the
/// place modes report the move's size instead). The one list: scripts/callgrind.sh and
/// scripts/branches.sh read it with `workload --modes` (scripts/workload-build.sh),
/// bench/callgrind/interleave.cpp with qwirkle_workload_mode().
struct mode_info {
    const char* name;
    const char* unit;
    bool per_move;
};
constexpr mode_info modes[] = {
    {"suite", "pass", true},
    {"suite_passes", "pass", true},
    {"list", "pass", true},
    {"in_game", "position", true},
    {"best", "position", false},
    {"in_game_again", "position", true},
    {"best_again", "position", false},
    {"in_game_warm", "position", true},
    {"best_warm", "position", false},
    {"in_game_other", "position", true},
    {"best_other", "position", false},
    {"place_undo", "place+undo", false},
    {"place_rewind", "place+rewind", false},
    {"copy", "copy", false},
    {"copy_new", "copy", false},
    {"copy_hot", "copy", false},
    {"greedy", "game", false},
};

volatile std::uint64_t sink;

template <class Game>
bool over(const Game& g) {  // (0.1.0 named it is_over)
    if constexpr (requires { g.is_terminal(); }) return g.is_terminal();
    else return g.is_over();
}

/// Places a move and takes it back: with rewind where the board has it, else with undo.
template <class Board, class Move>
void place_and_rewind(Board& b, const Move& m) {
    if constexpr (requires { b.rewind(b.current_mark()); }) {
        const auto mark = b.current_mark();
        b.place(m);
        b.rewind(mark);
    } else {
        b.place(m);
        b.undo(m);
    }
}

// Each workload is a function of its own, kept out of line, so that its code is not laid out
// among the others' (before, one function held them all: place_rewind's count went from 1,308
// to 1,385 instructions as rounds 37 and 38 added workloads beside it, the library unchanged).
// The compiler's inlining limits are still per file, so a change to any of it may move what the
// library's code compiles to (round 39's split took count_pair out of line until the library
// forced it in: docs/notes/lead-round39.md).
using positions = std::vector<qwirkle::basic_position<>>;
struct tally {
    std::uint64_t units = 0, moves = 0;
};

/// One pass over the 40 positions of the suite, or 20 (suite_passes: movegen_count's kind, the
/// branch predictor knowing the positions).
[[gnu::noinline]] tally suite_workload(const positions& ps, int passes) {
    tally t;
    for (const auto& p : ps) sink = qwirkle::count_moves(p.board, p.hand).moves;  // warm-up, not counted
    QWIRKLE_TOGGLE_MEASURE;
    for (int pass = 0; pass < passes; ++pass) {
        for (const auto& p : ps) {
            const auto s = qwirkle::count_moves(p.board, p.hand);
            t.moves += s.moves;
            sink = s.total;
        }
    }
    QWIRKLE_TOGGLE_MEASURE;
    t.units = static_cast<std::uint64_t>(passes);
    return t;
}

/// The same pass with every move written out (legal_moves into a span).
[[gnu::noinline]] tally list_workload(const positions& ps) {
    tally t;
    std::vector<qwirkle::scored_move> out(4096);
    for (const auto& p : ps) sink = qwirkle::legal_moves(p.board, p.hand, std::span(out));  // warm-up, not counted
    QWIRKLE_TOGGLE_MEASURE;
    for (const auto& p : ps) t.moves += qwirkle::legal_moves(p.board, p.hand, std::span(out));
    QWIRKLE_TOGGLE_MEASURE;
    t.units = 1;
    return t;
}

/// What runs just before the measured call on a position of a game.
enum class before { nothing, same, other_position, other_hand };

/// Every position of 20 greedy games, each once: move generation (count_moves), or best_move
/// (Best). `same` (`_again`): each measured right after the same call on the same position, not
/// measured, so that the branch predictor knows the position (what the fresh position's time has
/// beyond that is what its branches cost the first time). `other_position` (`_warm`): right after
/// the same call on another position (the suite's first), so that the code is warm but the
/// position is not. `other_hand` (`_other`): right after the same call on the same board with the
/// other player's hand, so that the board is known but the hand is not.
template <bool Best>
[[gnu::noinline]] tally in_game_workload(const positions& ps, before ahead) {
    tally t;
    // The call measured: the moves it counts (best_move: none counted).
    const auto generate = [](const qwirkle::board& b, const qwirkle::tile_multiset& hand,
                             const qwirkle::movegen_options& opt) -> std::uint64_t {
        if constexpr (Best) {
            sink = qwirkle::best_move(b, hand, opt).has_value();
            return 0;
        } else {
            return qwirkle::count_moves(b, hand, opt).moves;
        }
    };
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        qwirkle::game g(2, seed);
        while (!over(g)) {
            const auto& hand = g.hand(g.current_player());
            if (ahead == before::same) sink = generate(g.board(), hand, g.move_options());
            if (ahead == before::other_position) sink = generate(ps[0].board, ps[0].hand, {});
            if (ahead == before::other_hand) sink = generate(g.board(), g.hand(1 - g.current_player()), g.move_options());
            QWIRKLE_TOGGLE_MEASURE;
            t.moves += generate(g.board(), hand, g.move_options());
            QWIRKLE_TOGGLE_MEASURE;
            ++t.units;
            if (auto m = qwirkle::best_move(g.board(), hand, g.move_options())) g.place(m->move);
            else if (g.can_exchange()) g.exchange({*hand.distinct().begin()});
            else g.pass();
        }
    }
    return t;
}

/// The bench's place_undo: the best move of suite position 1 placed and undone, 1,000 times; or
/// (Rewind) placed and rewound (undone, on a board without rewind). `moves` is the move's size.
template <bool Rewind>
[[gnu::noinline]] tally place_workload(const positions& ps) {
    tally t;
    auto p = ps[1];
    const auto best = qwirkle::best_move(p.board, p.hand);
    t.moves = static_cast<std::uint64_t>(best->move.size());
    QWIRKLE_TOGGLE_MEASURE;
    for (int r = 0; r < 1000; ++r) {
        if constexpr (Rewind) {
            place_and_rewind(p.board, best->move);
        } else {
            p.board.place(best->move);
            p.board.undo(best->move);
        }
    }
    QWIRKLE_TOGGLE_MEASURE;
    sink = static_cast<std::uint64_t>(p.board.size());
    t.units = 1000;
    return t;
}

/// Copies of every suite board, 25 times: into a board of a vector (copy), into a new board
/// (copy_new, the bench's board_copy) or into the same board again and again (copy_hot, a
/// search's scratch).
enum class copy_kind { into_vector, into_new, into_same };
template <copy_kind Kind>
[[gnu::noinline]] tally copy_workload(const positions& ps) {
    tally t;
    if constexpr (Kind == copy_kind::into_vector) {
        std::vector<qwirkle::board> out(ps.size());
        QWIRKLE_TOGGLE_MEASURE;
        for (int r = 0; r < 25; ++r)
            for (std::size_t i = 0; i < ps.size(); ++i) out[i] = ps[i].board;
        QWIRKLE_TOGGLE_MEASURE;
        sink = static_cast<std::uint64_t>(out[7].size());
    } else if constexpr (Kind == copy_kind::into_new) {
        QWIRKLE_TOGGLE_MEASURE;
        for (int r = 0; r < 25; ++r)
            for (std::size_t i = 0; i < ps.size(); ++i) {
                qwirkle::board copy = ps[i].board;
                asm volatile("" : : "r"(&copy) : "memory");  // (the copy is made, though never read)
                sink = static_cast<std::uint64_t>(copy.size());
            }
        QWIRKLE_TOGGLE_MEASURE;
    } else {
        qwirkle::board scratch;
        QWIRKLE_TOGGLE_MEASURE;
        for (int r = 0; r < 25; ++r)
            for (std::size_t i = 0; i < ps.size(); ++i) {
                scratch = ps[i].board;
                asm volatile("" : : "r"(&scratch) : "memory");
            }
        QWIRKLE_TOGGLE_MEASURE;
        sink = static_cast<std::uint64_t>(scratch.size());
    }
    t.units = 25 * ps.size();
    return t;
}

/// 20 whole greedy 2-player games through the game API.
[[gnu::noinline]] tally greedy_workload() {
    tally t;
    QWIRKLE_TOGGLE_MEASURE;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        qwirkle::game g(2, seed);
        while (!over(g)) qwirkle_bench::greedy_turn(g);
        sink = static_cast<std::uint64_t>(g.scores()[0]);
    }
    QWIRKLE_TOGGLE_MEASURE;
    t.units = 20;
    return t;
}

/// Runs workload `mode` on the suite in `dir`: 0, with the units and moves to divide by; 2 for an
/// unknown mode, 3 when the suite is not there.
int run(const std::string& mode, const std::string& dir, std::uint64_t& units, std::uint64_t& moves) {
    const auto ps = load(dir);
    if (ps.size() != 40) return 3;
    tally t;
    if (mode == "suite") t = suite_workload(ps, 1);
    else if (mode == "suite_passes") t = suite_workload(ps, 20);
    else if (mode == "list") t = list_workload(ps);
    else if (mode == "in_game") t = in_game_workload<false>(ps, before::nothing);
    else if (mode == "best") t = in_game_workload<true>(ps, before::nothing);
    else if (mode == "in_game_again") t = in_game_workload<false>(ps, before::same);
    else if (mode == "best_again") t = in_game_workload<true>(ps, before::same);
    else if (mode == "in_game_warm") t = in_game_workload<false>(ps, before::other_position);
    else if (mode == "best_warm") t = in_game_workload<true>(ps, before::other_position);
    else if (mode == "in_game_other") t = in_game_workload<false>(ps, before::other_hand);
    else if (mode == "best_other") t = in_game_workload<true>(ps, before::other_hand);
    else if (mode == "place_undo") t = place_workload<false>(ps);
    else if (mode == "place_rewind") t = place_workload<true>(ps);
    else if (mode == "copy") t = copy_workload<copy_kind::into_vector>(ps);
    else if (mode == "copy_new") t = copy_workload<copy_kind::into_new>(ps);
    else if (mode == "copy_hot") t = copy_workload<copy_kind::into_same>(ps);
    else if (mode == "greedy") t = greedy_workload();
    else return 2;
    units = t.units;
    moves = t.moves;
    return 0;
}

}  // namespace

#if defined(QWIRKLE_WORKLOAD_TIMED)
/// out: nanoseconds measured, timed stretches, units, moves. Returns what run() does.
extern "C" [[gnu::visibility("default")]] int qwirkle_timed_workload(const char* mode, const char* dir, unsigned long long* out) {
    timer_ns = timer_pairs = 0;
    timer_on = false;
    std::uint64_t units = 0, moves = 0;
    int status = 1;
    try {  // (nothing may leave a C function)
        status = run(mode, dir, units, moves);
    } catch (...) {
        status = 1;
    }
    out[0] = timer_ns;
    out[1] = timer_pairs;
    out[2] = units;
    out[3] = moves;
    return status;
}
/// The name of workload i (in the order of `modes`), or nullptr past the last.
extern "C" [[gnu::visibility("default")]] const char* qwirkle_workload_mode(int i) {
    return i >= 0 && i < static_cast<int>(std::size(modes)) ? modes[i].name : nullptr;
}
#else
int main(int argc, char** argv) {
    if (argc == 2 && std::string(argv[1]) == "--modes") {
        for (const auto& m : modes) std::printf("%s %s %d\n", m.name, m.unit, m.per_move ? 1 : 0);
        return 0;
    }
    if (argc != 3) return 2;
    std::uint64_t units = 0, moves = 0;
    if (const int status = run(argv[1], argv[2], units, moves)) return status;
    std::printf("%llu %llu\n", static_cast<unsigned long long>(units), static_cast<unsigned long long>(moves));
    return 0;
}
#endif
