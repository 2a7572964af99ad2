// Upkeep of the boxsum bit planes on the device: halos, conversion to and from bytes, random fill,
// population; and the step dispatch.
#include "boxsum_launch.hpp"
#include "cuda_check.hpp"
#include "device_buffer.hpp"

#include "catlab/error.hpp"

#include <string>

namespace catlab::cuda {
namespace {

constexpr unsigned kThreads = 256;

__global__ void refreshHaloKernel(const BitGrid g, long long first, long long count) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < count) refreshHaloBody(g, first + i);
}

__global__ void packKernel(const BitGrid g, const Cell* __restrict__ cells, int firstRow, long long count) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < count) packBody(g, cells, i, firstRow);
}

__global__ void unpackKernel(const BitGrid g, Cell* __restrict__ cells, int firstRow, long long count) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < count) unpackBody(g, cells, i, firstRow);
}

__global__ void randomizeKernel(const BitGrid g, std::uint64_t threshold, std::uint64_t seed, std::uint32_t firstRow,
                                long long count) {
    const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < count) randomizeBody(g, threshold, seed, i, firstRow);
}

// Live cells of the data words; the bits past the width are halo copies and are masked off.
__global__ void countAliveKernel(const BitGrid g, long long count, unsigned long long* total) {
    unsigned long long mine = 0;
    const unsigned lastMask = g.width % 32 ? (1u << (g.width % 32)) - 1u : ~0u;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count;
         i += (long long)gridDim.x * blockDim.x) {
        const auto [y, w] = rowWordOf(g, i);
        // Every non-zero state counts, as in Golly: with state planes a cell is live when any bit is set.
        const std::size_t at = g.rowOffset(int(y)) + std::size_t(w);
        unsigned word = g.alive[at];
        for (int k = 0; k < g.statePlanes; ++k) word |= g.statePlane(k)[at];
        mine += __popc(w == g.words - 1 ? word & lastMask : word);
    }
    for (int offset = 16; offset > 0; offset /= 2) mine += __shfl_down_sync(0xffffffffu, mine, offset);
    if ((threadIdx.x & 31) == 0 && mine) atomicAdd(total, mine);
}

unsigned blocksOf(long long count) { return unsigned((count + kThreads - 1) / kThreads); }

} // namespace

void refreshHaloOnDevice(const BitGrid& g) { refreshHaloOnDevice(g, 0, g.height); }

void refreshHaloOnDevice(const BitGrid& g, int firstRow, int rows) {
    const long long slots = 2LL * g.halo + 1, count = slots * rows;
    if (count == 0) return;
    refreshHaloKernel<<<blocksOf(count), kThreads>>>(g, slots * firstRow, count);
    CATLAB_CUDA_CHECK_LAUNCH();
}

void packOnDevice(const BitGrid& g, const Cell* cells) {
    packRowsOnDevice(g, cells, 0, g.height);
    refreshHaloOnDevice(g);
}

void unpackOnDevice(const BitGrid& g, Cell* cells) { unpackRowsOnDevice(g, cells, 0, g.height); }

void packRowsOnDevice(const BitGrid& g, const Cell* cells, int firstRow, int rows) {
    const long long count = 1LL * rows * g.words;
    if (count == 0) return;
    packKernel<<<blocksOf(count), kThreads>>>(g, cells, firstRow, count);
    CATLAB_CUDA_CHECK_LAUNCH();
}

void unpackRowsOnDevice(const BitGrid& g, Cell* cells, int firstRow, int rows) {
    const long long count = 1LL * rows * g.words;
    if (count == 0) return;
    unpackKernel<<<blocksOf(count), kThreads>>>(g, cells, firstRow, count);
    CATLAB_CUDA_CHECK_LAUNCH();
}

void randomizeOnDevice(const BitGrid& g, double density, std::uint64_t seed, std::uint32_t firstRow) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    const long long count = 1LL * g.height * g.words;
    randomizeKernel<<<blocksOf(count), kThreads>>>(g, probabilityThreshold(density), seed, firstRow, count);
    CATLAB_CUDA_CHECK_LAUNCH();
    refreshHaloOnDevice(g);
}

std::uint64_t countAliveOnDevice(const BitGrid& g) {
    DeviceBuffer<unsigned long long> total(1);
    CATLAB_CUDA_CHECK(cudaMemset(total.data(), 0, sizeof(unsigned long long)));
    const long long count = 1LL * g.height * g.words;
    countAliveKernel<<<std::min(blocksOf(count), 65536u), kThreads>>>(g, count, total.data());
    CATLAB_CUDA_CHECK_LAUNCH();
    unsigned long long result = 0;
    CATLAB_CUDA_CHECK(cudaMemcpy(&result, total.data(), sizeof result, cudaMemcpyDeviceToHost));
    return result;
}

void launchBoxsumStep(const BoxsumPlan& plan, const StepArgs& args) {
    switch (plan.kernel) {
    case BoxsumKernel::SmallMoore: return launchSmallMoore(plan, args);
    case BoxsumKernel::MidMoore: return launchMidMoore(plan, args);
    case BoxsumKernel::VonNeumann: return launchVonNeumann(plan, args);
    case BoxsumKernel::Lines: return launchLines(plan, args);
    case BoxsumKernel::SmallLines: return launchSmallLines(plan, args);
    case BoxsumKernel::Checkerboard: return launchCheckerboard(plan, args);
    case BoxsumKernel::MidCheckerboard: return launchMidCheckerboard(plan, args);
    }
}

int boxsumResidentBlocks(const BoxsumPlan& plan, int radius) {
    switch (plan.kernel) {
    case BoxsumKernel::SmallMoore: return smallMooreResidentBlocks(plan, radius);
    case BoxsumKernel::MidMoore: return midMooreResidentBlocks(plan);
    case BoxsumKernel::VonNeumann: return vonNeumannResidentBlocks(plan);
    case BoxsumKernel::Lines: return linesResidentBlocks(plan);
    case BoxsumKernel::SmallLines: return smallLinesResidentBlocks(plan, radius);
    case BoxsumKernel::Checkerboard: return checkerboardResidentBlocks(plan, radius);
    case BoxsumKernel::MidCheckerboard: return midCheckerboardResidentBlocks(plan);
    }
    return 1;
}

} // namespace catlab::cuda
