#!/usr/bin/env bash
# Builds everything with Clang and with GCC (warnings as errors) and runs the tests of both;
# the benchmarks run as a short smoke test among them.
#   bash scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
for preset in dev-clang dev-gcc; do
  echo "== $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$jobs"
  ctest --preset "$preset" -j "$jobs"
done
