#pragma once

#include <array>

namespace catlab {

struct GpuBackendDescription {
    const char* name;
    const char* description;
};

// The CUDA backends (add a line here and a factory in engine/cuda/register_cuda.cu), in the order `catlab backends`
// lists them; shared by builds with and without CUDA.
inline constexpr std::array<GpuBackendDescription, 8> kGpuBackendDescriptions{{
    {"base", "CUDA: one cell per thread, neighbourhood read from global memory"},
    {"shared", "CUDA: shared-memory tile with halo"},
    {"coarse", "CUDA: large shared-memory tile, thread coarsening"},
    {"mcell", "CUDA: several cells per thread sharing neighbourhood reads"},
    {"pack", "CUDA: 8 one-byte cells packed in a 64-bit word, bitwise neighbourhood work"},
    {"cat", "CUDA: neighbourhood sums as 8-bit matrix products on tensor cores (WMMA)"},
    {"boxsum", "CUDA: running box and diagonal sums over 1-bit cell planes, O(1) per cell at any radius"},
    {"bitlife", "CUDA: one bit per cell, bit-sliced counts, 16 generations per pass in registers (radius 1)"},
}};

} // namespace catlab
