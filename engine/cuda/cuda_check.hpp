#pragma once

#include <cuda_runtime.h>

// Every CUDA call and launch goes through these: a failure becomes a catlab::Error naming the call,
// the file and the line.
#define CATLAB_CUDA_CHECK(call) ::catlab::cuda::check((call), #call, __FILE__, __LINE__)
#define CATLAB_CUDA_CHECK_LAUNCH() ::catlab::cuda::check(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

namespace catlab::cuda {

void throwCudaError(cudaError_t error, const char* what, const char* file, int line);

inline void check(cudaError_t error, const char* what, const char* file, int line) {
    if (error != cudaSuccess) throwCudaError(error, what, file, line);
}

// Why CUDA cannot be used here (no driver, no device...), or an empty string when it can.
const char* unavailableReason();

} // namespace catlab::cuda
