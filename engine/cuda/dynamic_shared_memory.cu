#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

#include <map>
#include <mutex>
#include <utility>

namespace catlab::cuda {
namespace {

int currentDevice() {
    int device = 0;
    CATLAB_CUDA_CHECK(cudaGetDevice(&device));
    return device;
}

} // namespace

void allowDynamicSharedMemory(const void* kernel, std::size_t bytes) {
    static std::mutex mutex;
    static std::map<std::pair<const void*, int>, std::size_t> allowed; // (kernel, device) -> bytes
    const std::lock_guard lock(mutex);
    std::size_t& now = allowed[{kernel, currentDevice()}];
    if (bytes <= now) return;
    CATLAB_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
    now = bytes;
}

void allowMostDynamicSharedMemory(const void* kernel) {
    int most = 0;
    CATLAB_CUDA_CHECK(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, currentDevice()));
    allowDynamicSharedMemory(kernel, std::size_t(most));
}

} // namespace catlab::cuda
