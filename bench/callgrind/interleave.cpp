// Times the workloads of workload.cpp for two builds of the library in one process, alternately
// (scripts/bench-interleave.sh). Each build is a shared library made from workload.cpp with
// QWIRKLE_WORKLOAD_TIMED, loaded with its own copy of every template (hidden symbols): a round runs
// the workload on each side in turn, the side that goes first swapped every round, so both sides of a
// ratio are measured a few milliseconds apart and a host whose speed wanders over seconds or
// minutes moves both alike.
//
//   interleave NEW.so OLD.so DATA_DIR ROUNDS MODE...     MODE: as workload.cpp's
//
// A round runs each side three times, alternately, and keeps each side's fastest run.
// Prints, per mode: the median time per unit of each side (the clock's own cost per timed stretch,
// measured here, taken off), and the ratio new/old of each round: median, quartiles, min and max.
// Exit status 2 for a usage error, 1 when a library or a workload fails.
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using workload_fn = int (*)(const char*, const char*, unsigned long long*);

workload_fn open_side(const char* path) {
    void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        std::fprintf(stderr, "interleave: %s\n", dlerror());
        return nullptr;
    }
    auto f = reinterpret_cast<workload_fn>(dlsym(h, "qwirkle_timed_workload"));
    if (!f) std::fprintf(stderr, "interleave: %s has no qwirkle_timed_workload\n", path);
    return f;
}

/// What one timed stretch costs the clock itself (two reads of steady_clock): the median of many.
double clock_cost_ns() {
    std::vector<double> v;
    for (int r = 0; r < 21; ++r) {
        constexpr int n = 20000;
        const auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < n; ++i) {
            const auto a = std::chrono::steady_clock::now();
            const auto b = std::chrono::steady_clock::now();
            if (b < a) std::abort();
        }
        v.push_back(std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count() / n);
    }
    std::sort(v.begin(), v.end());
    // (a timed stretch pays for one read; the loop above pays for two per stretch)
    return v[v.size() / 2] / 2;
}

double quantile(std::vector<double> v, double q) {
    std::sort(v.begin(), v.end());
    const double at = q * static_cast<double>(v.size() - 1);
    const auto lo = static_cast<std::size_t>(at);
    const std::size_t hi = std::min(lo + 1, v.size() - 1);
    return v[lo] + (v[hi] - v[lo]) * (at - static_cast<double>(lo));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: interleave NEW.so OLD.so DATA_DIR ROUNDS MODE...\n");
        return 2;
    }
    char* end = nullptr;
    const long rounds = std::strtol(argv[4], &end, 10);
    if (*end != '\0' || rounds < 1 || rounds > 100000) {
        std::fprintf(stderr, "interleave: ROUNDS must be a number from 1 to 100000\n");
        return 2;
    }
    const workload_fn side[2] = {open_side(argv[1]), open_side(argv[2])};
    if (!side[0] || !side[1]) return 1;
    const double clock = clock_cost_ns();
    // Each round takes each side's best of `tries` runs, alternated (a run the host interrupts
    // only ever takes longer).
    constexpr int tries = 3;
    std::printf("clock: %.1f ns per timed stretch (taken off both sides)\n", clock);
    std::printf("%-13s %12s %12s  %7s %7s %7s %7s %7s\n", "workload", "new ns/unit", "old ns/unit", "min", "q1", "median", "q3", "max");
    for (int m = 5; m < argc; ++m) {
        std::vector<double> ratio, per[2];
        for (long r = 0; r < rounds; ++r) {
            double ns[2] = {0, 0};
            for (int k = 0; k < 2 * tries; ++k) {
                const int s = (r + k) % 2;  // new, old, new, ...; who goes first alternates
                unsigned long long out[4] = {0, 0, 0, 0};
                if (const int status = side[s](argv[m], argv[3], out)) {
                    std::fprintf(stderr, "interleave: workload %s failed on the %s side (status %d)\n", argv[m], s == 0 ? "new" : "old", status);
                    return status == 2 ? 2 : 1;
                }
                const double units = out[2] > 0 ? static_cast<double>(out[2]) : 1.0;
                const double t = (static_cast<double>(out[0]) - clock * static_cast<double>(out[1])) / units;
                ns[s] = k < 2 ? t : std::min(ns[s], t);
            }
            per[0].push_back(ns[0]);
            per[1].push_back(ns[1]);
            ratio.push_back(ns[0] / ns[1]);
        }
        std::printf("%-13s %12.1f %12.1f  %7.3f %7.3f %7.3f %7.3f %7.3f\n", argv[m], quantile(per[0], 0.5), quantile(per[1], 0.5),
                    quantile(ratio, 0), quantile(ratio, 0.25), quantile(ratio, 0.5), quantile(ratio, 0.75), quantile(ratio, 1));
    }
    return 0;
}
