#!/usr/bin/env bash
# Times catlab's `cpu` backend against Golly's Larger-than-Life algorithm (bgolly) on a torus, radius by
# radius, checks that both end in the same cells, and prints a Markdown report: machine, date, commit and
# a table of cell updates per second.
#
#   tools/bench_cpu_vs_golly.sh [--catlab build/bin/catlab] [--radii "1 2 ... 16 20 24 ... 64"] [--size 2048]
#                               [--generations 200] [--repeats 5] [--work DIR] [--docs docs/benchmarks.md]
#
# Rules: the CAT paper's instances (cat-r1 .. cat-r16 in assets/presets.csv) at their preset densities.
# Beyond radius 16: cat-r10 (Bugsmovie) with its intervals scaled by the neighbourhood size, from a start
# one standard deviation below the birth threshold (from a denser start a scaled rule dies in one
# generation at large radii, and an empty grid would time nothing).
# Timing: Golly's own timestamps (-b) at generations 0 and G, so loading and writing patterns is not
# counted; catlab's "steps G in X s", which covers stepping only. Each figure is the best of --repeats
# runs, taken alternately, each after waiting for the CPUs to be idle, because the machine may be shared.
# Agreement: Golly writes its final pattern (-o) trimmed to the bounding box of its live cells and without
# a position; it is compared cell for cell with catlab's final state, aligned on that bounding box.
# With --docs, the section "## CPU backend vs Golly" of that file is replaced (or appended; the file is
# created if missing) and every other section is kept.
set -euo pipefail
cd "$(dirname "$0")/.."

catlab=build/bin/catlab
radii="$(seq -s " " 1 16) $(seq -s " " 20 4 64)"
size=2048
generations=200
repeats=5
work=""
docs=""
while [[ $# -gt 0 ]]; do
    case $1 in
    --catlab) catlab=$2; shift 2 ;;
    --radii) radii=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --generations) generations=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --docs) docs=$2; shift 2 ;;
    -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "bench_cpu_vs_golly: unknown argument $1" >&2; exit 2 ;;
    esac
done
command -v bgolly >/dev/null || { echo "bench_cpu_vs_golly: bgolly not found (Debian package golly)" >&2; exit 1; }
[[ -x $catlab ]] || { echo "bench_cpu_vs_golly: no catlab at $catlab (build first, or give --catlab)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench_cpu_vs_golly: python3 is needed to compare patterns" >&2; exit 1; }
if [[ -z $work ]]; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
presets=assets/presets.csv

# "rule density" for a radius: the preset up to 16, scaled Bugsmovie beyond.
rule_for() {
    python3 - "$1" "$presets" <<'PY'
import math, re, sys
r, presets = int(sys.argv[1]), sys.argv[2]
rows = {f[0]: f for f in (l.rstrip("\n").split(";") for l in open(presets) if l.strip() and not l.startswith("#"))}
if f"cat-r{r}" in rows:
    row = rows[f"cat-r{r}"]
    print(row[3], row[2])
    sys.exit()
base = rows["cat-r10"]
s0, s1, b0, b1 = map(int, re.fullmatch(r"R10,C0,M0,S(\d+)\.\.(\d+),B(\d+)\.\.(\d+),NM", base[3]).groups())
cells = lambda radius: (2 * radius + 1) ** 2 - 1  # Moore, centre excluded
scale = cells(r) / cells(10)
S0, S1, B0, B1 = (round(v * scale) for v in (s0, s1, b0, b1))
rho = B0 / cells(r)
print(f"R{r},C0,M0,S{S0}..{S1},B{B0}..{B1},NM", round(rho - math.sqrt(rho * (1 - rho) / cells(r)), 5))
PY
}

# The machine may be shared: before each timed run, wait (at most 30 s) for half a second in which the
# CPUs are at least 90% idle, so that both programs are timed on a quiet machine as far as possible.
wait_for_idle() {
    local tries busy_idle1 busy_idle2
    for ((tries = 0; tries < 60; ++tries)); do
        busy_idle1=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat)
        sleep 0.5
        busy_idle2=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8, $5 + $6 }' /proc/stat)
        awk -v a="$busy_idle1" -v b="$busy_idle2" 'BEGIN {
            split(a, x, " "); split(b, y, " "); busy = y[1] - x[1]; idle = y[2] - x[2]
            exit !(busy + idle > 0 && busy <= 0.1 * (busy + idle)) }' && return 0
    done
    echo "bench_cpu_vs_golly: the machine stayed busy; timing anyway" >&2
}

# Seconds Golly spends on generations 0..G, from its -b timestamps ("<time> <generation>" lines).
golly_seconds() {
    bgolly -a "Larger than Life" -b -q -i "$generations" -m "$generations" -o "$work/golly_end.rle" "$1" 2>&1 |
        awk -v g="$generations" '$2 == "0" { t0 = $1 } $2 == g { t1 = $1 } END { if (t1 == "") exit 1; print t1 - t0 }'
}

# Seconds catlab's `cpu` backend spends stepping G generations ("steps G in X s: ...").
catlab_seconds() {
    "$catlab" run --backend cpu --in "$1" --steps "$generations" --no-progress "${@:2}" |
        awk '$1 == "steps" { print $4 }'
}

# "agree|differ <population> <detail>": Golly's trimmed final pattern against catlab's whole final grid.
compare_patterns() {
    python3 - "$1" "$2" <<'PY'
import re, sys

def read_rle(path):
    """Returns (width, height, cells as a bytearray of 0/1 rows) from the RLE's header box."""
    width = height = None
    body = []
    for line in open(path):
        if line.startswith("#"):
            continue
        header = re.match(r"x\s*=\s*(\d+)\s*,\s*y\s*=\s*(\d+)", line)
        if width is None and header:
            width, height = int(header[1]), int(header[2])
            continue
        body.append(line.strip())
    cells = bytearray(width * height)
    x = y = 0
    for count, tag in re.findall(r"(\d*)([a-zA-Z.$!])", "".join(body)):
        n = int(count or 1)
        if tag == "!":
            break
        if tag == "$":
            x, y = 0, y + n
        elif tag in "b.":
            x += n
        elif tag in "oA":
            cells[y * width + x : y * width + x + n] = b"\1" * n
            x += n
        else:
            sys.exit(f"{path}: unexpected state '{tag}' (two-state rules only)")
    return width, height, cells

gw, gh, golly = read_rle(sys.argv[1])
cw, ch, catlab = read_rle(sys.argv[2])
population = catlab.count(1)
if golly.count(1) != population:
    print(f"differ {population} populations: Golly {golly.count(1)}, catlab {population}")
    sys.exit()
if population == 0:
    print("agree 0 both empty")
    sys.exit()
rows = [catlab[y * cw : (y + 1) * cw] for y in range(ch)]
live = [y for y, row in enumerate(rows) if 1 in row]
left = min(row.find(1) for row in rows if 1 in row)
right = max(row.rfind(1) for row in rows if 1 in row)
if (right - left + 1, live[-1] - live[0] + 1) != (gw, gh):
    print(f"differ {population} bounding boxes: Golly {gw}x{gh}, catlab {right - left + 1}x{live[-1] - live[0] + 1}")
    sys.exit()
for dy in range(gh):
    if rows[live[0] + dy][left : left + gw] != golly[dy * gw : (dy + 1) * gw]:
        print(f"differ {population} first differing row {live[0] + dy}")
        sys.exit()
print(f"agree {population} same cells")
PY
}

# ---- measurements -------------------------------------------------------------------------------

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
table="$work/table.md"
{
    printf '| radius | rule | start density | Golly (cell updates/s) | catlab cpu (cell updates/s) '
    echo "| catlab / Golly | same cells after $generations generations |"
    echo "|---:|---|---:|---:|---:|---:|---|"
} >"$table"
for r in $radii; do
    read -r rule density < <(rule_for "$r")
    start="$work/start_r$r.rle"
    golly_start="$work/golly_start_r$r.rle"
    "$catlab" run --backend cpu --rule "$rule" --density "$density" --seed 1 --size "$size" --steps 0 \
        --out "$start" --no-progress >/dev/null
    # Golly's Larger-than-Life algorithm reads only its own notation (catlab writes radius 1 as B3/S23).
    sed "s/^\(x = [0-9]*, y = [0-9]*, rule = \).*/\1$rule:T$size,$size/" "$start" >"$golly_start"

    best_golly="" best_catlab=""
    for ((i = 0; i < repeats; ++i)); do
        wait_for_idle
        g=$(golly_seconds "$golly_start")
        wait_for_idle
        c=$(catlab_seconds "$start" --out "$work/catlab_end.rle")
        best_golly=$(awk -v a="$g" -v b="$best_golly" 'BEGIN { print (b == "" || a < b) ? a : b }')
        best_catlab=$(awk -v a="$c" -v b="$best_catlab" 'BEGIN { print (b == "" || a < b) ? a : b }')
    done
    read -r verdict population detail < <(compare_patterns "$work/golly_end.rle" "$work/catlab_end.rle")
    row=$(awk -v n="$size" -v g="$generations" -v tg="$best_golly" -v tc="$best_catlab" 'BEGIN {
        cells = n * n * g; rg = cells / tg; rc = cells / tc
        printf "%.3g|%.3g|%.1fx", rg, rc, rc / rg }')
    IFS='|' read -r golly_rate catlab_rate ratio <<<"$row"
    agree=$([[ $verdict == agree ]] && echo "yes (population $population)" || echo "NO: $detail")
    echo "| $r | \`$rule\` | $density | $golly_rate | $catlab_rate | $ratio | $agree |" | tee -a "$table" >&2
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- report -------------------------------------------------------------------------------------

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
report="$work/report.md"
{
    echo "## CPU backend vs Golly"
    echo
    echo "Produced by \`tools/bench_cpu_vs_golly.sh\` on $(date -u +%F)."
    echo
    echo "- Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, $(uname -sr)"
    version=$("$catlab" --version 2>/dev/null | head -1 || true)
    echo "- catlab: \`$version\` (its \`--version\` names the commit it was built from), backend \`cpu\`" \
        "on $(nproc) threads; script from commit $commit"
    golly=$(bgolly --help 2>&1 | head -1 | sed 's/^This is //; s/ Copyright.*//' || true) # --help exits non-zero
    echo "- Golly: $golly, algorithm \"Larger than Life\", one thread"
    echo "- Workload: ${size}x${size} torus, random start (seed 1), $generations generations;" \
        "best of $repeats runs each, every run started once the CPUs had been 90% idle for half a second"
    echo "- Load average (1, 5, 15 min) before: $load_before, after: $load_after"
    echo
    echo "Reproduce with \`tools/bench_cpu_vs_golly.sh --docs docs/benchmarks.md\` (options: \`--help\`)."
    echo
    echo "Cell updates/s = ${size}² × $generations / seconds of stepping. Golly's seconds are its own timestamps"
    echo "(\`bgolly -b\`) between generation 0 and $generations, catlab's are those \`catlab run\` reports for the"
    echo "steps, so neither includes reading or writing patterns. \"Same cells\" compares Golly's final pattern"
    echo "(\`-o\`, trimmed to its bounding box) with catlab's final grid cell for cell. Both programs skip"
    echo "work on sparse patterns (Golly computes only the live cells' bounding box grown by r, catlab skips"
    echo "rows with no live cell within r), so the rate counts every cell of the torus whether or not it was"
    echo "computed, and it varies with the pattern."
    echo "Radii up to 16 use the CAT paper's rules (presets \`cat-r1\` .. \`cat-r16\`) at their preset densities;"
    echo "larger radii use \`cat-r10\` (Bugsmovie) with its intervals scaled by the neighbourhood size, started one"
    echo "standard deviation below the birth threshold so that the pattern neither dies nor fills the torus."
    echo
    cat "$table"
} >"$report"
cat "$report"

if [[ -n $docs ]]; then
    python3 - "$docs" "$report" <<'PY'
import os, sys
docs, report = sys.argv[1], open(sys.argv[2]).read().rstrip("\n") + "\n"
header = "# Benchmarks\n\nMeasurements of catlab's backends; each section says how it was produced.\n"
text = open(docs).read() if os.path.exists(docs) else header
lines = text.splitlines(keepends=True)
heading = "## CPU backend vs Golly"
start = next((i for i, l in enumerate(lines) if l.rstrip() == heading), None)
if start is None:
    text = text.rstrip("\n") + "\n\n" + report
else:
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    text = "".join(lines[:start]) + report + ("\n" + "".join(lines[end:]) if end < len(lines) else "")
open(docs, "w").write(text)
PY
    echo "bench_cpu_vs_golly: updated $docs" >&2
fi
