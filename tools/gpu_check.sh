#!/usr/bin/env bash
# On a GPU machine: builds catlab with CUDA (no GUI) unless prebuilt binaries are given, runs the GPU
# test suite, compute-sanitizer and the standard benchmarks, and writes every log, CSV and plot to an
# output folder. CLI11, GoogleTest and rendering's glad, stb, OpenGL headers and EGL may come from Debian
# packages unpacked under .deps/root (README).
#
#   tools/gpu_check.sh [--out DIR] [--arch 90] [--prebuilt DIR]
#                      [--steps tests,python,sanitize,bench,bench-shapes,bench-lines,bench-cloud,distributed]
#
# Steps: tests, python (the Python package's tests, GPU ones included, with CuPy and PyTorch where they
# are installed; pybind11, dlpack.h, Python's headers and pytest may come from .deps too), sanitize,
# bench (n=60416, radii 1..500), bench-shapes (the general backend on the HROT shapes, n=60416),
# bench-every-shape (every HROT shape on every GPU backend, n=60416, r = 1, 5, 16, 64; CATLAB_SHAPES picks some),
# bench-lines (boxsum's line, checkerboard and von Neumann shapes against its Moore, n=60416, r = 1, 5, 16, 64),
# bench-radii (boxsum's Moore kernels over radius 1..500 and its checkerboards past 16, n=60416),
# bench-small (n=16384, radii 1..16),
# render (EGL + CUDA-GL interop tests), bench-view (frame time at 3840x2160; needs EGL, see README),
# bench-cloud (the cloud automaton at 512x512x128 and 256x256x64), distributed (one grid over every GPU:
# the distributed tests with NCCL, in one process and under mpirun, and a scaling benchmark).
# --prebuilt DIR: use DIR/catlab, DIR/catlab_backend_tests, DIR/catlab_gpu_tests and DIR/catlab_session_tests (built elsewhere for this GPU) when they run
# here; otherwise build.
set -uo pipefail
cd "$(dirname "$0")/.."

out=${OUT:-out/gpu-check}
arch=90
steps=tests,python,sanitize,bench,bench-shapes,bench-cloud
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
deps=$PWD/.deps/root/usr # Debian packages unpacked into the checkout (README), where the server lacks them
deps_python=$deps/lib/python3/dist-packages # their Python packages (glad and its templates, pytest)
# glvnd's libEGL.so.1 from there (Debian's libegl1, libglvnd0) where the server has only the driver's EGL.
[[ -f $deps/lib/x86_64-linux-gnu/libEGL.so.1 ]] &&
    export LD_LIBRARY_PATH=$deps/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
want() { [[ ,$steps, == *,$1,* ]]; }
# The GPU backends this catlab has, as a comma list.
gpu_backends() { "$bin/catlab" backends | awk '$2 == "GPU" { printf "%s%s", sep, $1; sep = "," }'; }

log "gpu_check $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD 2>/dev/null || echo "(no git checkout here: see catlab --version below)")"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee -a "$out/summary.txt"

status=0
bin=build-gpu/bin
# The interpreter on PATH (where CuPy and PyTorch are installed), or $PYTHON.
python=${PYTHON:-$(command -v python3)}
tests=build-gpu/tests # catlab_backend_tests (every backend), catlab_gpu_tests (the GPU's own), catlab_session_tests
if [[ -n $prebuilt ]] && "$prebuilt/catlab" --version >/dev/null 2>&1 && "$prebuilt/catlab_gpu_tests" --gtest_list_tests >/dev/null 2>&1 &&
    "$prebuilt/catlab_backend_tests" --gtest_list_tests >/dev/null 2>&1; then
    log "using prebuilt binaries from $prebuilt"
    bin=$prebuilt
    tests=$prebuilt
else
    log "configure + build (sm_$arch)"
    prefix=()
    [[ -d $deps ]] && prefix=(-DCMAKE_PREFIX_PATH="$deps" -DCATLAB_GTEST_SOURCE_DIR="$deps/src/googletest")
    # CATLAB_CMAKE_ARGS adds options, e.g. "-DCATLAB_RENDER=ON -DCATLAB_VIDEO=OFF" for the render step.
    read -ra extra <<<"${CATLAB_CMAKE_ARGS:-}"
    # Rendering's build from .deps where the server lacks it: glad runs at configure time with its Python
    # packages from there, and OpenGL's headers (for cuda_gl_interop.h) come after the system's.
    configure_env=()
    [[ -d $deps_python/glad ]] && configure_env=(PYTHONPATH="$deps_python${PYTHONPATH:+:$PYTHONPATH}")
    [[ -f $deps/include/GL/gl.h ]] && prefix+=(-DCMAKE_CXX_FLAGS="-idirafter $deps/include")
    # The Python module for this interpreter; its headers from .deps when the system has none.
    python_args=(-DPython3_EXECUTABLE="$python")
    python_include=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
    deps_include=$deps/include/python$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    [[ ! -f $python_include/Python.h && -f $deps_include/Python.h ]] && python_args+=(-DPython3_INCLUDE_DIR="$deps_include")
    # A pybind11 installed for this interpreter (pip) knows its Python better than Debian's 2.10.
    pybind11_dir=$("$python" -m pybind11 --cmakedir 2>/dev/null) && python_args+=(-Dpybind11_DIR="$pybind11_dir")
    env "${configure_env[@]}" cmake -S . -B build-gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATLAB_CUDA=ON -DCATLAB_GUI=OFF \
        -DCMAKE_CUDA_ARCHITECTURES="$arch" "${prefix[@]}" "${python_args[@]}" "${extra[@]}" >"$out/configure.log" 2>&1 || { tail -30 "$out/configure.log"; exit 1; }
    # Keep going past a failed target (say, the Python module against a newer Python): the steps that
    # need it fail, the others still run.
    if ! cmake --build build-gpu -j "$(nproc)" -- -k 0 >"$out/build.log" 2>&1; then
        log "build: some targets failed"
        grep -E 'error|Error|FAILED' "$out/build.log" | head -40 | tee -a "$out/summary.txt"
        status=1
    fi
    [[ -x $bin/catlab ]] || exit 1
fi
"$bin/catlab" --version | tee -a "$out/summary.txt"
"$bin/catlab" backends | tee -a "$out/summary.txt"

if want tests; then
    # Golly's pattern library (Debian's golly package), copied into .deps/golly-patterns where the GPU
    # server has no such package: every GPU backend steps each file as the cpu backend does.
    if [[ -z ${CATLAB_GOLLY_PATTERNS:-} && -d .deps/golly-patterns ]]; then
        export CATLAB_GOLLY_PATTERNS=$PWD/.deps/golly-patterns
    fi
    for suite in backend gpu session; do
        log "$suite tests"
        "$tests/catlab_${suite}_tests" >"$out/$suite-tests.log" 2>&1 || status=1
        grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran' "$out/$suite-tests.log" | tee -a "$out/summary.txt"
    done
fi
if want python; then
    # The package built into build-gpu/python (or $prebuilt/python); pytest from .deps when missing here.
    log "python tests"
    python_dir=build-gpu/python
    [[ $bin == "$prebuilt" ]] && python_dir=$prebuilt/python
    python_path=$PWD/$python_dir
    "$python" -c 'import pytest' 2>/dev/null || python_path+=:$deps_python
    if [[ -f $python_dir/catlab/__init__.py ]]; then
        PYTHONPATH=$python_path PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -v -rs -p no:cacheprovider python/tests \
            >"$out/python-tests.log" 2>&1 || status=1
        grep -E '^(FAILED|ERROR|SKIPPED)|[0-9]+ (passed|failed)' "$out/python-tests.log" | tee -a "$out/summary.txt"
    else
        log "no Python module in $python_dir (configure.log says what was missing)"
        grep -i 'python' "$out/configure.log" | tee -a "$out/summary.txt"
        status=1
    fi
fi
if want sanitize; then
    log "compute-sanitizer"
    tools/sanitize_gpu.sh "$tests" "$out" | tee -a "$out/summary.txt"
    [[ ${PIPESTATUS[0]} -ne 0 ]] && status=1
fi
if want bench; then
    # Every GPU backend over the radii of the backend table at n=60416 (the CAT paper's largest grid):
    # CATLAB_BENCH_SECONDS (0.3) of steps per repeat; a backend's larger radii are skipped once a step
    # takes CATLAB_BENCH_MAX_MS (2000). Plot the CSV with tools/plot_bench.py (needs matplotlib).
    log "bench n=60416"
    "$bin/catlab" bench --backends "$(gpu_backends)" --radius 1..16,32,64,100,250,500 --size 60416 \
        --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 --max-ms "${CATLAB_BENCH_MAX_MS:-2000}" \
        --csv "$out/bench-60416.csv" >"$out/bench-60416.txt" 2>&1 || status=1
    grep -v '^catlab bench: ' "$out/bench-60416.txt"
fi
if want bench-shapes; then
    # The general backend on the HROT neighbourhood shapes at n=60416 (boxsum's and the others' Moore times
    # at the same radii are in bench-60416.csv): the fixed shapes over radius 1..16 (each rule reshaped),
    # the weighted and custom ones at their own radius.
    log "bench shapes n=60416 (general)"
    shape_rules=("R8,C0,S16..29,B18..24,N*" "R8,C0,S16..29,B18..24,N#" "R8,C0,S8..14,B9..12,NX"
        "R8,C0,S8..14,B9..12,N+" "R8,C0,S36..65,B40..53,NB" "R8,C0,S80..130,B85..110,NH"
        "R8,C0,S1640..2952,B1837..2427,NG")
    for i in "${!shape_rules[@]}"; do
        "$bin/catlab" bench --backends general --rule "${shape_rules[$i]}" --radius 1..16 --size 60416 \
            --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 --max-ms "${CATLAB_BENCH_MAX_MS:-2000}" \
            --csv "$out/bench-shapes-$i.csv" >>"$out/bench-shapes.txt" 2>&1 || status=1
    done
    for rule in "R2,C0,S6..10,B7..8,NW1111111111110111111111111" "R3,C0,S6..10,B7..8,N@F0F0F0F0F0F0"; do
        "$bin/catlab" bench --backends general --rule "$rule" --size 60416 --seconds "${CATLAB_BENCH_SECONDS:-0.3}" \
            --repeats 3 --warmup 1 >>"$out/bench-shapes.txt" 2>&1 || status=1
    done
    grep -v '^catlab bench: ' "$out/bench-shapes.txt"
fi
if want bench-every-shape; then
    # Every HROT shape on every GPU backend, n=60416, r = 1, 5, 16, 64: each shape's fastest GPU backend
    # (the others say why they refuse it). A backend past CATLAB_BENCH_MAX_MS (60000) a step skips larger
    # radii, saying so. CATLAB_SHAPES (letters, e.g. "H G") picks some shapes, to split the run into calls.
    log "bench every shape n=60416 (every GPU backend)"
    declare -A every_shape=([M]="R5,C0,M1,S34..58,B34..45,NM" [N]="R8,C0,S40..70,B45..60,NN"
        [C]="R8,C0,S50..100,B60..80,NC" [2]="R8,C0,S50..100,B60..80,N2" [+]="R8,C0,S8..14,B9..12,N+"
        [X]="R8,C0,S8..14,B9..12,NX" ['*']="R8,C0,S16..29,B18..24,N*" ['#']="R8,C0,S16..29,B18..24,N#"
        [B]="R8,C0,S36..65,B40..53,NB" [D]="R8,C0,S36..65,B40..53,ND" [H]="R8,C0,S80..130,B85..110,NH"
        [G]="R8,C0,S1640..2952,B1837..2427,NG" [3]="R8,C0,S5..9,B6..7,N3" [A]="R8,C0,S10..18,B12..15,NA"
        [L]="R8,C0,S30..60,B35..45,NL")
    read -ra letters <<<"${CATLAB_SHAPES:-M N C 2 + X * # B D H G 3 A L}" # read: no globbing of '*'
    for letter in "${letters[@]}"; do
        [[ -n ${every_shape[$letter]:-} ]] || { log "bench-every-shape: no shape '$letter'"; status=1; continue; }
        name=${letter/\*/star}
        name=${name/\#/hash}
        name=${name/+/cross}
        "$bin/catlab" bench --backends "$(gpu_backends)" --rule "${every_shape[$letter]}" --radius 1,5,16,64 \
            --size 60416 --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 \
            --max-ms "${CATLAB_BENCH_MAX_MS:-60000}" --csv "$out/bench-every-shape-$name.csv" \
            >>"$out/bench-every-shape.txt" 2>&1 || status=1
    done
    for rule in "R2,C0,S6..10,B7..8,NW1111111111110111111111111" "R3,C0,S6..10,B7..8,N@F0F0F0F0F0F0"; do
        "$bin/catlab" bench --backends "$(gpu_backends)" --rule "$rule" --size 60416 \
            --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 >>"$out/bench-every-shape.txt" 2>&1 || status=1
    done
    grep -v '^catlab bench: ' "$out/bench-every-shape.txt"
fi
if want bench-lines; then
    # boxsum's line and checkerboard kernels at n=60416 next to its Moore kernel at the same radii (the
    # rules keep their shape at each radius).
    log "bench boxsum shapes n=60416"
    line_rules=("R5,C0,M1,S34..58,B34..45,NM" "R8,C0,S8..14,B9..12,N+" "R8,C0,S8..14,B9..12,NX"
        "R8,C0,S16..29,B18..24,N*" "R8,C0,S16..29,B18..24,N#" "R8,C0,S36..65,B40..53,NB" "R8,C0,S36..65,B40..53,ND"
        "R5,C0,M1,S17..29,B17..22,NN")
    for i in "${!line_rules[@]}"; do
        "$bin/catlab" bench --backends boxsum --rule "${line_rules[$i]}" --radius 1,5,16,64 --size 60416 \
            --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 \
            --csv "$out/bench-lines-$i.csv" >>"$out/bench-lines.txt" 2>&1 || status=1
    done
    grep -v '^catlab bench: ' "$out/bench-lines.txt"
fi
if want bench-radii; then
    # boxsum's Moore kernels from radius 1 to 500, and its checkerboards past the bit-sliced kernel's 16.
    log "bench boxsum radii n=60416"
    "$bin/catlab" bench --backends boxsum --radius 1,2,4,8,12,16,24,32,64,100,127,128,160,200,250,300,400,500 \
        --size 60416 --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 \
        --csv "$out/boxsum-radii.csv" >"$out/boxsum-radii.txt" 2>&1 || status=1
    for rule in "R8,C0,S36..65,B40..53,NB" "R8,C0,S36..65,B40..53,ND"; do
        "$bin/catlab" bench --backends boxsum --rule "$rule" --radius 17,32,100,200,254 --size 60416 \
            --seconds "${CATLAB_BENCH_SECONDS:-0.3}" --repeats 3 --warmup 1 \
            --csv "$out/boxsum-checkerboard-radii-${rule: -1}.csv" >>"$out/boxsum-radii.txt" 2>&1 || status=1
    done
    grep -v '^catlab bench: ' "$out/boxsum-radii.txt"
fi
if want render; then
    log "render tests (EGL, CUDA-GL interop)"
    render_tests=$tests/catlab_render_tests
    "$render_tests" >"$out/render-tests.log" 2>&1 || status=1
    grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran' "$out/render-tests.log" | tee -a "$out/summary.txt"
fi
if want bench-view; then
    # The desktop view's frame time at 3840x2160 while a LtL r=5 grid steps every frame (the window's
    # target: 60 fps), and the same for the largest grid.
    log "bench-view 3840x2160"
    for grid in 16384 60416; do
        "$bin/catlab" bench-view --size 3840x2160 --grid $grid --rule cat-r5 --frames 200 --warmup 20 \
            --csv "$out/frame-time.csv" >>"$out/bench-view.txt" 2>&1 || status=1
    done
    cat "$out/bench-view.txt"
fi
if want bench-small; then
    # The CAT paper's other size, every radius 1..16.
    log "bench n=16384"
    "$bin/catlab" bench --backends "$(gpu_backends)" --radius 1..16 --size 16384 \
        --seconds 0.2 --repeats 5 --warmup 2 --csv "$out/bench-16384.csv" \
        >"$out/bench-16384.txt" 2>&1 || status=1
    grep -v '^catlab bench: ' "$out/bench-16384.txt"
fi
if want bench-cloud; then
    # One default source and a sheared wind; the warm-up lets clouds form before the timing.
    for size in 512x512x128 256x256x64; do
        log "cloud bench $size"
        "$bin/catlab" cloud --backend cuda --size $size --wind 0.2,0,1,0.3 --bench --steps 200 --repeats 7 \
            --warmup 500 >"$out/cloud-bench-$size.txt" 2>&1 || status=1
        cat "$out/cloud-bench-$size.txt"
    done
    # Simulated and ray marched at 1920x1080 every frame (the window's target: 60 fps); needs EGL.
    if "$bin/catlab" bench-view-cloud --help >/dev/null 2>&1; then
        log "cloud view 1920x1080, 256x256x64"
        "$bin/catlab" bench-view-cloud --size 1920x1080 --cloud-size 256x256x64 --backend cuda --frames 200 \
            --warmup 20 >"$out/cloud-view.txt" 2>&1 || status=1
        cat "$out/cloud-view.txt"
        # The renderer's 4K targets: 512x512x128 at 60 fps, 1024x1024x256 at 30 fps (rays per 2x2 pixels,
        # the default at 4K; a ray through every pixel alongside, for comparison).
        for size in 512x512x128 1024x1024x256; do
            for rays in auto pixel; do
                log "cloud view 3840x2160, $size, rays $rays"
                "$bin/catlab" bench-view-cloud --size 3840x2160 --cloud-size $size --backend cuda --frames 300 \
                    --warmup 20 --rays $rays >"$out/cloud-view-4k-$size-$rays.txt" 2>&1 || status=1
                cat "$out/cloud-view-4k-$size-$rays.txt"
            done
        done
    fi
fi
if want distributed; then
    # One grid cut into bands over every GPU, halos exchanged with NCCL: the distributed test suite with
    # one thread per GPU, then with one process per GPU under mpirun (NCCL bootstrapped through MPI),
    # then the same suite with MPI between CPU ranks. NCCL takes one rank per GPU, so one GPU runs one rank.
    gpus=$(nvidia-smi -L | wc -l)
    log "distributed tests: $gpus GPU(s), NCCL, one process"
    CATLAB_TEST_TRANSPORT=nccl "$tests/catlab_distributed_tests" >"$out/distributed-nccl-threads.log" 2>&1 || status=1
    grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran|rank\(s\)' "$out/distributed-nccl-threads.log" | tee -a "$out/summary.txt"
    if command -v mpirun >/dev/null; then
        mpi=(mpirun --oversubscribe --allow-run-as-root -x GTEST_COLOR=no) # plain lines for the summary
        log "distributed tests: mpirun -np $gpus, NCCL"
        "${mpi[@]}" -np "$gpus" -x CATLAB_TEST_TRANSPORT=nccl "$tests/catlab_distributed_tests" \
            >"$out/distributed-nccl-mpirun.log" 2>&1 || status=1
        grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran|rank\(s\)' "$out/distributed-nccl-mpirun.log" | tee -a "$out/summary.txt"
        log "distributed tests: mpirun -np 3, MPI"
        "${mpi[@]}" -np 3 "$tests/catlab_distributed_tests" >"$out/distributed-mpi.log" 2>&1 || status=1
        grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran|rank\(s\)' "$out/distributed-mpi.log" | tee -a "$out/summary.txt"
    else
        log "mpirun not found: the runs under mpirun are skipped (apt-get install openmpi-bin)"
    fi
    # The window's session on one rank per GPU against one grid (no display needed).
    log "window session: $gpus GPU(s), NCCL"
    "$tests/catlab_session_tests" --gtest_filter='DistributedSession.*' >"$out/distributed-window-session.log" 2>&1 ||
        status=1
    grep -E '^\[  (PASSED|FAILED|SKIPPED) |tests ran' "$out/distributed-window-session.log" | tee -a "$out/summary.txt"
    # `catlab record --gpus all`: the same PNG frames as one process (a build with CATLAB_RENDER and
    # CATLAB_VIDEO, e.g. CATLAB_CMAKE_ARGS="-DCATLAB_RENDER=ON", and EGL).
    if "$bin/catlab" --help 2>&1 | grep -qE '^ +record +Record a scene'; then
        log "catlab record --gpus all against one process"
        cmake -DCATLAB="$(realpath "$bin/catlab")" -DGPUS=all -DWORK="$(realpath "$out")/record-gpus" \
            -P tests/mpi/record_ranks.cmake >"$out/distributed-record.log" 2>&1 || status=1
        grep -E 'ok  |SKIPPED|Error|differs' "$out/distributed-record.log" | tee -a "$out/summary.txt"
    else
        log "catlab record is not built here: the distributed recording check is skipped"
    fi
    # Weak scaling: about 60416^2 cells per GPU (60416 x 60416*gpus), on 1 GPU and on all of them.
    radii=1,5,16,100
    for n in 1 "$gpus"; do
        log "distributed bench, weak scaling: boxsum on $n GPU(s), 60416x$((60416 * n))"
        "$bin/catlab" bench --gpus "$n" --backends boxsum --radius $radii --size "60416x$((60416 * n))" \
            --steps "${CATLAB_DIST_STEPS:-50}" --repeats 3 --warmup 5 --csv "$out/distributed-weak-$n.csv" \
            >"$out/distributed-weak-$n.txt" 2>&1 || status=1
        grep -v '^catlab bench: ' "$out/distributed-weak-$n.txt"
        [[ $n == "$gpus" ]] && break
    done
    # Strong scaling: one 131072^2 grid on one GPU and over every GPU (the backend's memory check refuses
    # it, saying why, where the GPUs cannot hold their bands).
    for n in 1 "$gpus"; do
        log "distributed bench, strong scaling: boxsum, 131072x131072 on $n GPU(s)"
        "$bin/catlab" bench --gpus "$n" --backends boxsum --radius $radii --size 131072 \
            --steps "${CATLAB_DIST_STEPS:-20}" --repeats 3 --warmup 2 --csv "$out/distributed-strong-$n.csv" \
            >"$out/distributed-strong-$n.txt" 2>&1 || status=1
        grep -v '^catlab bench: ' "$out/distributed-strong-$n.txt"
        [[ $n == "$gpus" ]] && break
    done
    # The two scalings drawn (efficiency and speed-up against GPUs; needs matplotlib, else says so).
    "$python" tools/plot_scaling.py "$out/distributed-scaling.png" "$out"/distributed-weak-*.csv \
        "$out"/distributed-strong-*.csv || log "distributed: no scaling plot (see above)"
    # Life on bit-packed cells over every GPU: one 60416^2 grid per GPU.
    log "distributed bench: bitlife Life, 60416x$((60416 * gpus)) on $gpus GPU(s)"
    "$bin/catlab" bench --gpus all --backends bitlife --rule life --size "60416x$((60416 * gpus))" \
        --steps "${CATLAB_DIST_STEPS:-200}" --repeats 3 --warmup 16 --csv "$out/distributed-bitlife.csv" \
        >"$out/distributed-bitlife.txt" 2>&1 || status=1
    grep -v '^catlab bench: ' "$out/distributed-bitlife.txt"
    # The largest grid, 1048576^2 (2^40 cells), cat-r5 on boxsum: bands of 2^38 cells and more on 4 GPUs,
    # 2^37 on 8 (64 or 32 GiB each). Fewer GPUs cannot hold it.
    if ((gpus >= 4)); then
        log "distributed bench: the largest grid, 1048576^2, cat-r5 on boxsum over $gpus GPU(s)"
        "$bin/catlab" bench --gpus all --backends boxsum --rule cat-r5 --size 1048576 \
            --steps "${CATLAB_LARGEST_STEPS:-10}" --repeats 3 --warmup 2 --csv "$out/distributed-largest.csv" \
            >"$out/distributed-largest.txt" 2>&1 || status=1
        cat "$out/distributed-largest.txt"
    fi
    # The command line end to end: a run over every GPU against one GPU, the same population.
    log "catlab run --gpus all against one GPU"
    "$bin/catlab" run --gpus all --rule bosco --size 4099x3001 --steps 300 --backend boxsum --no-progress \
        >"$out/distributed-run.txt" 2>&1 || status=1
    "$bin/catlab" run --rule bosco --size 4099x3001 --steps 300 --backend boxsum --no-progress \
        >"$out/single-run.txt" 2>&1 || status=1
    cat "$out/distributed-run.txt"
    if [[ $(grep '^population' "$out/distributed-run.txt") != "$(grep '^population' "$out/single-run.txt")" ]]; then
        log "distributed run: population differs from one GPU"
        status=1
    fi
fi
log "done, status $status"
exit $status
