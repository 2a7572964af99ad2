// Raw device memory for catlab::CellStorage.
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "cuda_check.hpp"

#include <string>

namespace catlab {

void* allocateDeviceBytes(std::size_t bytes) {
    if (const char* why = cuda::unavailableReason(); *why) throw Error(std::string("cannot use the GPU: ") + why);
    void* pointer = nullptr;
    const cudaError_t error = cudaMalloc(&pointer, bytes);
    if (error == cudaErrorMemoryAllocation) {
        cudaGetLastError();
        throw Error("out of GPU memory: cannot allocate " + std::to_string(bytes >> 20) + " MiB");
    }
    CATLAB_CUDA_CHECK(error);
    return pointer;
}

void freeDeviceBytes(void* pointer) noexcept { cudaFree(pointer); }

} // namespace catlab
