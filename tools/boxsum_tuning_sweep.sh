#!/usr/bin/env bash
# boxsum's launch shapes swept without rebuilding (CATLAB_BOXSUM_TUNING, engine/cuda/boxsum_tuning_text.hpp):
# for each tuning, `catlab bench` of boxsum over the given radii, one CSV per tuning and a table of ms/step
# (rows: tunings, columns: radii) on stdout.
#
#   tools/boxsum_tuning_sweep.sh CATLAB OUT_DIR RADII TUNING...
#   tools/boxsum_tuning_sweep.sh build-gpu/bin/catlab out 128,200,500 "" midHalfWarps=4 midHalfWarps=2
#
# "" is the built-in defaults. CATLAB_BENCH_SIZE (60416) and CATLAB_BENCH_RULE (cat-r1 scaled) pick the
# grid and rule. Each tuning's text output (tuning-N.txt) names the plan it ran (CATLAB_BOXSUM_PLAN).
set -euo pipefail
[[ $# -ge 4 ]] || { sed -n 2,10p "$0" >&2; exit 2; }
catlab=$1 out=$2 radii=$3
shift 3
mkdir -p "$out"
rule_args=()
[[ -n ${CATLAB_BENCH_RULE:-} ]] && rule_args=(--rule "$CATLAB_BENCH_RULE")
printf '%-40s %s\n' tuning "ms/step at r = $radii"
n=0
for tuning in "$@"; do
    n=$((n + 1))
    csv=$out/tuning-$n.csv
    CATLAB_BOXSUM_PLAN=1 CATLAB_BOXSUM_TUNING=$tuning "$catlab" bench --backends boxsum "${rule_args[@]}" --radius "$radii" \
        --size "${CATLAB_BENCH_SIZE:-60416}" --seconds 0.3 --repeats 3 --warmup 1 --csv "$csv" >"$out/tuning-$n.txt" 2>&1 ||
        { echo "tuning '$tuning' failed:"; tail -3 "$out/tuning-$n.txt"; continue; }
    medians=$(python3 -c 'import csv, sys; print(" ".join(r["ms_per_step_median"] for r in csv.DictReader(open(sys.argv[1]))))' "$csv")
    printf '%-40s %s\n' "${tuning:-(defaults)}" "$medians"
done
