// `shared`: one thread per cell; the block's tile plus a halo of r cells on every side is staged in
// shared memory, so each cell of the tile is read from global memory once per block instead of once
// per neighbour. Large radii stream the halo through shared memory in bands of rows.
#include "catlab/backend_spec.hpp"
#include "fast_path.cuh"
#include "tile_grid.cuh"
#include "tiled_byte_grid_backend.cuh"

namespace catlab::cuda {
namespace {

constexpr int kTileW = 32; // one warp per tile row: conflict-free byte reads from shared memory
constexpr int kTileH = 8;
// Two blocks per SM on an H100 (227 KB) and within the opt-in limit of every sm_80+ device.

// The general kernel. Shared memory: the span of each neighbourhood row (2r+1 ints), then a band of
// `bandRows` halo-tile rows of kTileW + 2r cells.
__global__ void sharedStepKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                                 DeviceRule rule, int bandRows, const unsigned* __restrict__ table, int words) {
    extern __shared__ int shared[];
    const int r = rule.radius;
    DeviceSpan* spans = reinterpret_cast<DeviceSpan*>(shared);
    Cell* band = reinterpret_cast<Cell*>(shared + 2 * r + 1);
    const int pitch = kTileW + 2 * r;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh)

    for (int i = ty * kTileW + tx; i <= 2 * r; i += kTileW * kTileH) spans[i] = deviceRowSpan(rule, i - r);

    // Halo-tile row t holds global row y0 - r + t; this thread's neighbourhood rows are t = ty .. ty + 2r.
    int count = 0;
    const int tileRows = kTileH + 2 * r;
    for (int b0 = 0; b0 < tileRows; b0 += bandRows) {
        const int rows = min(bandRows, tileRows - b0);
        __syncthreads(); // the previous band is no longer read (and the spans are written)
        loadWrapped(band, rows, pitch, in, width, height, x0 - r, y0 - r + b0);
        __syncthreads();
        const int lo = max(b0, ty), hi = min(b0 + rows, ty + 2 * r + 1);
        for (int t = lo; t < hi; ++t) {
            const DeviceSpan span = spans[t - ty];
            const Cell* p = band + (t - b0) * pitch + tx + r;
            for (int dx = span.lo; dx <= span.hi; ++dx) count += p[dx] == 1;
        }
    }
    // Threads past the grid's edge only helped load the tile.
    const int x = x0 + tx, y = y0 + ty;
    if (x >= width || y >= height) return;
    const std::size_t i = std::size_t(y) * width + x;
    out[i] = tableNextCell(table, table + words, rule.states, in[i], count);
}

// The fast path (fast_path.cuh): 2 states, Moore, radius R; the whole halo tile in static shared
// memory, its rows padded so each thread reads its rows as aligned words (conflict-free: a warp
// reads consecutive words).
template <int R>
__global__ void __launch_bounds__(kTileW* kTileH)
    sharedFastKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                     const unsigned* __restrict__ table, int words) {
    constexpr int kWords = kTileW / 4 - 1 + kSpanWords<R>, kPitch = 4 * kWords, kRows = kTileH + 2 * R;
    __shared__ __align__(16)
        Cell tile[kRows * kPitch]; // halo-tile cell (row, col): global (x0 - R + col, y0 - R + row)
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh)
    loadTile<kWords>(tile, kRows, in, width, height, x0 - R, y0 - R);
    const BinaryTransition<R> next(table, words);
    __syncthreads();
    // This thread's rows are ty .. ty + 2R, its columns tx .. tx + 2R.
    const Cell* segment = tile + ty * kPitch + (tx & ~3);
    SegmentSums<R> sums;
#pragma unroll(kRowUnroll <R>)
    for (int dy = 0; dy <= 2 * R; ++dy) sums.add(reinterpret_cast<const unsigned*>(segment + dy * kPitch));
    const int x = x0 + tx, y = y0 + ty;
    if (x >= width || y >= height) return;
    out[std::size_t(y) * width + x] = next(tile[(ty + R) * kPitch + tx + R], sums.count(tx & 3));
}

// A thread per cell. The general kernel's bands are rows: the whole halo tile when it fits, else as many
// rows as fit (at r = 500, ~90).
struct SharedTiles {
    static constexpr Tiling kTiling{"shared", kTileW, kTileH, kTileW, kTileH, BandLines::Rows};
    static GeneralTileKernel* general() { return sharedStepKernel; }
    template <int R>
    static FastTileKernel* fast() {
        return sharedFastKernel<R>;
    }
};
using SharedBackend = TiledByteGridBackend<SharedTiles>;

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec shared() {
    return {
        .name = "shared",
        .memorySpace = MemorySpace::Device,
        .description = "CUDA: shared-memory tile with halo",
        .rulesSummary =
            "row-span neighbourhoods (M, N, C, 2, +, H), any states (up to 16 count intervals per set), radius 1..500",
        .unsupportedReason = cuda::deviceRuleUnsupported,
        .create = makeBackend<cuda::SharedBackend>,
        .memoryNeed = cuda::byteGridMemoryNeed};
}

} // namespace catlab::backends
