#!/usr/bin/env bash
# The parsers that a user's text reaches, fuzzed with libFuzzer under ASan and UBSan (tests/fuzz):
#   bash tools/fuzz.sh [SECONDS] [TARGET...]
# builds the fuzzers with clang-14 into build-fuzz and runs each TARGET (default: all of them) for SECONDS
# (default 60), one after the other. Each starts from its seed corpus, tests/fuzz/corpus/TARGET, copied
# into build-fuzz/corpus/TARGET, where what it finds to keep stays for the next run (the seeds in the
# repository never grow by themselves). A crash, a broken property, a timeout, a leak or running out of
# memory fails the script; the input that did it is in build-fuzz/findings/TARGET/ and the script prints
# how to replay it. CATLAB_WERROR=1 turns compiler warnings into errors, as in tools/dev.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
if ! [[ $seconds =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: bash tools/fuzz.sh [SECONDS] [TARGET...] (SECONDS a whole number above 0, not '$seconds')" >&2
    exit 2
fi
all_targets=(rule rle pattern script cli_values backend_timings)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all_targets[@]}")

# The longest input per target: a rule or a size is a line, an RLE file or a script a page, the timings
# CSV the size of the one compiled in.
declare -A max_len=([rule]=256 [rle]=4096 [pattern]=4096 [script]=4096 [cli_values]=256 [backend_timings]=16384)
for target in "${targets[@]}"; do
    if [[ -z ${max_len[$target]:-} ]]; then
        echo "fuzz: no target '$target' (targets: ${all_targets[*]})" >&2
        exit 2
    fi
done

bash tools/dev.sh install
build_dir=build-fuzz
werror=OFF
[[ ${CATLAB_WERROR:-0} == 1 ]] && werror=ON
CC=clang-14 CXX=clang++-14 cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCATLAB_FUZZ=ON \
    -DCATLAB_CUDA=OFF -DCATLAB_GUI=OFF -DCATLAB_VIDEO=OFF -DCATLAB_TESTS=OFF -DCATLAB_WERROR=$werror >/dev/null
cmake --build "$build_dir" -j "$(nproc)" --target catlab_fuzzers

export UBSAN_OPTIONS=print_stacktrace=1
# CATLAB_FUZZ_SEED fixes libFuzzer's random seed, so that a run from the repository's corpus tries the same
# inputs each time (CI; a faster machine gets further along the same sequence). Unset: a new seed each run.
seed=()
if [[ -n ${CATLAB_FUZZ_SEED:-} ]]; then
    [[ $CATLAB_FUZZ_SEED =~ ^[1-9][0-9]*$ ]] || { echo "fuzz: CATLAB_FUZZ_SEED must be a whole number above 0" >&2; exit 2; }
    seed=(-seed="$CATLAB_FUZZ_SEED")
fi
failed=()
for target in "${targets[@]}"; do
    fuzzer=$build_dir/fuzz/${target}_fuzzer
    corpus=$build_dir/corpus/$target
    findings=$build_dir/findings/$target
    log=$build_dir/logs/$target.log
    mkdir -p "$corpus" "$findings" "$(dirname "$log")"
    cp -n tests/fuzz/corpus/"$target"/* "$corpus"/
    dict=()
    [[ -f tests/fuzz/$target.dict ]] && dict=(-dict="tests/fuzz/$target.dict")
    before=$(ls "$findings" | wc -l)
    status=0
    "$fuzzer" "$corpus" "${dict[@]}" "${seed[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -max_len="${max_len[$target]}" -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    echo "fuzz: $target: ${runs:-?} inputs in ${seconds}s, ${coverage:-cov: ?}, corpus $(ls "$corpus" | wc -l) files"
    if [[ $status -ne 0 || $(ls "$findings" | wc -l) -ne $before ]]; then
        failed+=("$target")
        echo "fuzz: $target FAILED (exit $status); the end of $log:" >&2
        { grep -v -e '^#[0-9]' -e '^\s*"' "$log" || true; } | tail -40 >&2
        for input in $(ls -t "$findings" | head -n $(($(ls "$findings" | wc -l) - before))); do
            echo "fuzz: reproduce with: $fuzzer $findings/$input" >&2
        done
    fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: findings in ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: no findings in ${targets[*]}"
