#!/usr/bin/env bash
# compute-sanitizer over the GPU tests: memcheck (with leak check) on the small-grid tests, racecheck on
# the tiny ones (it is far slower). Usage: tools/sanitize_gpu.sh TEST_BINARY OUT_DIR
set -uo pipefail
binary=$1
out=$2
status=0
run() {
    local tool=$1 filter=$2 extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check full)
    local log="$out/sanitize-$tool.log"
    timeout 170 compute-sanitizer --tool "$tool" "${extra[@]}" --error-exitcode 3 "$binary" --gtest_filter="$filter" >"$log" 2>&1
    local rc=$?
    echo "$tool ($filter): exit $rc; $(grep -m1 'ERROR SUMMARY\|RACECHECK SUMMARY' "$log"); $(grep -c '^\[       OK \]' "$log") tests OK"
    [[ $rc -ne 0 ]] && status=1
}
run memcheck '*SmallOddGrids*:*SanitizerSmoke*:*RandomFill*:*TooLarge*'
run racecheck '*SanitizerSmoke*'
exit $status
