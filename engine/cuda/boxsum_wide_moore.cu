#include "boxsum_launch.hpp"
#include "boxsum_wide_moore.cuh"
#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

template <class Columns, bool Simple>
__global__ void wideMooreKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned columnSums[];
    wideMooreBody<Columns, Simple>(args, columnSums, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x,
                                   DeviceSync{});
}

template <class Columns, bool Simple>
auto* wideMooreKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(wideMooreKernel<Columns, Simple>);
}

} // namespace

void launchWideMoore(const BoxsumPlan& p, const StepArgs& args) {
    dispatchWideMoore(p.halfColumns, p.simpleSets, [&]<class Columns, bool Simple>() {
        wideMooreKernelWithSharedMemory<Columns, Simple>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(
            args);
        CATLAB_CUDA_CHECK_LAUNCH();
    });
}

int wideMooreResidentBlocks(const BoxsumPlan& p) {
    int blocks = 0;
    dispatchWideMoore(p.halfColumns, p.simpleSets, [&]<class Columns, bool Simple>() {
        CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &blocks, wideMooreKernelWithSharedMemory<Columns, Simple>(), p.threads, p.sharedBytes));
    });
    return blocks;
}

} // namespace catlab::cuda
