#!/usr/bin/env bash
# Line coverage of the library's headers (include/) by the tests: which lines of the code the tests
# instantiate ever run. Builds the test suites, examples and tools with GCC's --coverage (-O1) in
# build/coverage, runs ctest there with a tenth of the long randomized loops (QWIRKLE_TEST_SCALE=10,
# the card solver's exhaustive comparison left out, as the asan preset does), then reads the
# counts with gcov (its JSON output) and prints, per header, the lines run and the lines with code;
# --lines also lists the lines never run, with their text. Template code counts only where some
# test instantiates it. Exits with ctest's status (the summary is printed either way).
#   bash scripts/coverage.sh [--lines]
set -euo pipefail
cd "$(dirname "$0")/.."
lines=0
usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; }
case "${1:-}" in
  "") ;;
  --lines) lines=1 ;;
  -h|--help) usage; exit 0 ;;
  *) usage >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "coverage: one option at most (--lines)" >&2; exit 2; }
for tool in g++ cmake ninja ctest python3; do
  command -v "$tool" >/dev/null || { echo "coverage: $tool is not installed" >&2; exit 1; }
done
# The gcov of the same GCC as g++ (another version cannot read its counts): gcov-MAJOR, else gcov
# when its version matches.
major=$(g++ -dumpversion | cut -d. -f1)
gcov=gcov-$major
command -v "$gcov" >/dev/null || gcov=gcov
command -v "$gcov" >/dev/null || { echo "coverage: gcov is not installed" >&2; exit 1; }
"$gcov" --version | head -n 1 | grep -Eq "[^0-9.]$major\.[0-9]" ||
  { echo "coverage: $gcov is not GCC $major's ($("$gcov" --version | head -n 1))" >&2; exit 1; }
out=build/coverage
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$out" -G Ninja -DCMAKE_CXX_COMPILER=g++ -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS=-O1 --coverage -fprofile-update=atomic" -DQWIRKLE_UNITY_TESTS=ON \
  -DQWIRKLE_BUILD_BENCHMARKS=OFF -DQWIRKLE_CHECK_HEADERS=OFF -DQWIRKLE_BUILD_DOCS=OFF \
  -DQWIRKLE_BUILD_WEB=OFF -DQWIRKLE_BUILD_PYTHON=OFF -DQWIRKLE_INSTALL=OFF -DQWIRKLE_PACKAGE_TESTS=OFF >/dev/null
cmake --build "$out" -j "$jobs"
find "$out" -name '*.gcda' -delete  # (counts of this run only)
status=0
QWIRKLE_TEST_SCALE=10 ctest --test-dir "$out" -j "$jobs" -E 'exhaustive search: standard cards' --output-on-failure >"$out/ctest.log" 2>&1 || status=$?
tail -n 3 "$out/ctest.log"
python3 - "$out" "$PWD/include" "$lines" "$gcov" <<'EOF'
import collections, json, os, subprocess, sys
build = os.path.abspath(sys.argv[1])
root = os.path.realpath(sys.argv[2]) + os.sep
show, gcov = sys.argv[3] == "1", sys.argv[4]
failed = []
runs = collections.defaultdict(dict)  # header -> line -> highest count over the objects that compile it
for folder, _, files in os.walk(build):
    for f in files:
        if not f.endswith(".gcda"):
            continue
        run = subprocess.run([gcov, "--json-format", "--stdout", "-o", folder, os.path.join(folder, f)],
                             capture_output=True, cwd=folder, check=False)
        if run.returncode != 0:
            failed.append(f"{os.path.join(folder, f)}: {run.stderr.decode(errors='replace').strip()[:200]}")
        for chunk in run.stdout.splitlines():
            try:
                data = json.loads(chunk)
            except ValueError:
                continue
            base = data.get("current_working_directory", folder)  # (relative names are relative to it)
            for entry in data.get("files", []):
                name = os.path.realpath(os.path.join(base, entry["file"]))
                if not name.startswith(root):
                    continue
                seen = runs[name]
                for line in entry["lines"]:
                    seen[line["line_number"]] = max(seen.get(line["line_number"], 0), line["count"])
for f in failed:
    print("coverage: gcov failed on " + f, file=sys.stderr)
if not runs:
    sys.exit("coverage: no counts found for " + root)
total_run = total = 0
for name in sorted(runs):
    seen = runs[name]
    run = sum(1 for c in seen.values() if c > 0)
    total_run += run
    total += len(seen)
    print(f"{name[len(root):]:36s} {run:5d} / {len(seen):5d}  {100.0 * run / len(seen):5.1f}%")
    if show:
        text = open(name, encoding="utf-8").read().split("\n")
        for n in sorted(k for k, c in seen.items() if c == 0):
            print(f"    {n:5d}  {text[n - 1].strip()[:110]}")
print(f"{'all headers':36s} {total_run:5d} / {total:5d}  {100.0 * total_run / total:5.1f}%  (lines run / lines with code)")
EOF
exit "$status"
