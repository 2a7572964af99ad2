#include "boxsum_launch.hpp"
#include "boxsum_mid_moore.cuh"
#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

// At most 96 registers, as the mid Moore kernel.
template <bool Simple, MidShape Shape>
__global__ void __maxnreg__(96) midCheckerboardKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned columnSums[];
    midBoxBody<Simple, Shape, ByteColumns>(args, columnSums, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x,
                                           DeviceSync{});
}

template <bool Simple, MidShape Shape>
auto* midCheckerboardKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(midCheckerboardKernel<Simple, Shape>);
}

} // namespace

void launchMidCheckerboard(const BoxsumPlan& p, const StepArgs& args) {
    dispatchMidCheckerboard(p.simpleSets, p.aligned, [&]<bool Simple, MidShape Shape>() {
        midCheckerboardKernelWithSharedMemory<Simple,
                                              Shape>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(
            args);
        CATLAB_CUDA_CHECK_LAUNCH();
    });
}

int midCheckerboardResidentBlocks(const BoxsumPlan& p) {
    int blocks = 0;
    dispatchMidCheckerboard(p.simpleSets, p.aligned, [&]<bool Simple, MidShape Shape>() {
        CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &blocks, midCheckerboardKernelWithSharedMemory<Simple, Shape>(), p.threads, p.sharedBytes));
    });
    return blocks;
}

} // namespace catlab::cuda
