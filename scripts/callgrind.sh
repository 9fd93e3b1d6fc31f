#!/usr/bin/env bash
# Instruction counts (callgrind) of fixed workloads — move generation on the suite and on the
# positions of 20 greedy games, best_move on those positions, place + undo, board copy, whole
# greedy games — for the working tree and, given REV, for that git revision too, with the ratio
# new/old. Exact and repeatable even on a busy machine (bench/callgrind/workload.cpp says what each workload does).
#
#   bash scripts/callgrind.sh [REV] [MODE...]     MODE: a workload of bench/callgrind/workload.cpp (its list
#                                                 `modes`; default: all, in that order)
# The per-function profile of the last run of each mode stays in build/callgrind/MODE.new.out
# (callgrind_annotate build/callgrind/suite.new.out).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "callgrind: valgrind is not installed" >&2; exit 1; }
rev=
if [ $# -gt 0 ] && git rev-parse --verify --quiet "$1^{commit}" >/dev/null; then rev=$1; shift; fi
modes=("$@")
out=build/callgrind
mkdir -p "$out"
source scripts/workload-build.sh
workload_build include "$out/workload.new"
# The workloads, their units and whether a figure per move means something: the workload's own list.
workload_list "$out/workload.new"
[ ${#modes[@]} -gt 0 ] || modes=("${workloads[@]}")
for m in "${modes[@]}"; do workload_check callgrind "$m"; done
sides=(new)
if [ -n "$rev" ]; then
  commit=$(git rev-parse "$rev^{commit}")
  source scripts/revision-source.sh
  src=$(revision_source "$commit")
  workload_build "$src/include" "$out/workload.old"
  sides=(new old)
fi
printf '%-11s %-16s %14s %14s %9s\n' workload unit new "${rev:-}" new/old
for m in "${modes[@]}"; do
  declare -A per=()
  for s in "${sides[@]}"; do
    valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$out/$m.$s.out" \
             "$out/workload.$s" "$m" tests/data >"$out/$m.$s.units" 2>/dev/null
    read -r units moves <"$out/$m.$s.units"
    ir=$(grep -m1 '^summary:' "$out/$m.$s.out" | awk '{print $2}')
    per[$s]=$(awk -v a="$ir" -v b="$units" 'BEGIN{printf "%.1f", a / b}')
    [ "$moves" -gt 0 ] && [ "${workload_per_move[$m]}" = 1 ] && per[$s.move]=$(awk -v a="$ir" -v b="$moves" 'BEGIN{printf "%.1f", a / b}')
  done
  ratio=$([ -n "$rev" ] && awk -v a="${per[new]}" -v b="${per[old]}" 'BEGIN{printf "%.3f", a / b}' || echo "")
  printf '%-11s %-16s %14s %14s %9s\n' "$m" "Ir/${workload_unit[$m]}" "${per[new]}" "${per[old]:-}" "$ratio"
  if [ -n "${per[new.move]:-}" ]; then
    ratio=$([ -n "$rev" ] && awk -v a="${per[new.move]}" -v b="${per[old.move]}" 'BEGIN{printf "%.3f", a / b}' || echo "")
    printf '%-11s %-16s %14s %14s %9s\n' "" "Ir/move" "${per[new.move]}" "${per[old.move]:-}" "$ratio"
  fi
  unset per
done
