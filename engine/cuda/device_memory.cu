// Raw device memory for catlab::CellStorage.
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "cuda_check.hpp"
#include "device_buffer.hpp"

#include <algorithm>
#include <cstring>
#include <string>

namespace catlab {
namespace {

__global__ void clearStatesKernel(Cell* cells, std::size_t count, int states) {
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        if (cells[i] >= states) cells[i] = 0;
}

} // namespace

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

void clearStatesOnDevice(CellBuffer cells, int states) {
    const std::size_t count = std::size_t(cells.size.width) * std::size_t(cells.size.height);
    if (count == 0) return;
    const unsigned threads = 256;
    const unsigned blocks = unsigned(std::min<std::size_t>(cuda::blocksFor(count, threads), 65536));
    clearStatesKernel<<<blocks, threads>>>(cells.data, count, states);
    CATLAB_CUDA_CHECK_LAUNCH();
}

void copyRows(void* destination, std::size_t destinationPitch, MemorySpace destinationSpace, const void* source,
              std::size_t sourcePitch, MemorySpace sourceSpace, std::size_t rowBytes, std::size_t rows) {
    if (rows == 0 || rowBytes == 0) return;
    const bool toDevice = destinationSpace == MemorySpace::Device, fromDevice = sourceSpace == MemorySpace::Device;
    if (!toDevice && !fromDevice) { // host to host needs no driver
        for (std::size_t r = 0; r < rows; ++r)
            std::memcpy(static_cast<char*>(destination) + r * destinationPitch,
                        static_cast<const char*>(source) + r * sourcePitch, rowBytes);
        return;
    }
    const cudaMemcpyKind kind = toDevice ? (fromDevice ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                                         : (fromDevice ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
    CATLAB_CUDA_CHECK(cudaMemcpy2D(destination, destinationPitch, source, sourcePitch, rowBytes, rows, kind));
}

} // namespace catlab
