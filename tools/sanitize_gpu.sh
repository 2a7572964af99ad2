#!/usr/bin/env bash
# compute-sanitizer memcheck and racecheck over a reduced GPU test run (the full suite is too slow
# under instrumentation). Usage: tools/sanitize_gpu.sh BUILD_DIR OUT_DIR
set -uo pipefail
build=$1
out=$2
filter='*SmallOddGrids*:*RandomFill*:*TooLarge*'
status=0
for tool in memcheck racecheck; do
    log="$out/sanitize-$tool.log"
    extra=()
    [[ $tool == memcheck ]] && extra=(--leak-check full)
    compute-sanitizer --tool $tool "${extra[@]}" --error-exitcode 3 \
        "$build/tests/catlab_gpu_tests" --gtest_filter="$filter" >"$log" 2>&1
    rc=$?
    echo "$tool: exit $rc, $(grep -c 'ERROR SUMMARY: 0 errors' "$log") clean summaries; $(grep -m1 'ERROR SUMMARY' "$log")"
    [[ $rc -ne 0 ]] && status=1
done
exit $status
