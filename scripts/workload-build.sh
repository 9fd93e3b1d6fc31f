# Sourced by scripts/callgrind.sh and scripts/branches.sh, which run the same program under
# callgrind: `workload_build INCLUDE_DIR OUTPUT` builds bench/callgrind/workload.cpp against the
# library headers in INCLUDE_DIR with the release preset's flags; `workload_list PROGRAM` reads
# the program's list of workloads (`--modes`) into `workloads` (their names, in order) and
# `workload_unit` / `workload_per_move` (by name); `workload_check NAME MODE` exits 2 with NAME's
# message when MODE is not one of them.
workload_flags=(-std=c++20 -O3 -DNDEBUG -g)   # what the release preset builds with
workload_build() {
  g++ "${workload_flags[@]}" -I"$1" bench/callgrind/workload.cpp -o "$2"
}
declare -ga workloads=()
declare -gA workload_unit=() workload_per_move=()
workload_list() {
  local name u pm list
  list=$("$1" --modes) || { echo "workload: $1 --modes failed" >&2; exit 1; }
  workloads=()
  workload_unit=()
  workload_per_move=()
  while read -r name u pm; do
    workloads+=("$name"); workload_unit[$name]=$u; workload_per_move[$name]=$pm
  done <<<"$list"
}
workload_check() {
  [ -n "${workload_unit[$2]:-}" ] || { echo "$1: unknown workload: $2 (workloads: ${workloads[*]})" >&2; exit 2; }
}
