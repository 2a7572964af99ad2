#include "boxsum_launch.hpp"
#include "boxsum_small_moore.cuh"
#include "cuda_check.hpp"
#include "device_buffer.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

template <int R, bool Simple>
__global__ void smallMooreKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned ring[];
    smallMooreBody<R, Simple>(args, ring, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x);
}

// The ring of window sums passes 48 KiB past radius 8: allow the kernel the most shared memory a
// block may have.
template <int R, bool Simple>
auto* smallMooreKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(smallMooreKernel<R, Simple>);
}

} // namespace

void launchSmallMoore(const BoxsumPlan& p, const StepArgs& args) {
    dispatchSmallMoore(args.radius, [&]<int R>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            smallMooreKernelWithSharedMemory<R, Simple>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(
                args);
            CATLAB_CUDA_CHECK_LAUNCH();
        });
    });
}

int smallMooreResidentBlocks(const BoxsumPlan& p, int radius) {
    int blocks = 0;
    dispatchSmallMoore(radius, [&]<int R>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, smallMooreKernelWithSharedMemory<R, Simple>(), p.threads, p.sharedBytes));
        });
    });
    return blocks;
}

} // namespace catlab::cuda
