// The CUDA device catlab runs on: whether there is one, and its name and PCI bus id.
#include "catlab/cuda_device.hpp"
#include "cuda_check.hpp"

#include "catlab/error.hpp"

namespace catlab {

std::optional<std::string> cudaUnavailableReason() {
    if (const char* why = cuda::unavailableReason(); *why) return std::string(why);
    return std::nullopt;
}

std::optional<std::uint64_t> cudaFreeDeviceBytes() {
    if (*cuda::unavailableReason()) return std::nullopt;
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess) {
        cudaGetLastError();
        return std::nullopt;
    }
    return std::uint64_t(free);
}

std::optional<int> cudaDeviceOrdinal() {
    if (*cuda::unavailableReason()) return std::nullopt;
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess) {
        cudaGetLastError();
        return std::nullopt;
    }
    return device;
}

int cudaDeviceCount() {
    if (*cuda::unavailableReason()) return 0;
    int count = 0;
    CATLAB_CUDA_CHECK(cudaGetDeviceCount(&count));
    return count;
}

void useCudaDevice(int index) {
    if (const char* why = cuda::unavailableReason(); *why) throw Error(std::string("cannot use a GPU: ") + why);
    CATLAB_CUDA_CHECK(cudaSetDevice(index));
}

std::string cudaDeviceName() {
    if (*cuda::unavailableReason()) return {};
    int device = 0;
    cudaDeviceProp properties{};
    if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&properties, device) != cudaSuccess) {
        cudaGetLastError();
        return {};
    }
    return properties.name;
}

std::string cudaDevicePciBusId() {
    if (*cuda::unavailableReason()) return {};
    int device = 0;
    char id[32] = {};
    if (cudaGetDevice(&device) != cudaSuccess || cudaDeviceGetPCIBusId(id, int(sizeof id), device) != cudaSuccess) {
        cudaGetLastError();
        return {};
    }
    return id;
}

} // namespace catlab
