// Times the workloads of workload.cpp for two builds of the library in one process, alternately
// (scripts/bench-interleave.sh). Each build is a shared library made from workload.cpp with
// QWIRKLE_WORKLOAD_TIMED, loaded with its own copy of every template (hidden symbols): a round runs
// the workload on each side in turn, the side that goes first swapped every round, so both sides of a
// ratio are measured a few milliseconds apart and a host whose speed wanders over seconds or
// minutes moves both alike.
//
//   interleave NEW.so OLD.so DATA_DIR ROUNDS [MODE...]     MODE: a workload of workload.cpp's list
//                                                         (qwirkle_workload_mode(); none: all of them)
//
// A round runs each side three times, alternately, and keeps each side's fastest run.
// Prints, per mode: the median time per unit of each side (the clock's own cost per timed stretch,
// measured here every round, taken off), and the ratio new/old of each round: median, quartiles,
// min and max; a note when the two sides did different work (other units or moves: the revisions
// played other games).
// Exit status 2 for a usage error, 1 when a library or a workload fails.
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using workload_fn = int (*)(const char*, const char*, unsigned long long*);
using mode_fn = const char* (*)(int);

/// A side's library: its workload runner and its list of workloads (nullptr on failure, said).
struct side_lib {
    workload_fn run = nullptr;
    mode_fn mode = nullptr;
};
side_lib open_side(const char* path) {
    void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        std::fprintf(stderr, "interleave: %s\n", dlerror());
        return {};
    }
    side_lib s{reinterpret_cast<workload_fn>(dlsym(h, "qwirkle_timed_workload")), reinterpret_cast<mode_fn>(dlsym(h, "qwirkle_workload_mode"))};
    if (!s.run || !s.mode) std::fprintf(stderr, "interleave: %s lacks qwirkle_timed_workload or qwirkle_workload_mode\n", path);
    return s;
}

/// What one timed stretch costs the clock itself (two reads of steady_clock): the median of
/// `reps` loops of n pairs.
double clock_cost_ns(int reps, int n) {
    std::vector<double> v;
    for (int r = 0; r < reps; ++r) {
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

/// The workloads `lib` knows, in its order.
std::vector<std::string> modes_of(const side_lib& lib) {
    std::vector<std::string> all;
    for (int i = 0; const char* name = lib.mode(i); ++i) all.emplace_back(name);
    return all;
}

/// Are the workloads named in names[0..n) all on the list of `lib`? Else says which is not, with
/// the list, and returns false.
bool known_modes(const side_lib& lib, char** names, int n) {
    const std::vector<std::string> all = modes_of(lib);
    for (int m = 0; m < n; ++m) {
        if (std::find(all.begin(), all.end(), names[m]) == all.end()) {
            std::string list;
            for (const auto& name : all) list += " " + name;
            std::fprintf(stderr, "interleave: unknown workload: %s (workloads:%s)\n", names[m], list.c_str());
            return false;
        }
    }
    return true;
}

int main(int argc, char** argv) {
    // --check LIB MODE...: only whether LIB knows the workloads (before the other side is built).
    if (argc >= 3 && std::string(argv[1]) == "--check") {
        const side_lib checked = open_side(argv[2]);
        if (!checked.mode) return 1;
        return known_modes(checked, argv + 3, argc - 3) ? 0 : 2;
    }
    if (argc < 5) {
        std::fprintf(stderr, "usage: interleave NEW.so OLD.so DATA_DIR ROUNDS [MODE...]\n"
                             "       interleave --check LIB [MODE...]\n");
        return 2;
    }
    char* end = nullptr;
    const long rounds = std::strtol(argv[4], &end, 10);
    if (*end != '\0' || rounds < 1 || rounds > 100000) {
        std::fprintf(stderr, "interleave: ROUNDS must be a number from 1 to 100000\n");
        return 2;
    }
    const side_lib lib[2] = {open_side(argv[1]), open_side(argv[2])};
    if (!lib[0].run || !lib[0].mode || !lib[1].run || !lib[1].mode) return 1;
    const workload_fn side[2] = {lib[0].run, lib[1].run};
    // The workloads to run: those asked for, each on the list (both sides are built from the same
    // workload.cpp, so they have the same one), else all of them.
    if (!known_modes(lib[0], argv + 5, argc - 5)) return 2;
    std::vector<std::string> modes(argv + 5, argv + argc);
    if (modes.empty()) modes = modes_of(lib[0]);
    // Each round takes each side's best of `tries` runs, alternated (a run the host interrupts
    // only ever takes longer).
    constexpr int tries = 3;
    std::printf("clock: %.1f ns per timed stretch (measured again every round, taken off both sides)\n", clock_cost_ns(21, 20000));
    std::printf("%-13s %12s %12s  %7s %7s %7s %7s %7s\n", "workload", "new ns/unit", "old ns/unit", "min", "q1", "median", "q3", "max");
    for (const std::string& mode : modes) {
        std::vector<double> ratio, per[2];
        bool same_work = true;
        for (long r = 0; r < rounds; ++r) {
            // (the clock's cost as the host runs now: a stale one would bias the ratio)
            const double clock = clock_cost_ns(5, 2000);
            double ns[2] = {0, 0};
            unsigned long long work[2][2] = {{0, 0}, {0, 0}};
            for (int k = 0; k < 2 * tries; ++k) {
                const int s = (r + k) % 2;  // new, old, new, ...; who goes first alternates
                unsigned long long out[4] = {0, 0, 0, 0};
                if (const int status = side[s](mode.c_str(), argv[3], out)) {
                    std::fprintf(stderr, "interleave: workload %s failed on the %s side (status %d)\n", mode.c_str(), s == 0 ? "new" : "old", status);
                    return status == 2 ? 2 : 1;
                }
                const double units = out[2] > 0 ? static_cast<double>(out[2]) : 1.0;
                const double t = (static_cast<double>(out[0]) - clock * static_cast<double>(out[1])) / units;
                ns[s] = k < 2 ? t : std::min(ns[s], t);
                work[s][0] = out[2];
                work[s][1] = out[3];
            }
            if (!(ns[0] > 0) || !(ns[1] > 0)) {
                std::fprintf(stderr, "interleave: workload %s too short to time (%.1f and %.1f ns a unit once the clock's cost is off)\n", mode.c_str(), ns[0], ns[1]);
                return 1;
            }
            // (units and moves: the same games and positions on both sides, else the ratio compares different work)
            same_work = same_work && work[0][0] == work[1][0] && work[0][1] == work[1][1];
            per[0].push_back(ns[0]);
            per[1].push_back(ns[1]);
            ratio.push_back(ns[0] / ns[1]);
        }
        std::printf("%-13s %12.1f %12.1f  %7.3f %7.3f %7.3f %7.3f %7.3f%s\n", mode.c_str(), quantile(per[0], 0.5), quantile(per[1], 0.5),
                    quantile(ratio, 0), quantile(ratio, 0.25), quantile(ratio, 0.5), quantile(ratio, 0.75), quantile(ratio, 1),
                    same_work ? "" : "  (the sides did different work: other units or moves)");
    }
    return 0;
}
