#!/usr/bin/env bash
# Builds the benchmarks in Release and runs them (the figures quoted in the README come from here).
#   bash scripts/bench.sh [extra Google Benchmark flags]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release -DQWIRKLE_BUILD_TESTS=OFF -DQWIRKLE_BUILD_BENCHMARKS=ON -DQWIRKLE_BUILD_EXAMPLES=ON >/dev/null
cmake --build --preset release >/dev/null
for b in build/release/bench/qwirkle-bench-*; do
  echo "== $b"
  "$b" --benchmark_filter=-movegen_position "$@"   # the per-position runs are summarised by movegen_suite_median
done
