// Qwirkle Cards benchmarks: exact turn solver latency over fixed suites of positions, and greedy
// self-play games per second.
//
// Suites (rebuilt identically on every run):
// - "selfplay": every position met by the player to move in 150 greedy self-play games (Schmidt, 2–4
//   players, seeds 20261121 + k; greedy = the best turn, most Qwirkles then most cards);
// - "pileout": every position from the moment the pile runs out to the end, in 120 greedy games of
//   each edition (Schmidt and 999 Games) and 2, 3, 4 players (seeds 4242 + k): the late game;
// - "big": 60 random legal tables of 30–90 cards (rows of 3–5, seed 7) with a random 9-card hand;
// - "maximal": 60 random maximal legal tables (seed 11): a random 9-card hand, then rows laid from the
//   other 99 cards (a random group, a random 3 to all of its available kinds) until no group has 3
//   different cards left: 90–99 cards on the table;
// - "complete12": the table of the 12 complete rows (every colour row and every shape row, 72 cards)
//   with hands of 0, 1, 2 and 9 cards from the other 36 (10 random hands of each size, seed 5);
// - "selfplay020": the self-play suite as version 0.2.0 built it (tests/data/cards_selfplay_0.2.0.txt):
//   best_turn now may choose other turns of the same value, so today's greedy games differ; with this
//   suite a version's figures compare with 0.2.0's "selfplay" on the same positions.
// The latency benchmarks time every position on its own (thread CPU time, the median of 3 runs — one
// run for the slow 0.1.0 playable_subsets_old and legal_turns — the solver's per-table cache emptied before each run,
// the clock's own cost subtracted: `clock_us`, an empty interval, measured before each suite) and
// report the median, 99th percentile and worst in microseconds as counters. `perft_*` is the card perft tool's whole answer (playable parts, most
// cards, most Qwirkles); `legal_turns_*` lists every distinct outcome of a turn (legal_actions). `*_old` is the 0.1.0 solver (tests/cards/reference_solver.hpp) on the same
// suite, for the ratio; it is run only where it finishes in reasonable time.
//
// Run: build/<dir>/bench/qwirkle-bench-cards  (Release or RelWithDebInfo; one core)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include <qwirkle/cards/cards.hpp>
#include <qwirkle/cards/perft.hpp>

#include "../tests/cards/reference_solver.hpp"

namespace qc = qwirkle::cards;

namespace {

using hand_t = qc::cards_t<qc::standard_rules>;

/// The Schmidt opening: one largest group as a row.
template <class R>
qc::basic_turn<R> opening_turn(const qc::cards_t<R>& hand) {
    const auto group = qc::largest_groups<R>(hand).front();
    qc::cards_t<R> played;
    for (auto c : group) played.add(c);
    return qc::basic_turn<R>{played, {{qc::basic_row<R>(group)}}};
}

/// The same position under the standard rule set (both editions share the cards).
template <class R>
qc::position standard(const qc::basic_tableau<R>& t, const qc::cards_t<R>& h) {
    qc::position p;
    for (const auto& r : t.rows) {
        qc::row s;
        for (auto c : r) s.push_back(c);
        p.table.rows.push_back(s);
    }
    p.hand = h;
    return p;
}

/// Plays one greedy game; calls seen(position, pile size) before every non-opening turn. Returns the
/// turns played.
template <class R = qc::standard_rules, class F>
int greedy_game(int players, std::uint64_t seed, F&& seen) {
    qc::basic_game<R> g(players, seed);
    int turns = 0;
    while (!g.is_terminal()) {
        const int me = g.current_player();
        ++turns;
        if (g.opening()) {
            g.play(opening_turn<R>(g.hand(me)));
            continue;
        }
        seen(standard<R>(g.table(), g.hand(me)), g.pile_size());
        if (auto t = qc::best_turn(g.table(), g.hand(me))) g.play(*t);
        else g.cannot_play();
    }
    return turns;
}

const std::vector<qc::position>& selfplay_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        for (int k = 0; k < 150; ++k)
            greedy_game(2 + k % 3, 20261121u + static_cast<std::uint64_t>(k), [&](const qc::position& p, int) { v.push_back(p); });
        return v;
    }();
    return suite;
}

const std::vector<qc::position>& selfplay020_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        const std::string path = std::string(QWIRKLE_TEST_DATA) + "/cards_selfplay_0.2.0.txt";
        std::ifstream in(path);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') continue;
            auto p = qc::parse_position(line);
            if (!p) {
                std::fprintf(stderr, "%s: %s\n", path.c_str(), line.c_str());
                std::exit(1);
            }
            v.push_back(*p);
        }
        if (v.empty()) {
            std::fprintf(stderr, "%s: no positions\n", path.c_str());
            std::exit(1);
        }
        return v;
    }();
    return suite;
}

const std::vector<qc::position>& pileout_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        const auto keep = [&](const qc::position& p, int pile) {
            if (pile == 0) v.push_back(p);
        };
        for (int k = 0; k < 120; ++k) {
            greedy_game<qc::schmidt_rules>(2 + k % 3, 4242u + static_cast<std::uint64_t>(k), keep);
            greedy_game<qc::games999_rules>(2 + k % 3, 4242u + static_cast<std::uint64_t>(k), keep);
        }
        return v;
    }();
    return suite;
}

/// A random row of `len` different cards of one group (colour or shape), all still available.
bool random_row(qwirkle::rng& g, hand_t& used, qc::row& r) {
    const bool colour = g.below(2) == 0;
    const int fixed = static_cast<int>(g.below(6));
    int order[6] = {0, 1, 2, 3, 4, 5};
    g.shuffle(order, order + 6);
    const int len = 3 + static_cast<int>(g.below(3));
    r = qc::row{};
    for (int j = 0; j < len; ++j) {
        const qc::card c = *(colour ? qc::card::make(fixed, order[j]) : qc::card::make(order[j], fixed));
        if (used.count(c) >= 3) return false;
        r.push_back(c);
    }
    return true;
}

const std::vector<qc::position>& big_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        qwirkle::rng g(7);
        for (int k = 0; k < 60; ++k) {
            const int target = 30 + static_cast<int>(g.below(61));
            qc::position p;
            hand_t used;
            qc::row r;
            for (int attempt = 0; attempt < 2000 && p.table.card_count() < target; ++attempt) {
                if (!random_row(g, used, r)) continue;
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

const std::vector<qc::position>& maximal_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        qwirkle::rng g(11);
        for (int k = 0; k < 60; ++k) {
            qc::position p;
            hand_t used;
            while (p.hand.size() < 9) {
                const auto c = *qc::card::from_index(static_cast<int>(g.below(36)));
                if (used.count(c) < 3) used.add(c), p.hand.add(c);
            }
            for (;;) {
                // the groups that still have 3 different cards
                std::vector<std::vector<qc::card>> open;
                for (int grp = 0; grp < 12; ++grp) {
                    std::vector<qc::card> avail;
                    for (int j = 0; j < 6; ++j) {
                        const qc::card c = *(grp < 6 ? qc::card::make(grp, j) : qc::card::make(j, grp - 6));
                        if (used.count(c) < 3) avail.push_back(c);
                    }
                    if (avail.size() >= 3) open.push_back(avail);
                }
                if (open.empty()) break;
                auto& avail = open[g.below(static_cast<std::uint32_t>(open.size()))];
                g.shuffle(avail.begin(), avail.end());
                const int len = 3 + static_cast<int>(g.below(static_cast<std::uint32_t>(avail.size() - 2)));
                qc::row r;
                for (int j = 0; j < len; ++j) r.push_back(avail[static_cast<std::size_t>(j)]), used.add(avail[static_cast<std::size_t>(j)]);
                p.table.rows.push_back(r);
            }
            v.push_back(p);
        }
        return v;
    }();
    return suite;
}

const std::vector<qc::position>& complete12_suite() {
    static const std::vector<qc::position> suite = [] {
        std::vector<qc::position> v;
        qc::tableau t;
        for (int c = 0; c < 6; ++c) {
            qc::row r;
            for (int s = 0; s < 6; ++s) r.push_back(*qc::card::make(c, s));
            t.rows.push_back(r);
        }
        for (int s = 0; s < 6; ++s) {
            qc::row r;
            for (int c = 0; c < 6; ++c) r.push_back(*qc::card::make(c, s));
            t.rows.push_back(r);
        }
        qwirkle::rng g(5);
        for (int size : {0, 1, 2, 9})
            for (int k = 0; k < 10; ++k) {
                qc::position p{t, {}};
                while (p.hand.size() < size) {
                    const auto c = *qc::card::from_index(static_cast<int>(g.below(36)));
                    if (p.hand.count(c) < 1) p.hand.add(c);  // one copy left of each kind
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

/// The thread CPU time of an empty interval (two reads back to back), the median of 1,001. Reading
/// the thread CPU clock is a system call: on this project's virtual machine an empty interval
/// takes about 1.5 µs, more than `can_play` itself, and it varies with the load on the machine.
double clock_cost_us() {
    std::vector<double> d(1001);
    for (auto& x : d) {
        const double a = thread_us();
        x = thread_us() - a;
    }
    std::nth_element(d.begin(), d.begin() + 500, d.end());
    return d[500];
}

/// Times f on every position (median of `repeats` runs each, the solver cache emptied before each,
/// the clock's own cost measured just before and subtracted) and reports the distribution.
template <class F>
void latency(benchmark::State& state, const std::vector<qc::position>& suite, F&& f, int repeats = 3) {
    std::vector<double> per(suite.size());
    const double clock_cost = clock_cost_us();
    for (auto _ : state) {
        for (std::size_t i = 0; i < suite.size(); ++i) {
            double runs[3];
            for (int k = 0; k < repeats; ++k) {
                qc::detail::solver_instance<qc::standard_rules>().forget();
                const double t0 = thread_us();
                f(suite[i]);
                runs[k] = std::max(0.0, thread_us() - t0 - clock_cost);
            }
            std::sort(runs, runs + repeats);
            per[i] = runs[repeats / 2];
        }
    }
    std::vector<double> sorted = per;
    std::sort(sorted.begin(), sorted.end());
    const auto at = [&](double q) { return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(q * static_cast<double>(sorted.size())))]; };
    state.counters["positions"] = static_cast<double>(suite.size());
    state.counters["clock_us"] = clock_cost;
    state.counters["median_us"] = at(0.5);
    state.counters["p99_us"] = at(0.99);
    state.counters["worst_us"] = sorted.back();
    int cards = 0;
    for (const auto& p : suite) cards = std::max(cards, p.table.card_count());
    state.counters["max_table"] = cards;
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * suite.size()) * repeats);
}

using suite_fn = const std::vector<qc::position>& (*)();

void best_turn(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::best_turn(p.table, p.hand)); });
}
void best_turn_most_cards(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) {
        benchmark::DoNotOptimize(qc::best_turn(p.table, p.hand, qc::objective::cards_then_qwirkles));
    });
}
void can_play(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::can_play(p.table, p.hand)); });
}
void playable_subsets(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::count_playable_subsets(p.table, p.hand)); });
}
void perft(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::perft(qc::to_string(p))); });
}

/// Every distinct outcome of a turn, counted (for_each_outcome: the card game's legal_actions less
/// the cannot-play declaration): what a learning agent lists at every step.
void legal_turns(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) {
        int n = 0;
        qc::for_each_outcome(p.table, p.hand, [&n](const qc::basic_turn<qc::standard_rules>&) { ++n; });
        benchmark::DoNotOptimize(n);
    }, 1);
}

// the 0.1.0 solver, same suites (where it finishes)
void best_turn_old(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::reference::best_turn(p.table, p.hand)); });
}
void can_play_old(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::reference::can_play(p.table, p.hand)); });
}
void playable_subsets_old(benchmark::State& state, suite_fn suite) {
    latency(state, suite(), [](const qc::position& p) { benchmark::DoNotOptimize(qc::reference::count_playable_subsets(p.table, p.hand)); }, 1);
}

/// Greedy self-play: whole games (deal, every turn solved exactly, Qwirkles, refills, final round).
void selfplay_games(benchmark::State& state) {
    std::uint64_t seed = 1;
    std::int64_t turns = 0;
    for (auto _ : state) turns += greedy_game(2 + static_cast<int>(seed % 3), seed, [](const qc::position&, int) {}), ++seed;
    state.SetItemsProcessed(state.iterations());  // items = games: items_per_second is games per second
    state.counters["turns_per_game"] = static_cast<double>(turns) / static_cast<double>(state.iterations());
}

}  // namespace

#define QWIRKLE_SUITE(fn, suite) BENCHMARK_CAPTURE(fn, suite, &suite##_suite)->Unit(benchmark::kMillisecond)->Iterations(1)

QWIRKLE_SUITE(best_turn, selfplay);
QWIRKLE_SUITE(best_turn, selfplay020);
QWIRKLE_SUITE(best_turn, pileout);
QWIRKLE_SUITE(best_turn, big);
QWIRKLE_SUITE(best_turn, maximal);
QWIRKLE_SUITE(best_turn, complete12);
QWIRKLE_SUITE(best_turn_most_cards, selfplay);
QWIRKLE_SUITE(best_turn_most_cards, selfplay020);
QWIRKLE_SUITE(best_turn_most_cards, pileout);
QWIRKLE_SUITE(best_turn_most_cards, maximal);
QWIRKLE_SUITE(can_play, selfplay);
QWIRKLE_SUITE(can_play, pileout);
QWIRKLE_SUITE(can_play, big);
QWIRKLE_SUITE(can_play, maximal);
QWIRKLE_SUITE(can_play, complete12);
QWIRKLE_SUITE(playable_subsets, selfplay);
QWIRKLE_SUITE(playable_subsets, selfplay020);
QWIRKLE_SUITE(playable_subsets, pileout);
QWIRKLE_SUITE(playable_subsets, big);
QWIRKLE_SUITE(playable_subsets, maximal);
QWIRKLE_SUITE(playable_subsets, complete12);
QWIRKLE_SUITE(perft, selfplay);
QWIRKLE_SUITE(perft, selfplay020);
QWIRKLE_SUITE(perft, pileout);
QWIRKLE_SUITE(perft, big);
QWIRKLE_SUITE(perft, maximal);
QWIRKLE_SUITE(perft, complete12);
QWIRKLE_SUITE(legal_turns, selfplay);
QWIRKLE_SUITE(best_turn_old, selfplay);
QWIRKLE_SUITE(best_turn_old, big);
QWIRKLE_SUITE(can_play_old, selfplay);
QWIRKLE_SUITE(playable_subsets_old, selfplay);
BENCHMARK(selfplay_games)->Unit(benchmark::kMillisecond)->MinTime(2.0);

BENCHMARK_MAIN();
