#pragma once
// Errors of CUDA-GL interop calls become catlab::Error. Include only where CATLAB_HAVE_CUDA is defined.
#include "catlab/error.hpp"

#include <cuda_runtime.h>

#include <string>

namespace catlab::render {

inline void checkInterop(cudaError_t error, const char* what) {
    if (error == cudaSuccess) return;
    cudaGetLastError(); // these errors are not sticky: leave no stale error for the next launch check
    throw Error(std::string(what) + " failed: " + cudaGetErrorString(error));
}

} // namespace catlab::render
