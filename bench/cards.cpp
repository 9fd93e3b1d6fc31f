// Qwirkle Cards benchmarks: exact turn solver latency over fixed suites of positions, and greedy
// self-play games per second.
//
// Suites (rebuilt identically on every run):
// - "selfplay": every position met by the player to move in 150 greedy self-play games (2–4 players,
//   seeds 20261121 + k; greedy = the best turn, most Qwirkles then most cards);
// - "big": 60 random legal tables of 30–90 cards (rows of 3–5, seed 7) with a random 9-card hand.
// The latency benchmarks time every position on its own (thread CPU time, the median of 3 runs) and
// report the median, 99th percentile and worst in microseconds as counters (playable parts: 1 run).
//
// Run: build/<dir>/bench/qwirkle-bench-cards  (Release or RelWithDebInfo; one core)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <ctime>
#include <vector>

#include <qwirkle/cards/cards.hpp>

namespace qc = qwirkle::cards;

namespace {

using hand_t = qc::cards_t<qc::standard_rules>;

/// The Schmidt opening: one largest group as a row.
qc::turn opening_turn(const hand_t& hand) {
    const auto group = qc::largest_groups<qc::standard_rules>(hand).front();
    hand_t played;
    for (auto c : group) played.add(c);
    return qc::turn{played, {{qc::row(group)}}};
}

/// Plays one greedy game; calls seen(position) before every non-opening turn. Returns the turns played.
template <class F>
int greedy_game(int players, std::uint64_t seed, F&& seen) {
    qc::game g(players, seed);
    int turns = 0;
    while (!g.is_terminal()) {
        const int me = g.current_player();
        ++turns;
        if (g.opening()) {
            g.play(opening_turn(g.hand(me)));
            continue;
        }
        seen(qc::position{g.table(), g.hand(me)});
        if (auto t = qc::best_turn(g.table(), g.hand(me))) g.play(*t);
        else g.cannot_play();
    }
    return turns;
}

const std::vector<qc::position>& selfplay_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        for (int k = 0; k < 150; ++k)
            greedy_game(2 + k % 3, 20261121u + static_cast<std::uint64_t>(k), [&](const qc::position& p) { v.push_back(p); });
        return v;
    }();
    return suite;
}

const std::vector<qc::position>& big_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        qwirkle::rng g(7);
        for (int k = 0; k < 60; ++k) {
            const int target = 30 + static_cast<int>(g.below(61));
            qc::position p;
            hand_t used;
            for (int attempt = 0; attempt < 2000 && p.table.card_count() < target; ++attempt) {
                const bool colour = g.below(2) == 0;
                const int fixed = static_cast<int>(g.below(6));
                int order[6] = {0, 1, 2, 3, 4, 5};
                g.shuffle(order, order + 6);
                const int len = 3 + static_cast<int>(g.below(3));
                qc::row r;
                bool ok = true;
                for (int j = 0; j < len; ++j) {
                    const qc::card c = *(colour ? qc::card::make(fixed, order[j]) : qc::card::make(order[j], fixed));
                    ok = ok && used.count(c) < 3;
                    r.push_back(c);
                }
                if (!ok) continue;
                for (auto c : r) used.add(c);
                p.table.rows.push_back(r);
            }
            for (int guard = 0; p.hand.size() < 9 && guard < 10000; ++guard) {
                const auto c = *qc::card::from_index(static_cast<int>(g.below(36)));
                if (used.count(c) < 3) used.add(c), p.hand.add(c);
            }
            v.push_back(p);
        }
        return v;
    }();
    return suite;
}

double thread_us() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

/// Times f on every position (median of `repeats` runs each) and reports the distribution.
template <class F>
void latency(benchmark::State& state, const std::vector<qc::position>& suite, F&& f, int repeats = 3) {
    std::vector<double> per(suite.size());
    for (auto _ : state) {
        for (std::size_t i = 0; i < suite.size(); ++i) {
            double runs[3];
            for (int k = 0; k < repeats; ++k) {
                const double t0 = thread_us();
                f(suite[i]);
                runs[k] = thread_us() - t0;
            }
            std::sort(runs, runs + repeats);
            per[i] = runs[repeats / 2];
        }
    }
    std::vector<double> sorted = per;
    std::sort(sorted.begin(), sorted.end());
    const auto at = [&](double q) { return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted.size())))]; };
    state.counters["positions"] = static_cast<double>(suite.size());
    state.counters["median_us"] = at(0.5);
    state.counters["p99_us"] = at(0.99);
    state.counters["worst_us"] = sorted.back();
    int cards = 0;
    for (const auto& p : suite) cards = std::max(cards, p.table.card_count());
    state.counters["max_table"] = cards;
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * suite.size()) * repeats);
}

void best_turn_selfplay(benchmark::State& state) {
    latency(state, selfplay_suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::best_turn(p.table, p.hand)); });
}
void best_turn_big(benchmark::State& state) {
    latency(state, big_suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::best_turn(p.table, p.hand)); });
}
void best_turn_most_cards_selfplay(benchmark::State& state) {
    latency(state, selfplay_suite(), [](const qc::position& p) {
        benchmark::DoNotOptimize(qc::best_turn(p.table, p.hand, qc::objective::cards_then_qwirkles));
    });
}
void can_play_selfplay(benchmark::State& state) {
    latency(state, selfplay_suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::can_play(p.table, p.hand)); });
}
void can_play_big(benchmark::State& state) {
    latency(state, big_suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::can_play(p.table, p.hand)); });
}
void playable_subsets_selfplay(benchmark::State& state) {
    latency(state, selfplay_suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::count_playable_subsets(p.table, p.hand)); }, 1);
}

/// Greedy self-play: whole games (deal, every turn solved exactly, Qwirkles, refills, final round).
void selfplay_games(benchmark::State& state) {
    std::uint64_t seed = 1;
    std::int64_t turns = 0;
    for (auto _ : state) turns += greedy_game(2 + static_cast<int>(seed % 3), seed, [](const qc::position&) {}), ++seed;
    state.SetItemsProcessed(state.iterations());  // items = games: items_per_second is games per second
    state.counters["turns_per_game"] = static_cast<double>(turns) / static_cast<double>(state.iterations());
}

}  // namespace

BENCHMARK(best_turn_selfplay)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(best_turn_most_cards_selfplay)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(best_turn_big)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(can_play_selfplay)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(can_play_big)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(playable_subsets_selfplay)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(selfplay_games)->Unit(benchmark::kMillisecond)->MinTime(2.0);

BENCHMARK_MAIN();
