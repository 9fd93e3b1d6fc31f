// Benchmarks of the tile game: move generation on fixed mid-game positions and greedy self-play.
//
//   qwirkle-bench-tiles [--benchmark_filter=...]
//
// Positions: the perft suite (tests/data/perft_tiles.tsv, 40 positions from real games).
// Reported per item: ns per position and per generated move (counters), games per second; the
// fresh-position benchmarks also with the clock's own cost per timed position taken off (`net_*`).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include <qwirkle/qwirkle.hpp>

#include "greedy_turn.hpp"

#ifndef QWIRKLE_TEST_DATA
#define QWIRKLE_TEST_DATA "tests/data"
#endif

namespace {

const std::vector<qwirkle::basic_position<>>& positions() {
    static const auto ps = [] {
        std::vector<qwirkle::basic_position<>> v;
        std::ifstream in(QWIRKLE_TEST_DATA "/perft_tiles.tsv");
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            auto p = qwirkle::parse_position(line.substr(0, line.find('\t')));
            if (p) v.push_back(std::move(p.value()));
        }
        return v;
    }();
    return ps;
}

std::uint64_t moves_in_suite() {
    std::uint64_t n = 0;
    for (const auto& p : positions()) n += qwirkle::count_moves(p.board, p.hand).moves;
    return n;
}

/// Count and score every move of each position (scores only: moves are not materialised).
void movegen_count(benchmark::State& state) {
    const auto& ps = positions();
    if (ps.empty()) {
        state.SkipWithError("no positions: run from the source tree");
        return;
    }
    for (auto _ : state)
        for (const auto& p : ps) benchmark::DoNotOptimize(qwirkle::count_moves(p.board, p.hand));
    const auto positions_done = static_cast<double>(state.iterations() * ps.size());
    state.counters["ns_per_position"] = benchmark::Counter(positions_done, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["ns_per_move"] = benchmark::Counter(static_cast<double>(state.iterations() * moves_in_suite()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(movegen_count);

/// The median over the suite of the time of one full move generation (each position timed alone).
void movegen_suite_median(benchmark::State& state) {
    const auto& ps = positions();
    std::vector<double> ns;
    for (const auto& p : ps) {
        constexpr int reps = 2000;
        const auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < reps; ++r) benchmark::DoNotOptimize(qwirkle::count_moves(p.board, p.hand));
        ns.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / reps);
    }
    std::sort(ns.begin(), ns.end());
    for (auto _ : state)
        for (const auto& p : ps) benchmark::DoNotOptimize(qwirkle::count_moves(p.board, p.hand));
    state.counters["median_ns_per_position"] = (ns[ns.size() / 2 - 1] + ns[ns.size() / 2]) / 2;
    state.counters["worst_ns_per_position"] = ns.back();
}
BENCHMARK(movegen_suite_median);

/// What one timed stretch costs the clock itself: the median of 1,001 empty stretches (two reads of
/// steady_clock back to back). Timing each fresh position alone pays it once a position (tens of
/// nanoseconds where the clock is a virtual machine's). The fresh-position benchmarks report
/// their time as measured (so that bench-compare.sh compares them with revisions that did not
/// take it off) and, as counters `net_*`, with it taken off.
double clock_cost_seconds() {
    std::vector<double> d(1001);
    for (auto& x : d) {
        const auto a = std::chrono::steady_clock::now();
        x = std::chrono::duration<double>(std::chrono::steady_clock::now() - a).count();
    }
    std::nth_element(d.begin(), d.begin() + 500, d.end());
    return d[500];
}

/// Plays the greedy 2-player game of `seed` (best placement, else exchange a tile, else pass) and
/// returns the seconds measure(game) took over its positions, each met once: only that is timed.
template <class Measure>
double time_over_game(std::uint64_t seed, Measure&& measure) {
    double seconds = 0;
    qwirkle::game g(2, seed);
    while (!g.is_terminal()) {
        const auto t0 = std::chrono::steady_clock::now();
        measure(g);
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const auto& hand = g.hand(g.current_player());
        if (auto best = qwirkle::best_move(g.board(), hand, g.move_options())) g.place(best->move);
        else if (g.can_exchange()) g.exchange({*hand.distinct().begin()});
        else g.pass();
    }
    return seconds;
}

/// Times measure(game) over the positions of one greedy game per iteration (seeds 1, 2, ...), as
/// the benchmark's manual time; returns the seconds of every iteration together.
template <class Measure>
double time_over_games(benchmark::State& state, Measure&& measure) {
    std::uint64_t seed = 1;
    double seconds = 0;
    for (auto _ : state) {
        const double s = time_over_game(seed++, measure);
        state.SetIterationTime(s);
        seconds += s;
    }
    return seconds;
}

/// The counters of a fresh-position benchmark with the clock's cost per position (`clock`, from
/// clock_cost_seconds) taken off its `seconds`: clock_ns, net_ns_per_position and, when moves
/// were counted, net_ns_per_move.
void report_net(benchmark::State& state, double seconds, double clock, std::uint64_t positions, std::uint64_t moves) {
    if (positions == 0) return;
    const double net_ns = std::max(0.0, seconds - clock * static_cast<double>(positions)) * 1e9;
    state.counters["clock_ns"] = clock * 1e9;
    state.counters["net_ns_per_position"] = net_ns / static_cast<double>(positions);
    if (moves > 0) state.counters["net_ns_per_move"] = net_ns / static_cast<double>(moves);
}

/// Move generation on fresh positions: those met by the player to move in greedy self-play games,
/// each generated once (so the branch predictor cannot learn them). Only generation is timed.
void movegen_in_game(benchmark::State& state) {
    std::uint64_t moves = 0, positions = 0;
    const double clock = clock_cost_seconds();
    const double seconds = time_over_games(state, [&](const qwirkle::game& g) {
        const auto stats = qwirkle::count_moves(g.board(), g.hand(g.current_player()), g.move_options());
        benchmark::DoNotOptimize(stats);
        moves += stats.moves;
        ++positions;
    });
    state.counters["ns_per_position"] = benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["ns_per_move"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    report_net(state, seconds, clock, positions, moves);
}
BENCHMARK(movegen_in_game)->UseManualTime();

/// best_move on the same positions (fresh self-play positions, each once): what a greedy player or
/// a playout pays per turn. It skips the anchors' tiles that cannot beat the best so far.
void best_move_in_game(benchmark::State& state) {
    std::uint64_t positions = 0;
    const double clock = clock_cost_seconds();
    const double seconds = time_over_games(state, [&](const qwirkle::game& g) {
        benchmark::DoNotOptimize(qwirkle::best_move(g.board(), g.hand(g.current_player()), g.move_options()));
        ++positions;
    });
    state.counters["ns_per_position"] = benchmark::Counter(static_cast<double>(positions), benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    report_net(state, seconds, clock, positions, 0);
}
BENCHMARK(best_move_in_game)->UseManualTime();

/// Every move written to caller storage with its placements (legal_moves into a span).
void movegen_list(benchmark::State& state) {
    const auto& ps = positions();
    std::vector<qwirkle::scored_move> out(4096);
    for (auto _ : state)
        for (const auto& p : ps) benchmark::DoNotOptimize(qwirkle::legal_moves(p.board, p.hand, std::span(out)));
    const auto positions_done = static_cast<double>(state.iterations() * ps.size());
    state.counters["ns_per_position"] = benchmark::Counter(positions_done, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["ns_per_move"] = benchmark::Counter(static_cast<double>(state.iterations() * moves_in_suite()),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(movegen_list);

/// Move generation for one position at a time: Google Benchmark's median over repetitions of each
/// is what "median over the suite" means in the README.
void movegen_position(benchmark::State& state) {
    const auto& p = positions()[static_cast<std::size_t>(state.range(0))];
    const auto moves = qwirkle::count_moves(p.board, p.hand).moves;
    for (auto _ : state) benchmark::DoNotOptimize(qwirkle::count_moves(p.board, p.hand));
    state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(movegen_position)->DenseRange(0, 39);

/// Placing and undoing a move: the cost of search without copies.
void place_undo(benchmark::State& state) {
    auto p = positions()[1];
    const auto best = qwirkle::best_move(p.board, p.hand);
    for (auto _ : state) {
        p.board.place(best->move);
        p.board.undo(best->move);
        benchmark::ClobberMemory();
    }
}
BENCHMARK(place_undo);

/// The same, taken back with rewind (exact: the board as it was, anchor order included).
void place_rewind(benchmark::State& state) {
    auto p = positions()[1];
    const auto best = qwirkle::best_move(p.board, p.hand);
    for (auto _ : state) {
        const auto mark = p.board.current_mark();
        p.board.place(best->move);
        p.board.rewind(mark);
        benchmark::ClobberMemory();
    }
}
BENCHMARK(place_rewind);

/// Copying a board: the alternative to undo.
void board_copy(benchmark::State& state) {
    const auto& p = positions()[1];
    for (auto _ : state) {
        qwirkle::board copy = p.board;
        benchmark::DoNotOptimize(copy);
    }
}
BENCHMARK(board_copy);

/// Full 2-player games through the game API, both players greedy: best-scoring placement, else
/// exchange the whole hand (as much as the bag allows), else pass.
void greedy_games(benchmark::State& state) {
    std::uint64_t seed = 1;
    std::int64_t turns = 0;
    qwirkle::game_config config;
    for (auto _ : state) {
        config.seed = seed++;
        qwirkle::game g(config);
        while (!g.is_terminal()) {
            qwirkle_bench::greedy_turn(g);
            ++turns;
        }
        benchmark::DoNotOptimize(g.scores());
    }
    state.counters["games_per_second"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["turns_per_game"] = static_cast<double>(turns) / static_cast<double>(state.iterations());
}
BENCHMARK(greedy_games)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
