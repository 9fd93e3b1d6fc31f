// qwirkle-endgame-bench: the exact endgame solver on every bag-empty position of N greedy
// self-play games (two players, seeds 1..N): solve time p50 / p90 / p99 / max, the share solved
// within 100 ms and within 1 s (time budget 1 s per position).
//
//   qwirkle-bench-endgame [games] [seconds-per-position]     (default: 3 games, the ctest smoke)
// (Arguments starting with '-', like the smoke's --benchmark_* flags, are ignored.)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <qwirkle/bots/bots.hpp>
#include <qwirkle/qwirkle.hpp>
#include <qwirkle/search/endgame.hpp>

int main(int argc, char** argv) {
    using namespace qwirkle;
    std::vector<const char*> args;
    for (int k = 1; k < argc; ++k)
        if (argv[k][0] != '-') args.push_back(argv[k]);
    const int games = std::max(1, args.size() > 0 ? std::atoi(args[0]) : 3);
    const double limit = args.size() > 1 ? std::atof(args[1]) : 1.0;
    endgame_solver solver(endgame_options{0, limit, 20});
    greedy_bot greedy;
    std::vector<double> times;  // unsolved positions count as +infinity
    long solved = 0, within_100ms = 0, positions = 0;
    std::uint64_t nodes = 0;
    for (int i = 1; i <= games; ++i) {
        state s(2, static_cast<std::uint64_t>(i));
        rng r(static_cast<std::uint64_t>(i));
        while (!s.is_terminal()) {
            if (s.bag_size() == 0) {
                const auto res = solve_endgame(s, solver);
                ++positions;
                nodes += res.nodes;
                if (res.solved) {
                    ++solved;
                    within_100ms += res.seconds <= 0.1;
                    times.push_back(res.seconds);
                } else {
                    times.push_back(1e9);
                }
            }
            if (!s.apply(greedy.choose(*s.observe(s.current_player()), r)).ok()) return 1;
        }
    }
    if (times.empty()) return 1;
    std::sort(times.begin(), times.end());
    const auto q = [&](double p) {
        const double t = times[std::min(times.size() - 1, static_cast<std::size_t>(p * static_cast<double>(times.size())))];
        return t >= 1e9 ? -1.0 : 1000 * t;
    };
    std::printf("%d games, %ld bag-empty positions, budget %.2f s each\n", games, positions, limit);
    std::printf("solve time ms: p50 %.2f  p90 %.2f  p99 %.2f  (-1: beyond the budget)\n", q(0.5), q(0.9), q(0.99));
    std::printf("solved within 100 ms: %.1f%%   within %.2f s: %.1f%%   mean nodes %.0f\n", 100.0 * within_100ms / positions, limit,
                100.0 * solved / positions, static_cast<double>(nodes) / positions);
    return 0;
}
