#include "cuda_check.hpp"

#include "catlab/error.hpp"

#include <string>

namespace catlab::cuda {

void throwCudaError(cudaError_t error, const char* what, const char* file, int line) {
    std::string message = std::string("CUDA error at ") + file + ":" + std::to_string(line) + ": " + what + ": " +
                          cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ")";
    if (error == cudaErrorMemoryAllocation) cudaGetLastError(); // not sticky: leave the context usable
    throw Error(message);
}

const char* unavailableReason() {
    static const std::string reason = [] {
        int count = 0;
        const cudaError_t error = cudaGetDeviceCount(&count);
        if (error != cudaSuccess) {
            cudaGetLastError();
            return std::string("no usable CUDA device (") + cudaGetErrorString(error) + ")";
        }
        if (count == 0) return std::string("no CUDA device found");
        return std::string();
    }();
    return reason.c_str();
}

} // namespace catlab::cuda
