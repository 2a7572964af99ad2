#!/usr/bin/env bash
# One-command set-up for a fresh Debian 12 machine (run as root, or with sudo available):
#   bash tools/dev.sh start   install what is missing, build, open the catlab window on the default scene
#                             (arguments go to catlab, e.g. start --rule life --size 512)
#   bash tools/dev.sh test    install what is missing, build, run the whole test suite (the window
#                             tests under Xvfb with Mesa's software OpenGL)
#   bash tools/dev.sh build   install what is missing and build
#   bash tools/dev.sh install install what is missing, nothing else
#   bash tools/dev.sh sanitize  the CPU tests built with AddressSanitizer and UBSan (in build-sanitize)
#   bash tools/dev.sh format  check that clang-format would change no C++/CUDA file (format --fix: format them)
# The build goes to ./build; CUDA backends are built when nvcc is found (also in /usr/local/cuda/bin).
# CATLAB_WERROR=1 turns compiler warnings into errors (CI sets it).
set -euo pipefail
cd "$(dirname "$0")/.."

command=${1:-start}
shift || true
build_dir=${CATLAB_BUILD_DIR:-build}

install_packages() {
    local wanted=() missing=()
    mapfile -t wanted < <(grep -v '^\s*#' tools/debian-packages.txt | sed '/^\s*$/d')
    for pkg in "${wanted[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
    done
    [[ ${#missing[@]} -eq 0 ]] && return
    echo "catlab: installing ${missing[*]}"
    local sudo=()
    [[ $(id -u) -ne 0 ]] && sudo=(sudo)
    "${sudo[@]}" apt-get update -q
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build() {
    [[ -x /usr/local/cuda/bin/nvcc ]] && export PATH=/usr/local/cuda/bin:$PATH
    local werror=OFF
    [[ ${CATLAB_WERROR:-0} == 1 ]] && werror=ON
    cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCATLAB_WERROR=$werror "$@"
    cmake --build "$build_dir" -j "$(nproc)"
}

case $command in
start)
    install_packages
    build
    exec "$build_dir/bin/catlab" "$@"
    ;;
test)
    install_packages
    build
    ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" "$@"
    ;;
build)
    install_packages
    build "$@"
    ;;
install)
    install_packages
    ;;
sanitize)
    install_packages
    build_dir=build-sanitize
    build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCATLAB_CUDA=OFF -DCATLAB_GUI=OFF -DCATLAB_SANITIZE=address,undefined
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
        ctest --test-dir "$build_dir" -L cpu --output-on-failure -j "$(nproc)" "$@"
    ;;
format)
    install_packages
    # Every C++ and CUDA file git knows of, as .clang-format lays it out.
    mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' '*.h')
    if [[ ${1:-} == --fix ]]; then
        clang-format -i "${files[@]}"
    else
        clang-format --dry-run -Werror "${files[@]}"
    fi
    ;;
*)
    echo "usage: bash tools/dev.sh start|test|build|install|sanitize|format" >&2
    exit 2
    ;;
esac
