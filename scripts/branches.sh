#!/usr/bin/env bash
# The conditional jumps of a fixed workload (bench/callgrind/workload.cpp), each with how often it
# ran and how often it was taken, from callgrind (--collect-jumps=yes): the jumps taken closest to
# half the time are those a branch predictor can miss most, and on a fresh position it has not
# learnt them. Exact and repeatable, like scripts/callgrind.sh (which builds the same program).
#
#   bash scripts/branches.sh MODE [COUNT] [FUNCTION]
#     MODE      a workload of bench/callgrind/workload.cpp (its list `modes`), e.g. in_game, best, greedy
#     COUNT     how many jumps to print (default 30), those whose lesser side (taken or not) is largest first
#     FUNCTION  only jumps in functions whose name holds this text (after inlining: a jump belongs
#               to the function it was compiled into), e.g. 'generator' or 'best_keeper'
#
# Per jump: the runs and the times taken per unit of the workload (a position, a game, ...), the
# share taken, the lesser side per unit (the most that guessing the common side always would
# miss), the instruction and its source line. The profile stays in build/callgrind/MODE.jumps.out.
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { sed -n '7,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 3 ] || usage
mode=$1
count=${2:-30}
filter=${3:-}
[[ $mode =~ ^[a-z_]+$ ]] || { echo "branches: not a workload's name: $mode" >&2; exit 2; }
[[ $count =~ ^[0-9]+$ ]] && (( count >= 1 && count <= 100000 )) || { echo "branches: COUNT must be a number from 1 to 100000" >&2; exit 2; }
for tool in valgrind objdump python3; do
  command -v "$tool" >/dev/null || { echo "branches: $tool is not installed" >&2; exit 1; }
done
out=build/callgrind
mkdir -p "$out"
source scripts/workload-build.sh
workload_build include "$out/workload.jumps"
workload_list "$out/workload.jumps"
workload_check branches "$mode"
valgrind --tool=callgrind --collect-atstart=no --collect-jumps=yes --dump-instr=yes \
         --callgrind-out-file="$out/$mode.jumps.out" "$out/workload.jumps" "$mode" tests/data >"$out/$mode.jumps.units" 2>/dev/null
read -r units _ <"$out/$mode.jumps.units" || true
[[ ${units:-} =~ ^[1-9][0-9]*$ ]] || { echo "branches: the workload $mode measured nothing (is tests/data/perft_tiles.tsv there?)" >&2; exit 1; }
python3 - "$out/$mode.jumps.out" "$out/workload.jumps" "$units" "$count" "$filter" <<'EOF'
import os, re, subprocess, sys

profile, binary, units, count, want = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
# callgrind's format: "ob=(id) name" and "fn=(id) name" name the object and the function of the
# lines after them (the name only the first time the id appears, there or in a "cob=" or "cfn="
# line, which names a callee's); a position line starts with an address (within its object),
# absolute, "+n" / "-n" from the last one, or "*" for the same (a line number and costs follow,
# not needed here: objdump gives the source line); "jcnd=taken/runs target" describes the
# conditional jump at the next position.
names, objects, function, obj, address, pending = {}, {}, None, None, 0, None
jumps = {}  # (object, address) -> [taken, runs]
position = re.compile(r'^(0x[0-9a-f]+|[+-][0-9]+|\*)(?: |$)')

def step(token, last):
    if token == '*':
        return last
    if token[0] in '+-':
        return last + int(token, 0)
    return int(token, 0)

def named(text, kind, table):
    """For a line "kind=(id) [name]" or "ckind=(id) [name]": records the name, and returns the
    name of the id for "kind=" (the lines after it are its), None for "ckind=" (a callee's)."""
    m = re.match(r'^c?' + kind + r'=\((\d+)\)(?: (.*))?$', text.rstrip('\n'))
    if m and m.group(2):
        table[m.group(1)] = m.group(2)
    return table.get(m.group(1)) if m and text.startswith(kind + '=') else None

for text in open(profile):
    if text.startswith(('ob=', 'cob=')):
        name = named(text, 'ob', objects)
        obj = name if text.startswith('ob=') else obj
        continue
    if text.startswith(('fn=', 'cfn=')):
        name = named(text, 'fn', names)
        function = name if text.startswith('fn=') else function
        continue
    if text.startswith('jcnd='):
        m = re.match(r'^jcnd=(\d+)/(\d+) ', text)
        pending = (int(m.group(1)), int(m.group(2)))
        continue
    if text.startswith('jump='):
        pending = None
        continue
    if position.match(text):
        address = step(text.split()[0], address)
        if pending and function and want in function:
            j = jumps.setdefault((obj, address), [0, 0])
            j[0] += pending[0]
            j[1] += pending[1]
        pending = None

listing = subprocess.run(['objdump', '-d', '--no-show-raw-insn', '-l', binary], capture_output=True, text=True, check=True).stdout
source, where = '?', {}
for text in listing.split('\n'):
    if text.startswith('/'):
        source = text.rsplit('/', 1)[-1]
        continue
    m = re.match(r'^\s+([0-9a-f]+):\s+(\S+)', text)
    if m:
        where[int(m.group(1), 16)] = (m.group(2), source)

rows = sorted(((min(t, r - t), a, t, r, o) for (o, a), (t, r) in jumps.items() if r), reverse=True)
main = os.path.realpath(binary)
print(f'{len(jumps)} conditional jumps in {"functions holding " + repr(want) if want else "the workload"}; per {units} units:')
print(f'{"address":>8} {"runs":>8} {"taken":>8} {"share":>6} {"lesser":>7}  instruction source')
for lesser, a, t, r, o in rows[:count]:
    # (jumps in other objects, the C and C++ runtime libraries: their name, not a source line)
    op, src = where.get(a, ('?', '?')) if o and os.path.realpath(o) == main else ('?', os.path.basename(o or '?'))
    print(f'{a:8x} {r / units:8.2f} {t / units:8.2f} {100 * t / r:5.1f}% {lesser / units:7.2f}  {op:<6} {src}')
EOF
