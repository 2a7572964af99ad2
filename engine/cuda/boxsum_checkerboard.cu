#include "boxsum_checkerboard.cuh"
#include "boxsum_launch.hpp"
#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

template <int R, bool Aligned, bool Simple>
__global__ void checkerboardKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned ring[];
    checkerboardBody<R, Aligned, Simple>(args, ring, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x);
}

// The ring of both colours' row sums passes 48 KiB past radius 6 (with 128 threads).
template <int R, bool Aligned, bool Simple>
auto* checkerboardKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(checkerboardKernel<R, Aligned, Simple>);
}

} // namespace

void launchCheckerboard(const BoxsumPlan& p, const StepArgs& args) {
    dispatchCheckerboard(args.radius, p.aligned, [&]<int R, bool Aligned>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            checkerboardKernelWithSharedMemory<R, Aligned,
                                               Simple>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(
                args);
            CATLAB_CUDA_CHECK_LAUNCH();
        });
    });
}

int checkerboardResidentBlocks(const BoxsumPlan& p, int radius) {
    int blocks = 0;
    dispatchCheckerboard(radius, p.aligned, [&]<int R, bool Aligned>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, checkerboardKernelWithSharedMemory<R, Aligned, Simple>(), p.threads, p.sharedBytes));
        });
    });
    return blocks;
}

} // namespace catlab::cuda
