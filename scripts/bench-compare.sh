#!/usr/bin/env bash
# Speed of the working tree as a ratio against a git revision, measured in one run (the only kind of
# speed claim that holds on a noisy, shared machine).
#
#   bash scripts/bench-compare.sh REV [ROUNDS] [extra Google Benchmark flags]
#
# Builds REV (exported with `git archive` into build/bench-compare/<commit>/, kept for the next run)
# and the working tree with the release preset, then runs every benchmark program present in both,
# new and old alternately, ROUNDS times (default 5). Each figure (time, and every counter: ns per
# move, games per second, ...) is printed as new/old with the spread of the per-round ratios
# (min / median / max); a ratio < 1 is better for times, > 1 for rates (the column `better` says
# which). Column `best`: each side's best run over the other's (noise from the host only ever slows
# a run, so on a noisy host the best runs agree where the medians do not). Benchmarks and programs
# are matched by name; those present on one side only are listed.
# Each run is of a fresh copy of the program: where the system happens to put a program's pages
# moved a figure by 20% on this machine (one file of a build ran movegen_count at 6.8 ns a move, a
# copy of it at 5.6), so each round places both sides anew, and that shows in the spread instead of
# biasing the ratio.
#
#   QWIRKLE_BENCH_FILTER   Google Benchmark filter (default: all but the 40 per-position runs)
#   QWIRKLE_BENCH_PROGRAMS programs to run (default "tiles state"; "cards" adds the card game's)
#   QWIRKLE_BENCH_JOBS     build jobs (default 2)
#   QWIRKLE_BENCH_PAIRS    "NEW=OLD ...": also compare benchmark NEW of the working tree with OLD of
#                          REV (a new way of doing an old thing, e.g. place_rewind=place_undo)
# Example: bash scripts/bench-compare.sh f4bda74 5 --benchmark_min_time=0.2
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
rev=$1
shift
rounds=5
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  rounds=$1
  shift
fi
[ "$rounds" -ge 1 ] || { echo "bench-compare: ROUNDS must be at least 1" >&2; exit 2; }
filter=${QWIRKLE_BENCH_FILTER:--movegen_position}
jobs=${QWIRKLE_BENCH_JOBS:-2}
commit=$(git rev-parse --verify --quiet "$rev^{commit}") || { echo "bench-compare: no such revision: $rev" >&2; exit 2; }
python=/usr/bin/python3
[ -x "$python" ] || python=python3

bash scripts/setup.sh
configure_flags=(-DQWIRKLE_BUILD_TESTS=OFF -DQWIRKLE_BUILD_BENCHMARKS=ON -DQWIRKLE_BUILD_EXAMPLES=OFF
                 -DQWIRKLE_BUILD_DOCS=OFF -DQWIRKLE_BUILD_WEB=OFF -DQWIRKLE_CHECK_HEADERS=OFF -DQWIRKLE_PACKAGE_TESTS=OFF)

# -- the old build: REV's own sources and presets, beside the working tree --
source scripts/revision-source.sh
old_src=$(revision_source "$commit")
echo "== building $rev ($commit) in $old_src/build/release"
(cd "$old_src" && cmake --preset release "${configure_flags[@]}" >/dev/null && nice -n 5 cmake --build build/release -j "$jobs" >/dev/null)
old_bin=$old_src/build/release/bench

# -- the new build: the working tree --
echo "== building the working tree in build/release"
cmake --preset release "${configure_flags[@]}" >/dev/null
nice -n 5 cmake --build build/release -j "$jobs" >/dev/null
new_bin=build/release/bench

# -- programs present in both --
programs=()
for p in $(ls "$new_bin" "$old_bin" | grep '^qwirkle-bench-' | sed 's/^qwirkle-bench-//' | sort -u); do
  if [[ " ${QWIRKLE_BENCH_PROGRAMS:-tiles state} " != *" $p "* ]]; then continue; fi
  if [ ! -x "$new_bin/qwirkle-bench-$p" ]; then echo "unmatched program: $p (only in $rev)"; continue; fi
  if [ ! -x "$old_bin/qwirkle-bench-$p" ]; then echo "unmatched program: $p (only in the working tree)"; continue; fi
  programs+=("$p")
done
[ ${#programs[@]} -gt 0 ] || { echo "bench-compare: no benchmark program in both builds" >&2; exit 1; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for ((r = 1; r <= rounds; ++r)); do
  for p in "${programs[@]}"; do
    for side in new old; do
      # Alternate which side runs first, so that neither always gets the warmer (or busier) slot.
      if (( r % 2 == 0 )); then side=$([ "$side" = new ] && echo old || echo new); fi
      bin=$([ "$side" = new ] && echo "$new_bin" || echo "$old_bin")
      echo "== round $r/$rounds: $p ($side)" >&2
      rm -f "$out/program"
      cp "$bin/qwirkle-bench-$p" "$out/program"
      "$out/program" --benchmark_filter="$filter" --benchmark_out_format=json \
          --benchmark_out="$out/$p.$side.$r.json" "$@" >/dev/null 2>"$out/log" || { cat "$out/log" >&2; exit 1; }
    done
  done
done

"$python" - "$out" "$rounds" "$rev" "${programs[@]}" <<'EOF'
import json, os, statistics, sys
out, rounds, rev, programs = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
pairs = [tuple(x.split("=", 1)) for x in os.environ.get("QWIRKLE_BENCH_PAIRS", "").split() if "=" in x]
skip = {"name", "run_name", "run_type", "repetitions", "repetition_index", "threads", "iterations",
        "time_unit", "family_index", "per_family_instance_index", "aggregate_name", "aggregate_unit",
        "error_occurred", "error_message", "label"}
def figures(b):
    f = {}
    unit = b.get("time_unit", "ns")
    scale = {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[unit]
    f["time_ns"] = b["real_time"] * scale if b["name"].endswith("/manual_time") or b["name"].endswith("/real_time") else b["cpu_time"] * scale
    for k, v in b.items():
        if k in skip or k in ("real_time", "cpu_time") or not isinstance(v, (int, float)): continue
        # Inverted rates (Google Benchmark's kIsRate | kInvert) come in seconds: show them in ns.
        f[k] = v * 1e9 if k.startswith("ns_per") and abs(v) < 1e-3 else v
    return f
def load(p, side, r):
    path = f"{out}/{p}.{side}.{r}.json"
    # (a program none of whose benchmarks the filter matches writes no file, or an empty one)
    if not os.path.exists(path) or os.path.getsize(path) == 0: return {}
    with open(path) as fh:
        data = json.load(fh)
    return {b["name"]: figures(b) for b in data["benchmarks"] if b.get("run_type", "iteration") == "iteration" and not b.get("error_occurred")}
print(f"\nnew = working tree, old = {rev}; {rounds} rounds, run alternately; ratio = new/old per round")
print(f"{'benchmark':<34} {'figure':<24} {'new (median)':>14} {'old (median)':>14} {'ratio min':>9} {'median':>8} {'max':>8} {'best':>8}  better")
for p in programs:
    new = [load(p, "new", r) for r in range(1, rounds + 1)]
    old = [load(p, "old", r) for r in range(1, rounds + 1)]
    names_new, names_old = list(new[0]), set(old[0])
    print(f"-- {p}")
    if not names_new and not names_old:
        print("   (no benchmark of this program matches the filter)")
        continue
    rows = [(name, name) for name in names_new if name in names_old]
    rows += [(a, b) for a, b in pairs if a in new[0] and b in names_old]
    for name, old_name in rows:
        for fig in new[0][name]:
            if fig not in old[0][old_name]: continue
            nv = [n[name][fig] for n in new if name in n]
            ov = [o[old_name][fig] for o in old if old_name in o]
            ratios = [a / b for a, b in zip(nv, ov) if b]
            if not ratios: continue
            better = "higher" if "per_second" in fig or fig.endswith("_rate") else "lower"
            if fig in ("state_bytes", "moves", "turns_per_game", "actions_per_state", "positions", "max_table"): better = "(count)"
            label = name if name == old_name else f"{name} / {old_name}"
            # best: each side's best run (least time, most per second) over the other's
            pick = max if better == "higher" else min
            best = pick(nv) / pick(ov) if pick(ov) else float("nan")
            print(f"{label:<34} {fig:<24} {statistics.median(nv):>14.4g} {statistics.median(ov):>14.4g} "
                  f"{min(ratios):>9.3f} {statistics.median(ratios):>8.3f} {max(ratios):>8.3f} {best:>8.3f}  {better}")
    paired = {a for a, b in rows}
    only_new = [n for n in names_new if n not in paired]
    only_old = [n for n in old[0] if n not in set(names_new)]
    if only_new: print(f"unmatched (only in the working tree): {', '.join(only_new)}")
    if only_old: print(f"unmatched (only in {rev}): {', '.join(only_old)}")
EOF
