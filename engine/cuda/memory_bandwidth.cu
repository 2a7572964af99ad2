// The memory floor's denominator: how fast this GPU streams a large copy.
#include "catlab/memory_bandwidth.hpp"
#include "cuda_check.hpp"
#include "device_buffer.hpp"

#include <algorithm>
#include <vector>

namespace catlab {
namespace {

__global__ void streamCopy(const int4* __restrict__ source, int4* __restrict__ destination, size_t count) {
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) destination[i] = source[i];
}

class EventPair {
  public:
    EventPair() {
        CATLAB_CUDA_CHECK(cudaEventCreate(&start));
        if (const cudaError_t error = cudaEventCreate(&stop); error != cudaSuccess) {
            cudaEventDestroy(start);
            CATLAB_CUDA_CHECK(error);
        }
    }
    EventPair(const EventPair&) = delete;
    EventPair& operator=(const EventPair&) = delete;
    ~EventPair() {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
};

} // namespace

std::optional<double> measureDeviceBandwidth() {
    if (*cuda::unavailableReason()) return std::nullopt;
    constexpr size_t kBytes = size_t(1) << 30;
    constexpr size_t kCount = kBytes / sizeof(int4);
    cuda::DeviceBuffer<int4> source(kCount), destination(kCount);
    CATLAB_CUDA_CHECK(cudaMemset(source.data(), 1, kBytes));
    int device = 0, smCount = 0;
    CATLAB_CUDA_CHECK(cudaGetDevice(&device));
    CATLAB_CUDA_CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, device));
    const unsigned blocks = unsigned(smCount) * 8;
    EventPair events;
    std::vector<float> ms;
    for (int repeat = 0; repeat < 8; ++repeat) { // the first is a warm-up
        CATLAB_CUDA_CHECK(cudaEventRecord(events.start, 0));
        streamCopy<<<blocks, 256>>>(source.data(), destination.data(), kCount);
        CATLAB_CUDA_CHECK_LAUNCH();
        CATLAB_CUDA_CHECK(cudaEventRecord(events.stop, 0));
        CATLAB_CUDA_CHECK(cudaEventSynchronize(events.stop));
        float elapsed = 0;
        CATLAB_CUDA_CHECK(cudaEventElapsedTime(&elapsed, events.start, events.stop));
        if (repeat > 0) ms.push_back(elapsed);
    }
    std::nth_element(ms.begin(), ms.begin() + long(ms.size() / 2), ms.end());
    return 2.0 * double(kBytes) / (double(ms[ms.size() / 2]) * 1e-3);
}

} // namespace catlab
