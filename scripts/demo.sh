#!/usr/bin/env bash
# The main job: builds the library's demo and plays a full seeded game between two bots.
#   bash scripts/demo.sh [seed]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# Its own build directory, so that these switches do not stay in build/release's cache (where the
# README's benchmark and tournament commands expect the preset's defaults).
cmake --preset release -B build/demo -DQWIRKLE_BUILD_TESTS=OFF -DQWIRKLE_BUILD_BENCHMARKS=OFF -DQWIRKLE_BUILD_EXAMPLES=ON >/dev/null
cmake --build build/demo --target qwirkle-demo >/dev/null
./build/demo/examples/qwirkle-demo "${1:-2026}"
