#pragma once

#include <array>

namespace catlab {

struct GpuBackendDescription {
    const char* name;
    const char* description;
};

// The CUDA backends (add a line here and a factory in engine/cuda/register_cuda.cu), in the order `catlab backends` lists them; shared by builds with and without CUDA.
inline constexpr std::array<GpuBackendDescription, 1> kGpuBackendDescriptions{{
    {"base", "CUDA: one cell per thread, neighbourhood read from global memory"},
}};

} // namespace catlab
