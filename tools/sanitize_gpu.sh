#!/usr/bin/env bash
# compute-sanitizer over the GPU tests: memcheck (with leak check) on the small-grid tests, racecheck on
# the tiny ones (it is far slower). Usage: tools/sanitize_gpu.sh TEST_BINARY_DIR OUT_DIR
# (the directory holding catlab_backend_tests and catlab_gpu_tests).
set -uo pipefail
binaries=$1
out=$2
status=0
run() {
    local binary=$binaries/$1 tool=$2 filter=$3 extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check full)
    local log="$out/sanitize-$1-$tool.log"
    timeout 170 compute-sanitizer --tool "$tool" "${extra[@]}" --error-exitcode 3 "$binary" --gtest_filter="$filter" >"$log" 2>&1
    local rc=$?
    echo "$1 $tool ($filter): exit $rc; $(grep -m1 'ERROR SUMMARY\|RACECHECK SUMMARY' "$log"); $(grep -c '^\[       OK \]' "$log") tests OK"
    [[ $rc -ne 0 ]] && status=1
}
run catlab_backend_tests memcheck '*SanitizerSmoke*:*RandomFill*:*Refuses*'
run catlab_backend_tests racecheck '*SanitizerSmoke*'
run catlab_gpu_tests memcheck '*SanitizerSmoke*:*RandomFill*'
run catlab_gpu_tests racecheck '*SanitizerSmoke*'
exit $status
