#pragma once
// The line kernels' launch, per shape: each shape's instantiations (every radius class, one-interval and
// general count sets) live in their own translation unit (boxsum_lines_<shape>.cu) so that they build
// in parallel.
#include "boxsum_launch.hpp"
#include "boxsum_lines.cuh"
#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {

// Blocks of at most kMaxLinesThreads threads (BoxsumTuning::linesThreads), registers for at least
// kLinesMinBlocks of them on a multiprocessor: without the bound the diagonal shapes took 105 registers and
// left three quarters of the warps idle.
inline constexpr int kMaxLinesThreads = 128;
inline constexpr int kLinesMinBlocks = 6;

template <LineShape Shape, int Class, bool Simple>
__global__ void __launch_bounds__(kMaxLinesThreads, kLinesMinBlocks)
    linesKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned exchange[];
    linesBody<Shape, Class, Simple>(args, exchange, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x,
                                    DeviceSync{});
}

template <LineShape Shape, int Class, bool Simple>
auto* linesKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(linesKernel<Shape, Class, Simple>);
}

template <LineShape Shape>
void launchLinesOf(const BoxsumPlan& p, const StepArgs& args) {
    withCompileTimeInt<0, kLineClassCount - 1>(p.lineClass, "boxsum lines", "radius class", [&]<int K>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            linesKernelWithSharedMemory<Shape, K, Simple>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(
                args);
            CATLAB_CUDA_CHECK_LAUNCH();
        });
    });
}

template <LineShape Shape>
int linesResidentBlocksOf(const BoxsumPlan& p) {
    int blocks = 0;
    withCompileTimeInt<0, kLineClassCount - 1>(p.lineClass, "boxsum lines", "radius class", [&]<int K>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, linesKernelWithSharedMemory<Shape, K, Simple>(), p.threads, p.sharedBytes));
        });
    });
    return blocks;
}

} // namespace catlab::cuda
