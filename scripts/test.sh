#!/usr/bin/env bash
# Builds everything with Clang and with GCC (warnings as errors; Clang builds the test suites under
# its sanitizers, see below) and runs the tests of both; the
# benchmarks run as a short smoke test among them. The GCC pass also runs the header check (every
# public header compiled on its own, qwirkle_header_check) and what does not depend on the
# compiler: the consumer tests of every packaging route (tests/package: install + find_package,
# add_subdirectory, FetchContent, pkg-config, the vcpkg port's steps, and `conan create` when Conan
# is there), the Python package's pytest suite (label python), the web package and page
# (label web) and the API reference (docs: doxygen) — each reported as skipped when its tools are
# missing. Between the two, an AddressSanitizer + UndefinedBehaviorSanitizer build (Clang, warnings
# as errors) runs the tile, card, conformance and search tests — the plain Clang pass builds of them
# only the two sources it leaves out — and scripts/fuzz.sh runs every fuzz target for a short smoke
# (reported as skipped without libFuzzer).
# The last lines are the summary of the GCC tests.
#   bash scripts/test.sh
# Conan is looked for in $QWIRKLE_CONAN_SRC (a conan 2 source tree; OFF to skip), then on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)

case "${QWIRKLE_CONAN_SRC:-}" in OFF|off|0|none|NO|no) conan_off=1 ;; *) conan_off= ;; esac
if [ -n "$conan_off" ]; then
  echo "skipped: conan not available (QWIRKLE_CONAN_SRC=$QWIRKLE_CONAN_SRC; the 'package: conan' tests will be skipped)"
elif [ -n "${QWIRKLE_CONAN_SRC:-}" ]; then
  echo "conan: from $QWIRKLE_CONAN_SRC"
elif command -v conan >/dev/null && conan --version 2>/dev/null | grep -q 'Conan version 2'; then
  echo "conan: $(command -v conan)"
else
  echo "skipped: conan not available (the 'package: conan' tests will be skipped; set QWIRKLE_CONAN_SRC to a conan 2 source tree)"
fi

# Line tables instead of full debug information (-g1 for -g): stack traces of failures and of the
# sanitizers keep file and line, and every build of this script compiles about a quarter faster
# (determinism_test.cpp: 35.8 -> 25.8 s with Clang 14, 43.8 -> 32.7 s with GCC 12). Developers
# who configure the presets themselves keep -g.
debug_flags=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG")
# The Clang pass has no sanitizer to symbolise and the tests report file and line themselves: it
# builds without debug information, which takes Clang 0.89x the time of -g1 (the tile tests' first
# batch: 89.6 against 100.5 s of CPU, 29 November; GCC 12 took the same with either, and keeps -g1),
# and at -O1, 0.70x the time of -O2 (84.4 against 121.3 s, the two compiled at once). Clang's
# warnings come from its front end, whatever the optimisation; GCC's depend on it, so the GCC pass
# keeps the dev preset's -O2.
clang_flags=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g0 -DNDEBUG")
# Each test suite compiled in batches of 8 sources (QWIRKLE_UNITY_TESTS, a unity build): a template
# the sources share is then compiled once a batch instead of once a file. The tile tests took
# 0.72x the compiler's time with GCC (259 against 359 s of CPU, 28 November, the machine shared).
debug_flags+=(-DQWIRKLE_UNITY_TESTS=ON)

run_preset() {
  local preset=$1
  shift
  echo "== $preset"
  local t0=$SECONDS
  cmake --preset "$preset" "${debug_flags[@]}" "$@" >/dev/null  # (a later -D of the same variable wins)
  cmake --build --preset "$preset" -j "$jobs"
  echo "== $preset: configured and built in $((SECONDS - t0)) s (the tests' time is ctest's \"Total Test time\")"
  ctest --preset "$preset" -j "$jobs"
}

# What does not depend on the C++ compiler of the pass runs once, in the GCC pass: the web package
# (em++ is the compiler there either way), the consumer tests of the packaging routes, the Python
# package's build and tests, the API reference. The Clang pass builds the examples, benchmarks,
# static tests and two test sources with -Werror and runs their tests (the CLI and perft suites
# among them); the header check, which asks only whether each
# header includes what it uses (the same standard library headers either way), runs in the GCC pass.
# Clang compiles each test source once: the ASan pass builds the test suites with warnings as
# errors, and the plain Clang pass builds of them only the two sources the ASan pass leaves out
# (sanitizer_skip, the asan preset's QWIRKLE_TEST_SKIP, read from CMakePresets.json: one list for
# both passes and for hand builds of the preset), beside the examples, benchmarks, static tests and
# the CLI and perft suites. Compiling every suite in both Clang passes had cost about 320 s of CPU
# for the Clang pass's test objects (its ninja log, 30 November), of which the two sources it keeps
# take about 100 (compiled one by one): some 220 s went to sources the ASan pass compiles too. (An
# empty list would leave the ASan pass every source and the Clang pass all of them again.)
sanitizer_skip=$(cmake -DPRESET=asan -DVARIABLE=QWIRKLE_TEST_SKIP -P cmake/preset_value.cmake)
echo "sources the ASan pass leaves out and the Clang pass builds: ${sanitizer_skip:-(none)}"
run_preset dev-clang "${clang_flags[@]}" -DQWIRKLE_CHECK_HEADERS=OFF -DQWIRKLE_BUILD_WEB=OFF -DQWIRKLE_PACKAGE_TESTS=OFF -DQWIRKLE_BUILD_PYTHON=OFF -DQWIRKLE_BUILD_DOCS=OFF "-DQWIRKLE_TEST_ONLY=$sanitizer_skip"
run_preset asan -DQWIRKLE_WARNINGS_AS_ERRORS=ON "-DQWIRKLE_TEST_SKIP=$sanitizer_skip"
echo "== fuzz (smoke: every libFuzzer target for a few seconds; skipped without libFuzzer)"
t0=$SECONDS
bash scripts/fuzz.sh
echo "== fuzz: built and run in $((SECONDS - t0)) s"
run_preset dev-gcc
