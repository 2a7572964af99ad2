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

void copyRows(void* destination, std::size_t destinationPitch, MemorySpace destinationSpace, const void* source,
              std::size_t sourcePitch, MemorySpace sourceSpace, std::size_t rowBytes, std::size_t rows) {
    if (rows == 0 || rowBytes == 0) return;
    const bool toDevice = destinationSpace == MemorySpace::Device, fromDevice = sourceSpace == MemorySpace::Device;
    const cudaMemcpyKind kind = toDevice ? (fromDevice ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                                         : (fromDevice ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
    CATLAB_CUDA_CHECK(cudaMemcpy2D(destination, destinationPitch, source, sourcePitch, rowBytes, rows, kind));
}

} // namespace catlab
