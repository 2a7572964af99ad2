#!/usr/bin/env bash
# On a GPU machine, with prebuilt binaries: the `cat` kernel's settings (CATLAB_CAT_ROWS, CATLAB_CAT_SPLIT,
# CATLAB_CAT_BINARY) measured and checked in one go. Writes at most five files to OUT_DIR:
#   summary.txt   GPU, commit, one line per stage
#   bench.csv     `catlab bench` rows of every setting (column `variant` appended)
#   bench.txt     the bench tables
#   tests.log     the cat GPU tests (default settings), then the other settings on the cheaper cases
#   sanitize.log  compute-sanitizer memcheck and racecheck on the small cat tests
# Usage: tools/bench_cat_variants.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$1
out=$2
mkdir -p "$out"
summary=$out/summary.txt
log() { echo "== $(date -u +%T) $*" | tee -a "$summary"; }

log "bench_cat_variants $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader >>"$summary"
"$bin/catlab" --version >>"$summary"

# name, environment, radii at n = 60416
settings=(
    "int8|CATLAB_CAT_ROWS=64|1..16,17,24,31,32,33,48,49,64,65,80,96,100,112,127"
    "int8-split|CATLAB_CAT_SPLIT=1|1,16,17,32,48,64,100,127"
    "int8-rows32|CATLAB_CAT_ROWS=32|1,17,64,127"
    "int8-rows128|CATLAB_CAT_ROWS=128|1,17,64,127"
    "int8-general-transition|CATLAB_CAT_BINARY=0|1,16,17,127"
)
first=1
for s in "${settings[@]}"; do
    IFS='|' read -r name env radii <<<"$s"
    log "bench $name ($env) r=$radii"
    env "$env" timeout 40 "$bin/catlab" bench --backends cat --radius "$radii" --size 60416 \
        --steps 4 --repeats 3 --warmup 1 --csv "$out/bench-$name.csv" >>"$out/bench.txt" 2>&1
    if [[ -f $out/bench-$name.csv ]]; then
        if ((first)); then head -1 "$out/bench-$name.csv" | sed 's/$/,variant/' >"$out/bench.csv"; first=0; fi
        tail -n +2 "$out/bench-$name.csv" | sed "s/\$/,$name/" >>"$out/bench.csv"
        rm "$out/bench-$name.csv"
    fi
done
grep -c ',ok,' "$out/bench.csv" | sed 's/^/bench rows ok: /' | tee -a "$summary"

log "cat tests, default settings"
timeout 50 "$bin/catlab_gpu_tests" \
    --gtest_filter='CatLargeRadius*:*/cat:GpuBackendSwitching*-*MatchesOracleOnEveryCase*' >"$out/tests.log" 2>&1
grep -E '^\[  (PASSED|FAILED) |tests ran' "$out/tests.log" | tail -3 | tee -a "$summary"

cheap='AllGpuBackends/GpuBackendTest.SmallOddGrids/cat:AllGpuBackends/GpuBackendTest.SanitizerSmoke/cat'
cheap+=':CatLargeRadius/CatMatchesNaive.*/R?_*:CatLargeRadius/CatMatchesNaive.*/R1?_*'
cheap+=':CatLargeRadius/CatMatchesNaive.*/R2?_*:CatLargeRadius/CatMatchesNaive.*/R3?_*:CatLargeRadius.TopOf*'
for env in CATLAB_CAT_SPLIT=1 CATLAB_CAT_ROWS=3 CATLAB_CAT_ROWS=128; do
    log "cheap cat tests, $env"
    env "$env" timeout 20 "$bin/catlab_gpu_tests" --gtest_filter="$cheap" >>"$out/tests.log" 2>&1
    grep -E '^\[  (PASSED|FAILED) |tests ran' "$out/tests.log" | tail -2 | tee -a "$summary"
done

log "compute-sanitizer"
small='CatLargeRadius.SanitizerSmoke:AllGpuBackends/GpuBackendTest.SanitizerSmoke/cat'
for env in CATLAB_CAT_ROWS=64 CATLAB_CAT_SPLIT=1; do
    env "$env" timeout 25 compute-sanitizer --tool memcheck --leak-check full --error-exitcode 3 \
        "$bin/catlab_gpu_tests" --gtest_filter="$small" >>"$out/sanitize.log" 2>&1
    echo "memcheck $env: exit $?" | tee -a "$summary"
done
timeout 25 compute-sanitizer --tool racecheck --error-exitcode 3 "$bin/catlab_gpu_tests" \
    --gtest_filter="$small" >>"$out/sanitize.log" 2>&1
echo "racecheck: exit $?" | tee -a "$summary"
grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitize.log" | tee -a "$summary"

log "every preset and radius 1..16 (the shared GPU suite's case list), default settings"
timeout "${PRESET_SECONDS:-60}" "$bin/catlab_gpu_tests" \
    --gtest_filter='AllGpuBackends/GpuBackendTest.MatchesOracleOnEveryCase/cat' >>"$out/tests.log" 2>&1
grep -E '^\[  (PASSED|FAILED) |tests ran' "$out/tests.log" | tail -2 | tee -a "$summary"
log done
