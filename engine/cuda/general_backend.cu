// `general`: any neighbourhood shape, weighted or not, any states, any radius the shape allows. One thread
// per cell sums the weights of the live cells at the rule's offsets (catlab::NeighbourhoodShape, in device
// memory: every thread of a warp reads the same offset, a broadcast from cache). A block first copies its
// halo of live cells into shared memory when it fits; farther-reaching shapes read global memory.
#include "byte_grid_backend.cuh"
#include "catlab/backend_spec.hpp"
#include "cuda_check.hpp"
#include "tile_grid.cuh"

#include <vector>

namespace catlab::cuda {
namespace {

struct DeviceNeighbour {
    int dx, dy, weight;
};

// One generation's inputs: the shape and the birth and survival sets as count intervals (weighted counts
// span too wide a range for per-count tables).
struct GeneralStep {
    const DeviceNeighbour* __restrict__ neighbours;
    int neighbourCount;
    const int2* __restrict__ birth;
    int birthCount;
    const int2* __restrict__ survival;
    int survivalCount;
    int centreWeight;
    int states;
    int reachX, reachY;
    bool flipsOnOddCells;
};

inline constexpr int kTileW = 32, kTileH = 8;
inline constexpr std::size_t kMaxTileBytes = 48 * 1024; // shared memory without opting in

__device__ __forceinline__ bool inCounts(const int2* __restrict__ set, int n, int count) {
    for (int i = 0; i < n; ++i)
        if (count >= __ldg(&set[i].x) && count <= __ldg(&set[i].y)) return true;
    return false;
}

// catlab::Transition's rule on a weighted count (the centre's own weight added for a live cell).
__device__ __forceinline__ Cell generalNextCell(const GeneralStep& s, Cell state, int neighbours) {
    if (state == 0) return Cell(inCounts(s.birth, s.birthCount, neighbours));
    if (state == 1 && inCounts(s.survival, s.survivalCount, neighbours + s.centreWeight)) return Cell{1};
    return state + 1 < s.states ? Cell(state + 1) : Cell{0};
}

__device__ __forceinline__ int wrap(int v, int n) {
    v %= n;
    return v < 0 ? v + n : v;
}

// The block's cells and a halo of reachX / reachY cells, as 0/1 for state 1, in shared memory.
__global__ void generalTiledKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                                   GeneralStep s) {
    extern __shared__ Cell tile[];
    const int tileW = kTileW + 2 * s.reachX, tileH = kTileH + 2 * s.reachY;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh): the whole block leaves
    for (int i = threadIdx.y * kTileW + threadIdx.x; i < tileW * tileH; i += kTileW * kTileH) {
        const int gx = wrap(x0 - s.reachX + i % tileW, width), gy = wrap(y0 - s.reachY + i / tileW, height);
        tile[i] = __ldg(in + std::size_t(gy) * width + gx) == 1;
    }
    __syncthreads();
    const int x = x0 + threadIdx.x, y = y0 + threadIdx.y;
    if (x >= width || y >= height) return;
    const bool flipped = s.flipsOnOddCells && ((x + y) & 1);
    const Cell* centre = tile + (threadIdx.y + s.reachY) * tileW + threadIdx.x + s.reachX;
    int neighbours = 0;
    for (int k = 0; k < s.neighbourCount; ++k) {
        const DeviceNeighbour o = s.neighbours[k];
        neighbours += o.weight * centre[(flipped ? -o.dy : o.dy) * tileW + o.dx];
    }
    const std::size_t i = std::size_t(y) * width + x;
    out[i] = generalNextCell(s, in[i], neighbours);
}

// Shapes whose halo does not fit shared memory: every neighbour read from global memory, wrapped.
__global__ void generalGlobalKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                                    GeneralStep s) {
    const int x = blockIdx.x * kTileW + threadIdx.x, y = tileRow() * kTileH + threadIdx.y;
    if (x >= width || y >= height) return;
    const bool flipped = s.flipsOnOddCells && ((x + y) & 1);
    int neighbours = 0;
    for (int k = 0; k < s.neighbourCount; ++k) {
        const DeviceNeighbour o = s.neighbours[k];
        // Sides are at least 2 * reach + 1: one wrap suffices.
        int xx = x + o.dx, yy = y + (flipped ? -o.dy : o.dy);
        xx += xx < 0 ? width : xx >= width ? -width : 0;
        yy += yy < 0 ? height : yy >= height ? -height : 0;
        neighbours += o.weight * (__ldg(in + std::size_t(yy) * width + xx) == 1);
    }
    const std::size_t i = std::size_t(y) * width + x;
    out[i] = generalNextCell(s, in[i], neighbours);
}

std::size_t tileBytes(int reachX, int reachY) {
    return std::size_t(kTileW + 2 * reachX) * std::size_t(kTileH + 2 * reachY);
}

template <class T>
DeviceBuffer<T> upload(const std::vector<T>& values) {
    DeviceBuffer<T> buffer(values.empty() ? 1 : values.size());
    if (!values.empty())
        CATLAB_CUDA_CHECK(cudaMemcpy(buffer.data(), values.data(), values.size() * sizeof(T), cudaMemcpyHostToDevice));
    return buffer;
}

std::vector<int2> countIntervals(const CountSet& set) {
    std::vector<int2> out;
    for (const Interval& i : set.intervals()) out.push_back(make_int2(i.lo, i.hi));
    return out;
}

class GeneralBackend final : public ByteGridBackend {
    void prepareRule(const Rule& rule) override {
        const NeighbourhoodShape shape = neighbourhoodShape(rule);
        std::vector<DeviceNeighbour> neighbours;
        neighbours.reserve(shape.offsets.size());
        for (const NeighbourOffset& o : shape.offsets) neighbours.push_back({o.dx, o.dy, o.weight});
        const std::vector<int2> birth = countIntervals(rule.birth), survival = countIntervals(rule.survival);
        neighbours_ = upload(neighbours);
        birth_ = upload(birth);
        survival_ = upload(survival);
        step_ = {neighbours_.data(), int(neighbours.size()), birth_.data(),        int(birth.size()),
                 survival_.data(),   int(survival.size()),   shape.centreWeight,   rule.states,
                 shape.reachX,       shape.reachY,           shape.flipsOnOddCells};
    }

    void stepOnce(const Cell* in, Cell* out) override {
        const GridSize size = gridSize();
        const dim3 threads(kTileW, kTileH);
        const dim3 blocks = tileGridForRows(blocksFor(size.width, kTileW), size.height, kTileH);
        const std::size_t shared = tileBytes(step_.reachX, step_.reachY);
        if (shared <= kMaxTileBytes)
            generalTiledKernel<<<blocks, threads, shared>>>(in, out, size.width, size.height, step_);
        else
            generalGlobalKernel<<<blocks, threads>>>(in, out, size.width, size.height, step_);
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    DeviceBuffer<DeviceNeighbour> neighbours_;
    DeviceBuffer<int2> birth_, survival_;
    GeneralStep step_{};
};

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec general() {
    return {.name = "general",
            .memorySpace = MemorySpace::Device,
            .description = "CUDA: one cell per thread over the rule's list of weighted offsets, the halo in "
                           "shared memory: every neighbourhood shape",
            .rulesSummary = "any rule: every HROT neighbourhood (weighted and custom too), any radius, any states",
            .unsupportedReason = computesEveryRule,
            .create = makeBackend<cuda::GeneralBackend>,
            .memoryNeed = [](const Rule& rule, GridSize size) {
                // The state and the next state, the offsets (at most the shape's bounding box) and the
                // count intervals.
                const int reachX = rule.neighbourhood == Neighbourhood::Triangular ? 2 * rule.radius : rule.radius;
                const std::uint64_t box = std::uint64_t(2 * reachX + 1) * std::uint64_t(2 * rule.radius + 1);
                const std::uint64_t intervals = rule.birth.intervals().size() + rule.survival.intervals().size() + 2;
                return MemoryNeed{.deviceBytes = 2 * std::uint64_t(size.width) * std::uint64_t(size.height) +
                                                 box * 3 * sizeof(int) + intervals * 2 * sizeof(int)};
            }};
}

} // namespace catlab::backends
