# Sourced by the benchmark scripts (bench-compare.sh, bench-interleave.sh, callgrind.sh):
# `revision_source COMMIT` prints the directory of COMMIT's sources, build/bench-compare/<commit>/src,
# exported with `git archive` the first time and kept for the next run. The export goes to a
# temporary directory first, so that an interrupted one is never taken for a finished one.
revision_source() {
  local dir=build/bench-compare/$1/src tmp
  if [ ! -f "$dir/CMakeLists.txt" ]; then
    mkdir -p "build/bench-compare/$1"
    tmp=$(mktemp -d "build/bench-compare/$1/export.XXXXXX")
    git archive "$1" | tar -x -C "$tmp"
    rm -rf "$dir"
    mv "$tmp" "$dir"
  fi
  echo "$dir"
}
