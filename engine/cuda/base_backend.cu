// `base`: one thread per cell, every neighbour read straight from global memory.
#include "byte_grid_backend.cuh"
#include "catlab/backend_spec.hpp"
#include "fast_path.cuh"
#include "tile_grid.cuh"

namespace catlab::cuda {
namespace {

// The general kernel: any rule, every access wrapped.
__global__ void baseStepKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                               DeviceRule rule, const unsigned* __restrict__ table, int words) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = tileRow() * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    int count = 0;
    for (int dy = -rule.radius; dy <= rule.radius; ++dy) {
        int yy = y + dy;
        yy += yy < 0 ? height : yy >= height ? -height : 0; // sides are at least 2r+1: one wrap suffices
        const Cell* row = in + std::size_t(yy) * width;
        const DeviceSpan span = deviceRowSpan(rule, dy);
        for (int dx = span.lo; dx <= span.hi; ++dx) {
            int xx = x + dx;
            xx += xx < 0 ? width : xx >= width ? -width : 0;
            count += row[xx] == 1;
        }
    }
    const std::size_t i = std::size_t(y) * width + x;
    out[i] = tableNextCell(table, table + words, rule.states, in[i], count);
}

// The fast path (fast_path.cuh): 2 states, Moore, radius R. A block clear of the border (and with
// 4-byte aligned rows) reads each neighbourhood row as aligned words straight from global memory;
// blocks on the border read cell by cell, wrapped.
template <int R>
__global__ void __launch_bounds__(256) baseFastKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width,
                                                      int height, const unsigned* __restrict__ table, int words) {
    const int x0 = blockIdx.x * blockDim.x, y0 = tileRow() * blockDim.y;
    const int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    const bool inside = (width & 3) == 0 && x0 >= R && x0 + int(blockDim.x) - R + 4 * kSpanWords<R> <= width &&
                        y0 >= R && y0 + int(blockDim.y) + R <= height;
    if (x >= width || y >= height) return;
    int count = 0;
    if (inside) {
        const int start = x - R;
        const Cell* segment = in + std::size_t(y - R) * width + (start & ~3);
        SegmentSums<R> sums;
#pragma unroll(kRowUnroll <R>)
        for (int dy = 0; dy <= 2 * R; ++dy)
            sums.add(reinterpret_cast<const unsigned*>(segment + std::ptrdiff_t(dy) * width));
        count = sums.count(start & 3);
    } else {
#pragma unroll 1
        for (int dy = -R; dy <= R; ++dy) {
            int yy = y + dy;
            yy += yy < 0 ? height : yy >= height ? -height : 0; // sides are at least 2r+1: one wrap suffices
            const Cell* row = in + std::size_t(yy) * width;
#pragma unroll
            for (int dx = -R; dx <= R; ++dx) {
                int xx = x + dx;
                xx += xx < 0 ? width : xx >= width ? -width : 0;
                count += row[xx];
            }
        }
    }
    const std::size_t i = std::size_t(y) * width + x;
    out[i] = BinaryTransition<R>(table, words)(in[i], count);
}

class BaseBackend final : public ByteGridBackend {
    void stepOnce(const Cell* in, Cell* out) override {
        const GridSize s = gridSize();
        const dim3 threads(32, 8);
        const dim3 blocks = tileGridForRows(blocksFor(s.width, threads.x), s.height, threads.y);
        withFastRadius(deviceRule(), [&]<int R>() {
            if constexpr (R == 0)
                baseStepKernel<<<blocks, threads>>>(in, out, s.width, s.height, deviceRule(), table(), tableWords());
            else
                baseFastKernel<R><<<blocks, threads>>>(in, out, s.width, s.height, table(), tableWords());
        });
        CATLAB_CUDA_CHECK_LAUNCH();
    }
};

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec base() {
    return {.name = "base",
            .memorySpace = MemorySpace::Device,
            .description = "CUDA: one cell per thread, neighbourhood read from global memory",
            .rulesSummary = "row-span neighbourhoods (M, N, C, 2, +, H), any states (up to 16 count intervals per set)",
            .unsupportedReason = cuda::deviceRuleUnsupported,
            .create = makeBackend<cuda::BaseBackend>,
            .memoryNeed = cuda::byteGridMemoryNeed};
}

} // namespace catlab::backends
