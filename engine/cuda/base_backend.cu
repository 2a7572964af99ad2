// `base`: one thread per cell, every neighbour read straight from global memory.
#include "byte_grid_backend.cuh"
#include "cuda_backends.hpp"

namespace catlab::cuda {
namespace {

__global__ void baseStepKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                               DeviceRule rule) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= width || y >= height) return;
    int count = 0;
    for (int dy = -rule.radius; dy <= rule.radius; ++dy) {
        int yy = y + dy;
        yy += yy < 0 ? height : yy >= height ? -height : 0; // sides are at least 2r+1: one wrap suffices
        const Cell* row = in + std::size_t(yy) * width;
        const int half = deviceRowHalfWidth(rule, dy);
        for (int dx = -half; dx <= half; ++dx) {
            int xx = x + dx;
            xx += xx < 0 ? width : xx >= width ? -width : 0;
            count += row[xx] == 1;
        }
    }
    const std::size_t i = std::size_t(y) * width + x;
    out[i] = nextCell(rule, in[i], count);
}

class BaseBackend final : public ByteGridBackend {
    void stepOnce(const Cell* in, Cell* out) override {
        const GridSize s = gridSize();
        const dim3 threads(32, 8);
        const dim3 blocks(blocksFor(s.width, threads.x), blocksFor(s.height, threads.y));
        baseStepKernel<<<blocks, threads>>>(in, out, s.width, s.height, deviceRule());
        CATLAB_CUDA_CHECK_LAUNCH();
    }
};

} // namespace

CudaBackendFactory baseBackendFactory() {
    return {[]() -> std::unique_ptr<Backend> { return std::make_unique<BaseBackend>(); }, deviceRuleUnsupported,
            "any rule (up to 16 count intervals per set)"};
}

} // namespace catlab::cuda
