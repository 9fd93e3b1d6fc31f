#!/usr/bin/env bash
# The main job: builds the library's demo and plays a full seeded game between two bots.
#   bash scripts/demo.sh [seed]
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake --preset release -DQWIRKLE_BUILD_TESTS=OFF -DQWIRKLE_BUILD_BENCHMARKS=OFF -DQWIRKLE_BUILD_EXAMPLES=ON >/dev/null
cmake --build --preset release --target qwirkle-demo >/dev/null
./build/release/examples/qwirkle-demo "${1:-2026}"
