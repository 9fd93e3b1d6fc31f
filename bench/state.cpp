// Benchmarks of the game state as a value (issue 9): clone, apply + undo, observe, self-play
// through the game_state interface, and many games across threads.
//
//   qwirkle-bench-state [--benchmark_filter=...]
//
// Positions: every 5th position met in 40 seeded greedy 2-player games (mid-game states of every
// stage). Reported per item: ns per clone / apply+undo / observation, games per second.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include <qwirkle/play/parallel.hpp>
#include <qwirkle/qwirkle.hpp>

namespace {

using namespace qwirkle;

struct sample {
    state s;
    action a;  // the greedy action played there
};

const std::vector<sample>& samples() {
    static const auto v = [] {
        std::vector<sample> out;
        greedy_bot bot;
        for (std::uint64_t seed = 1; seed <= 40; ++seed) {
            state s(2, seed);
            rng r(seed);
            for (int k = 0; !s.is_terminal(); ++k) {
                const auto a = bot.choose(*s.observe(s.current_player()), r);
                if (k % 5 == 2) out.push_back({s, a});
                s.apply(a);
            }
        }
        return out;
    }();
    return v;
}

/// Copying a 2-player game state (board, hands, bag, scores, action tiles; no history).
void state_clone(benchmark::State& st) {
    const auto& v = samples();
    std::size_t i = 0;
    for (auto _ : st) {
        state copy = v[i].s;
        benchmark::DoNotOptimize(copy);
        i = i + 1 == v.size() ? 0 : i + 1;
    }
    st.counters["state_bytes"] = static_cast<double>(sizeof(state));
}
BENCHMARK(state_clone);

/// Copy assignment into an existing state (what a search loop that resets a scratch state does).
void state_assign(benchmark::State& st) {
    const auto& v = samples();
    state scratch = v[0].s;
    std::size_t i = 0;
    for (auto _ : st) {
        scratch = v[i].s;
        benchmark::DoNotOptimize(scratch);
        i = i + 1 == v.size() ? 0 : i + 1;
    }
}
BENCHMARK(state_assign);

/// Applying the greedy action with an undo record, then undoing it (the check included).
void state_apply_undo(benchmark::State& st) {
    auto v = samples();
    std::size_t i = 0;
    state::undo_record u;
    for (auto _ : st) {
        auto& x = v[i];
        x.s.apply(x.a, u);
        x.s.undo(u);
        benchmark::ClobberMemory();
        i = i + 1 == v.size() ? 0 : i + 1;
    }
}
BENCHMARK(state_apply_undo);

/// One player's observation (a value that owns its board).
void state_observe(benchmark::State& st) {
    const auto& v = samples();
    std::size_t i = 0;
    for (auto _ : st) {
        auto o = v[i].s.observe(v[i].s.current_player());
        benchmark::DoNotOptimize(o);
        i = i + 1 == v.size() ? 0 : i + 1;
    }
}
BENCHMARK(state_observe);

/// Every legal action of the player to act (placements, exchanges, action tiles, pass), visited.
void state_legal_actions(benchmark::State& st) {
    const auto& v = samples();
    std::size_t i = 0;
    long n = 0;
    for (auto _ : st) {
        v[i].s.for_each_legal_action([&](const action&) { ++n; });
        i = i + 1 == v.size() ? 0 : i + 1;
    }
    st.counters["actions_per_state"] = static_cast<double>(n) / static_cast<double>(st.iterations());
}
BENCHMARK(state_legal_actions);

/// Greedy 2-player games on the lean state through the bot interface (observe, choose, apply).
void state_greedy_games(benchmark::State& st) {
    greedy_bot bot;
    std::uint64_t seed = 1;
    for (auto _ : st) {
        state s(2, seed);
        rng r(seed++);
        while (!s.is_terminal()) s.apply(bot.choose(*s.observe(s.current_player()), r));
        benchmark::DoNotOptimize(s.scores());
    }
    st.counters["games_per_second"] = benchmark::Counter(static_cast<double>(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(state_greedy_games)->Unit(benchmark::kMicrosecond);

/// play_games: 200 greedy-vs-greedy games on 1 and 2 threads (Arg); identical results either way.
void parallel_greedy_games(benchmark::State& st) {
    const int threads = static_cast<int>(st.range(0));
    constexpr std::size_t games = 200;
    for (auto _ : st) {
        const auto scores = play_games(
            games, threads, [](std::size_t i) { return state(2, 5000 + i); },
            [](std::size_t) {
                std::vector<std::unique_ptr<bot>> b;
                b.push_back(std::make_unique<greedy_bot>());
                b.push_back(std::make_unique<greedy_bot>());
                return b;
            },
            [](std::size_t i) { return i; }, [](std::size_t, const state& s, const auto&) { return s.score(0) - s.score(1); });
        benchmark::DoNotOptimize(scores);
    }
    st.counters["games_per_second"] = benchmark::Counter(static_cast<double>(st.iterations() * games), benchmark::Counter::kIsRate);
}
BENCHMARK(parallel_greedy_games)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
