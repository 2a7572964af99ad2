#include "boxsum_launch.hpp"
#include "boxsum_von_neumann.cuh"
#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

template <int ArmPlanes, int CountPlanes, bool Simple>
__global__ void vonNeumannKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned exchange[];
    vonNeumannBody<ArmPlanes, CountPlanes, Simple>(args, exchange, int(threadIdx.x), int(blockDim.x),
                                                   (long long)blockIdx.x, DeviceSync{});
}

template <int ArmPlanes, int CountPlanes, bool Simple>
auto* vonNeumannKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(vonNeumannKernel<ArmPlanes, CountPlanes, Simple>);
}

} // namespace

void launchVonNeumann(const BoxsumPlan& p, const StepArgs& args) {
    dispatchVonNeumann(p.armPlanes, [&]<int AP, int CP>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            vonNeumannKernelWithSharedMemory<AP, CP,
                                             Simple>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(
                args);
            CATLAB_CUDA_CHECK_LAUNCH();
        });
    });
}

int vonNeumannResidentBlocks(const BoxsumPlan& p) {
    int blocks = 0;
    dispatchVonNeumann(p.armPlanes, [&]<int AP, int CP>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &blocks, vonNeumannKernelWithSharedMemory<AP, CP, Simple>(), p.threads, p.sharedBytes));
        });
    });
    return blocks;
}

} // namespace catlab::cuda
