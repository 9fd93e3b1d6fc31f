#!/usr/bin/env bash
# Fuzzing with libFuzzer (Clang): builds the targets of fuzz/ (QWIRKLE_BUILD_FUZZERS=ON, in
# build/fuzz), writes the seed corpora (build/fuzz/seeds/<target>: from the perft suites and game
# records of tests/data, and deterministic byte strings for the byte-driven targets) and runs them.
#   bash scripts/fuzz.sh              smoke: every target for QWIRKLE_FUZZ_SECONDS (default 5) seconds, two at a time,
#                                     built at -O0 without -g in build/fuzz-smoke (4x quicker to compile)
#   bash scripts/fuzz.sh long N [R]   every target for N seconds (or R executions, whichever comes
#                                     first: -runs=R), one after the other, under nice -n 10
#   bash scripts/fuzz.sh build        build (as for long runs) and write the seeds only
# Long runs and `build` use build/fuzz (RelWithDebInfo: -O2 -g).
# QWIRKLE_FUZZ_TARGETS="fuzz_a fuzz_b" limits the run to those targets (e.g. two shells sharing the cores).
# QWIRKLE_FUZZ_WORKERS=N runs each target as N libFuzzer processes sharing its corpus (-jobs=N
# -workers=N), each for RUNS / N executions; the figures printed are their sums.
# Every run uses libFuzzer's plain scheduling (-entropic=0): with the tens of thousands of features
# these targets reach, the entropic scheduler's bookkeeping (InputCorpus::UpdateFeatureFrequency and
# AddRareFeature: a linear search of the rare features per feature per execution) took 56% of
# fuzz_tile_game's time; without it the same 150 s gave 1.9x the executions and more coverage.
# Each target keeps its growing corpus in <build>/corpus/<target>; a crash is written to
# <build>/artifacts/ and makes the script fail. Without Clang's libFuzzer runtime the script says
# "skipped: ..." and succeeds.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-smoke}
seconds=${QWIRKLE_FUZZ_SECONDS:-5}
runs_limit=()
workers=${QWIRKLE_FUZZ_WORKERS:-1}
case $workers in ''|*[!0-9]*|0) echo "QWIRKLE_FUZZ_WORKERS must be a positive integer" >&2; exit 2 ;; esac
if [ "$mode" = long ]; then
  seconds=${2:?usage: scripts/fuzz.sh long SECONDS [RUNS]}
  if [ -n "${3:-}" ]; then runs_limit=(-runs="$(( ($3 + workers - 1) / workers ))"); fi
fi
cxx=${QWIRKLE_FUZZ_CXX:-clang++}

probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '#include <cstdint>\n#include <cstddef>\nextern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }\n' > "$probe/p.cpp"
if ! command -v "$cxx" >/dev/null || ! "$cxx" -fsanitize=fuzzer "$probe/p.cpp" -o "$probe/p" >/dev/null 2>&1; then
  echo "skipped: fuzzing (libFuzzer not available: $cxx -fsanitize=fuzzer fails; on Debian install clang and libclang-rt-dev)"
  exit 0
fi

# The smoke builds without optimisation: compiling the seven targets (ASan + UBSan + libFuzzer's
# instrumentation of the whole header-only library in each) is then ~4x cheaper than at -O2 -g, and a
# run of a few seconds needs no speed. Long runs build optimised, in their own directory.
if [ "$mode" = smoke ]; then
  build=build/fuzz-smoke; build_type=(-DCMAKE_BUILD_TYPE= -DCMAKE_CXX_FLAGS=-O0)
else
  build=build/fuzz; build_type=(-DCMAKE_BUILD_TYPE=RelWithDebInfo)
fi
targets=(fuzz_tile_notation fuzz_record fuzz_tile_game fuzz_movegen fuzz_card_notation fuzz_card_turns fuzz_card_game)
if [ -n "${QWIRKLE_FUZZ_TARGETS:-}" ]; then read -r -a targets <<< "$QWIRKLE_FUZZ_TARGETS"; fi
cmake -S . -B "$build" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" "${build_type[@]}" \
  -DQWIRKLE_BUILD_FUZZERS=ON -DQWIRKLE_WARNINGS_AS_ERRORS=ON -DQWIRKLE_BUILD_TESTS=OFF -DQWIRKLE_BUILD_BENCHMARKS=OFF \
  -DQWIRKLE_BUILD_EXAMPLES=OFF -DQWIRKLE_CHECK_HEADERS=OFF -DQWIRKLE_BUILD_DOCS=OFF -DQWIRKLE_INSTALL=OFF \
  -DQWIRKLE_BUILD_WEB=OFF -DQWIRKLE_PACKAGE_TESTS=OFF >/dev/null
nice -n 5 cmake --build "$build" -j "${QWIRKLE_FUZZ_JOBS:-2}" --target "${targets[@]}"

# ---- seed corpora ------------------------------------------------------------------------------------
seeds=$build/seeds
for t in "${targets[@]}"; do rm -rf "${seeds:?}/$t"; mkdir -p "$seeds/$t" "$build/corpus/$t"; done
wanted() { [ -d "$seeds/$1" ]; }  # seeds are written for the selected targets only
mkdir -p "$build/artifacts"
wanted fuzz_tile_notation && {
n=0  # tile positions of the perft suite, and their pieces (cells, moves, actions)
while IFS=$'\t' read -r position _; do
  n=$((n + 1))
  printf '%s' "$position" > "$seeds/fuzz_tile_notation/perft_$n"
  printf '%s' "${position%% |*}" | cut -d' ' -f1-3 > "$seeds/fuzz_tile_notation/move_$n"
done < tests/data/perft_tiles.tsv
for s in '0,0' '-3,12' '0,0,R1' 'exchange R1 G2 G2' 'pass' 'draw3' 'take 1,0' 'R1 O2 Y3 G4 B5 P6'; do
  n=$((n + 1)); printf '%s' "$s" > "$seeds/fuzz_tile_notation/text_$n"
done
}
wanted fuzz_card_notation && {
n=0
while IFS=$'\t' read -r position _; do
  n=$((n + 1)); printf '%s' "$position" > "$seeds/fuzz_card_notation/perft_$n"
done < tests/data/perft_cards.tsv
}
# Game records: every 8th record of the 0.1.0 determinism file (each with its `# rules` line).
wanted fuzz_record && awk -v dir="$seeds/fuzz_record" '/^# rules /{k++; keep = (k % 8 == 1); if (keep) out = dir "/record_" k} keep {print > out}' \
  tests/data/records_0.1.0.txt
# The byte-driven targets: deterministic pseudo-random byte strings of 64 bytes to 1 KiB (-max_len).
for t in fuzz_tile_game fuzz_movegen fuzz_card_turns fuzz_card_game; do
  wanted $t || continue
  for k in 1 2 3 4 5 6 7 8; do
    python3 -c 'import random, sys; r = random.Random(sys.argv[1]); sys.stdout.buffer.write(bytes(r.getrandbits(8) for _ in range(int(sys.argv[2]))))' \
      "$t$k" $((64 << (k % 5))) > "$seeds/$t/bytes_$k"
  done
done
[ "$mode" = build ] && exit 0

# ---- runs ------------------------------------------------------------------------------------------------
# malloc_context_size=0: ASan records no stack for each allocation (a crash report then lacks the
# allocation's stack; rerun the written input with the default to see it). fuzz_movegen, which
# allocates in its reference rules, runs 1.23x as fast with it (user time of 4,000 executions from
# the seeds, twice each way); the game targets run as fast either way.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:malloc_context_size=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# One target's run; its line of figures goes to $build/artifacts/<target>.result.
run_target() {
  local t=$1 log=$build/artifacts/$1.log start result runs elapsed rate max_len jobs_dir
  start=$(date +%s)
  case $t in  # the longest input worth trying: text seeds are < 1 KiB; the byte-driven targets cap their games
    fuzz_record) max_len=2048 ;;
    *) max_len=1024 ;;
  esac
  local args=(-max_total_time="$seconds" "${runs_limit[@]}" -entropic=0 -timeout=60 -rss_limit_mb=2048 -max_len=$max_len
              -print_final_stats=1 -artifact_prefix="$PWD/$build/artifacts/$t-")
  if [ "$workers" = 1 ]; then
    if nice -n 10 "$build/fuzz/$t" "${args[@]}" "$build/corpus/$t" "$seeds/$t" > "$log" 2>&1; then result=ok; else result=FAILED; fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  else  # N processes on one corpus; each writes its log (fuzz-<job>.log) into its own directory
    jobs_dir=$build/artifacts/$t-jobs; rm -rf "$jobs_dir"; mkdir -p "$jobs_dir"
    if (cd "$jobs_dir" && nice -n 10 "$OLDPWD/$build/fuzz/$t" -jobs="$workers" -workers="$workers" "${args[@]}" \
          "$OLDPWD/$build/corpus/$t" "$OLDPWD/$seeds/$t") > "$log" 2>&1; then result=ok; else result=FAILED; fi
    cat "$jobs_dir"/fuzz-*.log >> "$log"
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$jobs_dir"/fuzz-*.log | awk '{s += $1} END {if (NR) print s}')
  fi
  elapsed=$(( $(date +%s) - start ))
  rate=$(( ${runs:-0} / (elapsed > 0 ? elapsed : 1) ))
  {
    echo "fuzz: $t $result: ${runs:-?} executions in $elapsed s (${rate}/s)"
    if [ "$result" = FAILED ]; then grep -E 'ERROR|runtime error|property failed|Test unit written' "$log" | head -5; fi
  } > "$build/artifacts/$t.result"
}
# The smoke runs two targets at a time (the machine's two cores: seven runs of a few seconds each
# took 42 s one after the other); long runs go one after the other (QWIRKLE_FUZZ_PARALLEL sets it).
parallel=${QWIRKLE_FUZZ_PARALLEL:-$([ "$mode" = smoke ] && echo 2 || echo 1)}
case $parallel in ''|*[!0-9]*|0) echo "QWIRKLE_FUZZ_PARALLEL must be a positive integer" >&2; exit 2 ;; esac
running=0
for t in "${targets[@]}"; do
  rm -f "$build/artifacts/$t.result"
  if [ "$running" -ge "$parallel" ]; then wait -n || true; running=$((running - 1)); fi
  run_target "$t" &
  running=$((running + 1))
done
wait
status=0
for t in "${targets[@]}"; do
  if [ -f "$build/artifacts/$t.result" ]; then cat "$build/artifacts/$t.result"; else echo "fuzz: $t FAILED: no result"; fi
  grep -q "^fuzz: $t ok:" "$build/artifacts/$t.result" 2>/dev/null || status=1
done
exit $status
