#!/usr/bin/env bash
# On a GPU machine: builds catlab with CUDA (no GUI) unless prebuilt binaries are given, runs the GPU
# test suite, compute-sanitizer and the standard benchmarks, and writes every log, CSV and plot to an
# output folder. CLI11 and GoogleTest may come from Debian packages unpacked under .deps/root (README).
#
#   tools/gpu_check.sh [--out DIR] [--arch 90] [--prebuilt DIR] [--steps tests,sanitize,bench]
#
# --prebuilt DIR: use DIR/catlab and DIR/catlab_gpu_tests (built elsewhere for this GPU) when they run
# here; otherwise build.
set -uo pipefail
cd "$(dirname "$0")/.."

out=${OUT:-out/gpu-check}
arch=90
steps=tests,sanitize,bench
prebuilt=
while [[ $# -gt 0 ]]; do
    case $1 in
    --out) out=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --prebuilt) prebuilt=$2; shift 2 ;;
    *) echo "gpu_check: unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
log() { echo "== $*" | tee -a "$out/summary.txt"; }
want() { [[ ,$steps, == *,$1,* ]]; }

log "gpu_check $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo "(no git checkout here: see catlab --version below)")"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$out/summary.txt"

bin=build-gpu/bin
tests=build-gpu/tests/catlab_gpu_tests
if [[ -n $prebuilt ]] && "$prebuilt/catlab" --version >/dev/null 2>&1 && "$prebuilt/catlab_gpu_tests" --gtest_list_tests >/dev/null 2>&1; then
    log "using prebuilt binaries from $prebuilt"
    bin=$prebuilt
    tests=$prebuilt/catlab_gpu_tests
else
    log "configure + build (sm_$arch)"
    prefix=()
    [[ -d .deps/root/usr ]] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps/root/usr" -DCATLAB_GTEST_SOURCE_DIR="$PWD/.deps/root/usr/src/googletest")
    cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATLAB_CUDA=ON -DCATLAB_GUI=OFF \
        -DCMAKE_CUDA_ARCHITECTURES="$arch" "${prefix[@]}" >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
    cmake --build build-gpu -j "$(nproc)" >"$out/build.log" 2>&1 || { grep -E 'error|Error' "$out/build.log" | head -40; exit 1; }
fi
"$bin/catlab" --version | tee -a "$out/summary.txt"
"$bin/catlab" backends | tee -a "$out/summary.txt"

status=0
if want tests; then
    log "GPU tests"
    "$tests" >"$out/gpu-tests.log" 2>&1 || status=1
    grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran' "$out/gpu-tests.log" | tee -a "$out/summary.txt"
fi
if want sanitize; then
    log "compute-sanitizer"
    tools/sanitize_gpu.sh "$tests" "$out" | tee -a "$out/summary.txt"
    [[ ${PIPESTATUS[0]} -ne 0 ]] && status=1
fi
if want bench; then
    # The CAT paper's sizes: 16384 for every backend and radius, 60416 at the radii of its reference.
    log "bench n=16384"
    "$bin/catlab" bench --backends base,shared,coarse,mcell,pack,cat --radius 1..16 --size 16384 \
        --steps 10 --repeats 5 --warmup 2 --csv "$out/bench-16384.csv" --plot "$out/bench-16384.png" \
        >"$out/bench-16384.txt" 2>&1 || status=1
    tail -n +1 "$out/bench-16384.txt" | tail -110
    log "bench n=60416"
    "$bin/catlab" bench --backends base,shared,coarse,mcell,pack,cat --radius 1,2,4,8,16 --size 60416 \
        --steps 2 --repeats 3 --warmup 1 --csv "$out/bench-60416.csv" --plot "$out/bench-60416.png" \
        >"$out/bench-60416.txt" 2>&1 || status=1
    cat "$out/bench-60416.txt"
fi
log "done, status $status"
exit $status
