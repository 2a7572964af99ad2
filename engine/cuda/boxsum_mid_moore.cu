#include "boxsum_launch.hpp"
#include "boxsum_mid_moore.cuh"
#include "cuda_check.hpp"
#include "dynamic_shared_memory.hpp"

namespace catlab::cuda {
namespace {

// At most 96 registers: two blocks of the byte kernel's launch shape (288 threads) fit a multiprocessor.
// Relative column sums run one block of up to 512 threads, and spill at 96: 112.
template <class Columns>
inline constexpr int kMidMooreRegisters = std::is_same_v<Columns, DeltaColumns> ? 112 : 96;

template <bool Simple, class Columns, bool SameFloor>
__global__ void __maxnreg__(kMidMooreRegisters<Columns>) midMooreKernel(const __grid_constant__ StepArgs args) {
    extern __shared__ unsigned columnSums[];
    midBoxBody<Simple, MidShape::Moore, Columns, SameFloor>(args, columnSums, int(threadIdx.x), int(blockDim.x),
                                                            (long long)blockIdx.x, DeviceSync{});
}

template <bool Simple, class Columns, bool SameFloor>
auto* midMooreKernelWithSharedMemory() {
    return withMostDynamicSharedMemory(midMooreKernel<Simple, Columns, SameFloor>);
}

} // namespace

void launchMidMoore(const BoxsumPlan& p, const StepArgs& args) {
    dispatchMidMoore(p.midColumns, p.simpleSets, p.sameFloor, [&]<bool Simple, class Columns, bool SameFloor>() {
        midMooreKernelWithSharedMemory<Simple, Columns,
                                       SameFloor>()<<<unsigned(p.blocks), unsigned(p.threads), p.sharedBytes>>>(args);
        CATLAB_CUDA_CHECK_LAUNCH();
    });
}

int midMooreResidentBlocks(const BoxsumPlan& p) {
    int blocks = 0;
    dispatchMidMoore(p.midColumns, p.simpleSets, p.sameFloor, [&]<bool Simple, class Columns, bool SameFloor>() {
        CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &blocks, midMooreKernelWithSharedMemory<Simple, Columns, SameFloor>(), p.threads, p.sharedBytes));
    });
    return blocks;
}

} // namespace catlab::cuda
