#pragma once
// The small line kernels' launch, per shape: each shape's instantiations (radius 1..8, one-interval and
// general count sets) live in their own translation unit (boxsum_small_lines_<shape>.cu) so that they
// build in parallel.
#include "boxsum_launch.hpp"
#include "boxsum_small_lines.cuh"
#include "cuda_check.hpp"

namespace catlab::cuda {

template <SmallLinesShape Shape, int R, bool Simple>
__global__ void smallLinesKernel(const __grid_constant__ StepArgs args) {
    smallLinesBody<Shape, R, Simple>(args, int(threadIdx.x), int(blockDim.x), (long long)blockIdx.x);
}

template <SmallLinesShape Shape>
void launchSmallLinesOf(const BoxsumPlan& p, const StepArgs& args) {
    withCompileTimeInt<1, kMaxSmallLinesRadius>(args.radius, "boxsum small lines", "radius", [&]<int R>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            smallLinesKernel<Shape, R, Simple><<<unsigned(p.blocks), unsigned(p.threads)>>>(args);
            CATLAB_CUDA_CHECK_LAUNCH();
        });
    });
}

template <SmallLinesShape Shape>
int smallLinesResidentBlocksOf(const BoxsumPlan& p, int radius) {
    int blocks = 0;
    withCompileTimeInt<1, kMaxSmallLinesRadius>(radius, "boxsum small lines", "radius", [&]<int R>() {
        dispatchSimple(p.simpleSets, [&]<bool Simple>() {
            CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, smallLinesKernel<Shape, R, Simple>,
                                                                            p.threads, 0));
        });
    });
    return blocks;
}

} // namespace catlab::cuda
