#!/usr/bin/env bash
# Time ratios of the working tree against a git revision, the two run in one process a few
# milliseconds apart: for a host whose speed wanders (bench-compare.sh alternates whole programs,
# seconds apart, and its spreads on such a host can be wider than the change measured).
#
#   bash scripts/bench-interleave.sh REV [ROUNDS] [MODE...]
#     MODE: a workload of bench/callgrind/workload.cpp (its list `modes`; default: all, in that order)
#     ROUNDS: default 40
#
# The workloads are bench/callgrind/workload.cpp's (public 0.1.0 API only, so REV may be 0.1.0),
# built for each side as a shared library (g++ -O3, as callgrind.sh builds them) and loaded by
# bench/callgrind/interleave.cpp, which runs them alternately and prints each side's median time per
# unit and the spread of the per-round ratios new/old. The ratio's median and quartiles are what
# to quote; min and max show the host's worst moments.
#   QWIRKLE_INTERLEAVE_FLAGS_NEW, QWIRKLE_INTERLEAVE_FLAGS_OLD: more compiler flags for one side,
#   split at spaces (REV = HEAD and -march=native on the new side: what building for the machine gives)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
rev=$1
shift
commit=$(git rev-parse --verify --quiet "$rev^{commit}") || { echo "bench-interleave: no such revision: $rev" >&2; exit 2; }
rounds=40
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  rounds=$1
  shift
fi
(( rounds >= 1 && rounds <= 100000 )) || { echo "bench-interleave: ROUNDS must be from 1 to 100000" >&2; exit 2; }
modes=("$@")  # (none: all; checked against the workloads' list once the new side is built)
for m in ${modes[@]+"${modes[@]}"}; do
  [[ $m =~ ^[a-z_]+$ ]] || { echo "bench-interleave: not a workload's name: $m" >&2; exit 2; }
done
out=build/interleave
mkdir -p "$out"
source scripts/revision-source.sh
src=$(revision_source "$commit")
# (hidden symbols and -Bsymbolic: each library keeps its own copy of every template)
lib=(-std=c++20 -O3 -DNDEBUG -DQWIRKLE_WORKLOAD_TIMED -fPIC -shared -fvisibility=hidden -fvisibility-inlines-hidden -Wl,-Bsymbolic)
read -r -a flags_new <<<"${QWIRKLE_INTERLEAVE_FLAGS_NEW:-}"
read -r -a flags_old <<<"${QWIRKLE_INTERLEAVE_FLAGS_OLD:-}"
# The three builds run side by side; the workloads asked for are checked against the new side's
# list as soon as it and the driver are built (an unknown one: exit 2 without waiting for the old side).
g++ "${lib[@]}" ${flags_old[@]+"${flags_old[@]}"} -I"$src/include" bench/callgrind/workload.cpp -o "$out/old.so" &
old_build=$!
trap 'kill "$old_build" 2>/dev/null || true' EXIT
g++ -std=c++20 -O2 bench/callgrind/interleave.cpp -o "$out/interleave" -ldl &
driver_build=$!
g++ "${lib[@]}" ${flags_new[@]+"${flags_new[@]}"} -Iinclude bench/callgrind/workload.cpp -o "$out/new.so"
wait "$driver_build"
"$out/interleave" --check "$PWD/$out/new.so" ${modes[@]+"${modes[@]}"}
wait "$old_build"
trap - EXIT
echo "new = working tree${QWIRKLE_INTERLEAVE_FLAGS_NEW:+ ($QWIRKLE_INTERLEAVE_FLAGS_NEW)}, old = $rev ($commit)${QWIRKLE_INTERLEAVE_FLAGS_OLD:+ ($QWIRKLE_INTERLEAVE_FLAGS_OLD)};" \
     "$rounds rounds, alternately in one process; ratio = new/old per round"
"$out/interleave" "$PWD/$out/new.so" "$PWD/$out/old.so" tests/data "$rounds" ${modes[@]+"${modes[@]}"}
