// The bit-packed CUDA cloud automaton: one thread per 32-cell word of a row, every rule applied to 32
// cells at once with bitwise operations (the "compact cells" of the source report), random draws only
// for cells where a stochastic term can change a bit. The per-word logic is packed_step.hpp's, which the
// host tests run against the reference too.
#include "cuda_check.hpp"
#include "device_buffer.hpp"

#include "catlab/cloud/cloud_backend_registry.hpp"
#include "catlab/cloud/packed_density.hpp"
#include "catlab/cloud/packed_step.hpp"
#include "catlab/error.hpp"
#include "cloud/cloud_backends.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace catlab::cloud {
namespace cuda {
namespace {

using catlab::cuda::blocksFor;
using catlab::cuda::DeviceBuffer;
using namespace packed;

constexpr unsigned kThreads = 256;

// Threads cover the words of one layer (blockIdx.y is z); false for the threads past the end.
__device__ __forceinline__ bool wordOfThread(const PackedDims& d, int& w, int& y, int& z) {
    const std::size_t id = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= d.layerWords()) return false;
    z = int(blockIdx.y);
    y = int(id / std::size_t(d.words));
    w = int(id - std::size_t(y) * std::size_t(d.words));
    return true;
}

__global__ void growKernel(const std::uint32_t* __restrict__ src, std::uint32_t* __restrict__ dst, PackedCodes codes,
                           PackedStep step) {
    int w, y, z;
    if (wordOfThread(step.dims, w, y, z)) growWord(src, dst, codes, step, w, y, z);
}

__global__ void blowKernel(const std::uint32_t* __restrict__ src, std::uint32_t* __restrict__ dst,
                           const FixedVelocity* __restrict__ vx, const FixedVelocity* __restrict__ vy,
                           PackedStep step) {
    int w, y, z;
    if (wordOfThread(step.dims, w, y, z))
        blowWord(src, dst, windShift(vx[z], step.step), windShift(vy[z], step.step), step.dims, w, y, z);
}

// The three passes of packed_density.hpp, one thread per cell.
__global__ void sumAlongXKernel(const std::uint32_t* __restrict__ cld, std::uint8_t* __restrict__ out, PackedDims d,
                                FilterWeights k) {
    const int x = int(blockIdx.x * blockDim.x + threadIdx.x), y = int(blockIdx.y), z = int(blockIdx.z);
    if (x < d.nx) out[cellIndex(d, x, y, z)] = sumAlongX(cld, d, k, x, y, z);
}

__global__ void sumAlongYKernel(const std::uint8_t* __restrict__ in, std::uint16_t* __restrict__ out, PackedDims d,
                                FilterWeights k) {
    const int x = int(blockIdx.x * blockDim.x + threadIdx.x), y = int(blockIdx.y), z = int(blockIdx.z);
    if (x < d.nx) out[cellIndex(d, x, y, z)] = sumAlongY(in, d, k, x, y, z);
}

__global__ void densityAlongZKernel(const std::uint16_t* __restrict__ in, std::uint8_t* __restrict__ out, PackedDims d,
                                    FilterWeights k) {
    const int x = int(blockIdx.x * blockDim.x + threadIdx.x), y = int(blockIdx.y), z = int(blockIdx.z);
    if (x < d.nx) out[cellIndex(d, x, y, z)] = densityAlongZ(in, d, k, x, y, z);
}

__global__ void blendKernel(const std::uint8_t* __restrict__ from, const std::uint8_t* __restrict__ to,
                            std::uint8_t* __restrict__ out, std::size_t count, int weight256) {
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        out[i] = blendDensityValue(from[i], to[i], weight256);
}

class EventPair {
  public:
    EventPair() {
        CATLAB_CUDA_CHECK(cudaEventCreate(&start_));
        const cudaError_t error = cudaEventCreate(&stop_);
        if (error != cudaSuccess) {
            cudaEventDestroy(start_);
            CATLAB_CUDA_CHECK(error);
        }
    }
    EventPair(const EventPair&) = delete;
    EventPair& operator=(const EventPair&) = delete;
    ~EventPair() {
        cudaEventDestroy(start_);
        cudaEventDestroy(stop_);
    }
    cudaEvent_t start() const { return start_; }
    cudaEvent_t stop() const { return stop_; }

  private:
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

template <typename T>
void upload(DeviceBuffer<T>& device, const std::vector<T>& host) {
    if (device.size() != host.size()) device = DeviceBuffer<T>(host.size());
    CATLAB_CUDA_CHECK(cudaMemcpy(device.data(), host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
}

class CudaCloudSimulation final : public CloudSimulation {
  public:
    CudaCloudSimulation(CloudSize size, const CloudParams& params)
        : CloudSimulation(size, params), dims_(PackedDims::of(size)) {
        for (auto& state : state_) {
            state = DeviceBuffer<std::uint32_t>(kFieldCount * dims_.fieldWords);
            CATLAB_CUDA_CHECK(cudaMemset(state.data(), 0, state.bytes()));
        }
        fieldChanged();
    }

    const char* backendName() const override { return "cuda"; }
    MemorySpace memorySpace() const override { return MemorySpace::Device; }

    double timeSteps(int steps) override {
        synchronize();
        CATLAB_CUDA_CHECK(cudaEventRecord(events_.start(), 0));
        step(steps);
        CATLAB_CUDA_CHECK(cudaEventRecord(events_.stop(), 0));
        CATLAB_CUDA_CHECK(cudaEventSynchronize(events_.stop()));
        synchronize();
        float ms = 0.0f;
        CATLAB_CUDA_CHECK(cudaEventElapsedTime(&ms, events_.start(), events_.stop()));
        return double(ms);
    }

    void synchronize() override { CATLAB_CUDA_CHECK(cudaDeviceSynchronize()); }

  protected:
    void loadCells(const CloudCells& cells) override {
        const std::vector<std::uint32_t> words = packCells(cells);
        CATLAB_CUDA_CHECK(cudaMemcpy(state_[current_].data(), words.data(), words.size() * sizeof(std::uint32_t),
                                     cudaMemcpyHostToDevice));
    }

    void storeCells(CloudCells& cells) const override {
        std::vector<std::uint32_t> words(kFieldCount * dims_.fieldWords);
        CATLAB_CUDA_CHECK(cudaMemcpy(words.data(), state_[current_].data(), words.size() * sizeof(std::uint32_t),
                                     cudaMemcpyDeviceToHost));
        unpackCells(words, cells);
    }

    void stepOnce(std::uint64_t generation) override {
        const PackedStep step{dims_, params().seed, generation};
        const PackedCodes codes{extCodes_.data(), humCodes_.data(), actCodes_.data(), active_.data()};
        const dim3 blocks(blocksFor(dims_.layerWords(), kThreads), unsigned(dims_.nz));
        DeviceBuffer<std::uint32_t>& from = state_[current_];
        DeviceBuffer<std::uint32_t>& to = state_[1 - current_];
        growKernel<<<blocks, kThreads>>>(from.data(), to.data(), codes, step);
        CATLAB_CUDA_CHECK_LAUNCH();
        if (wind().movesAt(generation)) {
            blowKernel<<<blocks, kThreads>>>(to.data(), from.data(), windX_.data(), windY_.data(), step);
            CATLAB_CUDA_CHECK_LAUNCH();
        } else {
            current_ = 1 - current_;
        }
    }

    void fieldChanged() override {
        const ProbabilityField& p = field();
        upload(extCodes_, p.ext);
        upload(humCodes_, p.hum);
        upload(actCodes_, p.act);
        upload(active_, activeTerms(p));
        upload(windX_, wind().vx);
        upload(windY_, wind().vy);
    }

    void writeDensity(int radius, std::uint8_t* out, MemorySpace space) const override {
        const std::size_t cells = std::size_t(size().cellCount());
        if (space == MemorySpace::Device) return densityInto(radius, out);
        if (densityOut_.size() != cells) densityOut_ = DeviceBuffer<std::uint8_t>(cells);
        densityInto(radius, densityOut_.data());
        CATLAB_CUDA_CHECK(cudaMemcpy(out, densityOut_.data(), cells, cudaMemcpyDeviceToHost));
    }

  private:
    void densityInto(int radius, std::uint8_t* out) const {
        const std::size_t cells = std::size_t(size().cellCount());
        if (sumX_.size() != cells) {
            sumX_ = DeviceBuffer<std::uint8_t>(cells);
            sumXY_ = DeviceBuffer<std::uint16_t>(cells);
        }
        const FilterWeights k = filterWeights(radius);
        const std::uint32_t* cld = state_[current_].data() + kCldField * dims_.fieldWords;
        const unsigned threads = 128;
        const dim3 blocks(blocksFor(std::size_t(dims_.nx), threads), unsigned(dims_.ny), unsigned(dims_.nz));
        sumAlongXKernel<<<blocks, threads>>>(cld, sumX_.data(), dims_, k);
        CATLAB_CUDA_CHECK_LAUNCH();
        sumAlongYKernel<<<blocks, threads>>>(sumX_.data(), sumXY_.data(), dims_, k);
        CATLAB_CUDA_CHECK_LAUNCH();
        densityAlongZKernel<<<blocks, threads>>>(sumXY_.data(), out, dims_, k);
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    PackedDims dims_;
    std::array<DeviceBuffer<std::uint32_t>, 2> state_; // hum, act, cld fields one after the other
    int current_ = 0;
    DeviceBuffer<ProbabilityCode> extCodes_, humCodes_, actCodes_;
    DeviceBuffer<std::uint8_t> active_; // ActiveTerm flags per word
    DeviceBuffer<FixedVelocity> windX_, windY_;
    mutable DeviceBuffer<std::uint8_t> sumX_;   // density pass 1
    mutable DeviceBuffer<std::uint16_t> sumXY_; // density pass 2
    mutable DeviceBuffer<std::uint8_t> densityOut_;
    EventPair events_;
};

} // namespace
} // namespace cuda

namespace backends {

CloudBackendSpec cuda() {
    return {.name = "cuda",
            .memorySpace = MemorySpace::Device,
            .description = "bit-packed on the GPU: 32 cells per word per field",
            .create = [](CloudSize size, const CloudParams& params) -> std::unique_ptr<CloudSimulation> {
                return std::make_unique<catlab::cloud::cuda::CudaCloudSimulation>(size, params);
            },
            .memoryNeed =
                [](CloudSize size) {
                    using namespace packed;
                    const std::uint64_t cells = size.cellCount();
                    const std::uint64_t fieldWords = PackedDims::of(size).fieldWords;
                    const std::uint64_t stateBytes = kFieldCount * fieldWords * sizeof(std::uint32_t);
                    // Two states, the three probability codes per cell, an active-terms byte per word, the
                    // wind per layer, and the density's passes (x sums, xy sums of two bytes, the density).
                    const std::uint64_t device = 2 * stateBytes + 3 * cells * sizeof(ProbabilityCode) + fieldWords +
                                                 2 * std::uint64_t(size.nz) * sizeof(FixedVelocity) + 4 * cells;
                    // On the host, the codes and at most one of: new codes (setParams), a store's packed
                    // words with the copy cells() returns, a load's packed words.
                    const std::uint64_t field = cloudFieldBytes(size);
                    return MemoryNeed{.hostBytes = field + std::max(field, stateBytes + cells), .deviceBytes = device};
                }};
}

} // namespace backends

void blendDensityOnDevice(const std::uint8_t* from, const std::uint8_t* to, std::uint8_t* out, std::size_t count,
                          int weight256) {
    const unsigned threads = 256;
    const unsigned blocks = unsigned(std::min<std::size_t>(catlab::cuda::blocksFor(count, threads), 65536));
    cuda::blendKernel<<<blocks, threads>>>(from, to, out, count, weight256);
    CATLAB_CUDA_CHECK_LAUNCH();
}

} // namespace catlab::cloud
