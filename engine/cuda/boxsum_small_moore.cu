#include "boxsum_launch.hpp"
#include "boxsum_small_moore.cuh"
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

template <int R, CountTests Tests, bool InRegisters>
__global__ void smallMooreKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned ring[];
    smallMooreBody<R, Tests, InRegisters>(args, ring, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x);
}

// The ring of window sums passes 48 KiB past radius 8: allow the kernel the most shared memory a
// block may have (the ring in registers: none).
template <int R, CountTests Tests, bool InRegisters>
auto* smallMooreKernelFor() {
    if constexpr (InRegisters)
        return smallMooreKernel<R, Tests, true>;
    else
        return withMostDynamicSharedMemory(smallMooreKernel<R, Tests, false>);
}

} // namespace

void launchSmallMoore(const BoxsumPlan& p, const StepArgs& args) {
    dispatchSmallMoore(p, args.radius, [&]<int R, CountTests Tests, bool InRegisters>() {
        smallMooreKernelFor<R, Tests, InRegisters>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(args);
        CATLAB_CUDA_CHECK_LAUNCH();
    });
}

int smallMooreResidentBlocks(const BoxsumPlan& p, int radius) {
    int blocks = 0;
    dispatchSmallMoore(p, radius, [&]<int R, CountTests Tests, bool InRegisters>() {
        CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &blocks, smallMooreKernelFor<R, Tests, InRegisters>(), p.threads, p.sharedBytes));
    });
    return blocks;
}

} // namespace catlab::cuda
