#!/usr/bin/env bash
# On a GPU machine, with prebuilt binaries: the `cat` kernel variants (CATLAB_CAT_VARIANT) measured and
# checked in one go. Writes at most six files to OUT_DIR:
#   summary.txt   GPU, commit, one line per stage
#   bench.csv     `catlab bench` rows of every variant (column `variant` appended)
#   bench.txt     the bench tables
#   tests.log     the cat GPU tests (default kernels), then each variant on the cheaper cases
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

# Variant: radii it is exact for (and fits in shared memory) at n = 60416.
declare -A radii=(
    [fp16]=1,16,17,22
    [fp16f32]=16,17,24,32,48,64
    [int8]=1,16,17,24,32,48,64,100,127
    [b1]=1,16,17,24,32,48,64,100,127
)
cheap='AllGpuBackends/GpuBackendTest.MatchesOracleOnEveryCase/cat:AllGpuBackends/GpuBackendTest.SmallOddGrids/cat'
cheap+=':CatLargeRadius/CatMatchesNaive.*/R17*:CatLargeRadius/CatMatchesNaive.*/R3*:CatLargeRadius/CatMatchesNaive.*/R48*'
cheap+=':CatLargeRadius.TopOf*:CatLargeRadius.SanitizerSmoke'

log "quick check, default kernels"
timeout 30 "$bin/catlab_gpu_tests" --gtest_filter="$cheap" >"$out/tests.log" 2>&1
grep -E '^\[  (PASSED|FAILED) ' "$out/tests.log" | tee -a "$summary"

first=1
for v in int8 fp16 b1 fp16f32; do
    log "bench $v r=${radii[$v]}"
    CATLAB_CAT_VARIANT=$v timeout 25 "$bin/catlab" bench --backends cat --radius "${radii[$v]}" --size 60416 \
        --steps 4 --repeats 3 --warmup 1 --csv "$out/bench-$v.csv" >>"$out/bench.txt" 2>&1
    if [[ -f $out/bench-$v.csv ]]; then
        if ((first)); then head -1 "$out/bench-$v.csv" | sed 's/$/,variant/' >"$out/bench.csv"; first=0; fi
        tail -n +2 "$out/bench-$v.csv" | sed "s/\$/,$v/" >>"$out/bench.csv"
        rm "$out/bench-$v.csv"
    fi
done
grep -c ',ok,' "$out/bench.csv" | sed 's/^/bench rows ok: /' | tee -a "$summary"

log "cat tests, default kernels"
timeout 60 "$bin/catlab_gpu_tests" --gtest_filter='*/cat:CatLargeRadius*' >>"$out/tests.log" 2>&1
grep -E '^\[  (PASSED|FAILED) |tests ran' "$out/tests.log" | tail -3 | tee -a "$summary"
for v in int8 b1 fp16f32; do # fp16 (r <= 16) and int8 (r > 16) are the default kernels
    log "cheap cat tests, variant $v"
    CATLAB_CAT_VARIANT=$v timeout 25 "$bin/catlab_gpu_tests" --gtest_filter="$cheap" >>"$out/tests.log" 2>&1
    grep -E '^\[  (PASSED|FAILED) |tests ran' "$out/tests.log" | tail -2 | tee -a "$summary"
done

log "compute-sanitizer"
small='CatLargeRadius.SanitizerSmoke:AllGpuBackends/GpuBackendTest.SanitizerSmoke/cat'
for v in default b1; do
    CATLAB_CAT_VARIANT=$v timeout 25 compute-sanitizer --tool memcheck --error-exitcode 3 "$bin/catlab_gpu_tests" \
        --gtest_filter="$small" >>"$out/sanitize.log" 2>&1
    echo "memcheck $v: exit $?" | tee -a "$summary"
done
timeout 25 compute-sanitizer --tool racecheck --error-exitcode 3 "$bin/catlab_gpu_tests" \
    --gtest_filter="$small" >>"$out/sanitize.log" 2>&1
echo "racecheck default: exit $?" | tee -a "$summary"
grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitize.log" | tee -a "$summary"
log done
