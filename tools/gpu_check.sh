#!/usr/bin/env bash
# Builds catlab with CUDA (no GUI), runs the GPU test suite, the sanitizers and the benchmarks in one go,
# and writes every log and result to an output folder. For GPU servers with only the CUDA toolkit:
# CLI11 and GoogleTest may come from Debian packages unpacked under .deps/root (see README).
#
#   tools/gpu_check.sh [--out DIR] [--arch 90] [--steps tests,sanitize,bench] [-- extra bench args]
set -euo pipefail
cd "$(dirname "$0")/.."

out=${OUT:-out/gpu-check}
arch=90
steps=tests,sanitize,bench
bench_args=()
while [[ $# -gt 0 ]]; do
    case $1 in
    --out) out=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --steps) steps=$2; shift 2 ;;
    --) shift; bench_args=("$@"); break ;;
    *) echo "gpu_check: unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
build=build-gpu
log() { echo "== $*" | tee -a "$out/summary.txt"; }

prefix=()
[[ -d .deps/root/usr ]] && prefix=(-DCMAKE_PREFIX_PATH="$PWD/.deps/root/usr" -DCATLAB_GTEST_SOURCE_DIR="$PWD/.deps/root/usr/src/googletest")
log "configure + build (sm_$arch) $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$out/summary.txt" || true
cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATLAB_CUDA=ON -DCATLAB_GUI=OFF \
    -DCMAKE_CUDA_ARCHITECTURES="$arch" "${prefix[@]}" >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
cmake --build $build -j "$(nproc)" >"$out/build.log" 2>&1 || { grep -E 'error|Error' "$out/build.log" | head -40; exit 1; }
$build/bin/catlab backends | tee -a "$out/summary.txt"

status=0
if [[ ,$steps, == *,tests,* ]]; then
    log "GPU tests"
    if ! ctest --test-dir $build -L gpu --output-on-failure -j 1 >"$out/gpu-tests.log" 2>&1; then status=1; fi
    tail -15 "$out/gpu-tests.log" | tee -a "$out/summary.txt"
fi
if [[ ,$steps, == *,sanitize,* ]]; then
    log "compute-sanitizer"
    if ! tools/sanitize_gpu.sh $build "$out" >>"$out/summary.txt" 2>&1; then status=1; fi
    tail -5 "$out/summary.txt"
fi
if [[ ,$steps, == *,bench,* ]]; then
    log "benchmarks"
    if $build/bin/catlab bench --help >/dev/null 2>&1; then
        $build/bin/catlab bench --csv "$out/bench.csv" "${bench_args[@]}" 2>&1 | tee "$out/bench.txt" || status=1
    else
        echo "catlab bench is not built" | tee -a "$out/summary.txt"
    fi
fi
log "done, status $status"
exit $status
