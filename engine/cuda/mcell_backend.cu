// `mcell`: several cells per thread sharing neighbourhood reads (the MCELL scheme, with an out-halo
// tile in shared memory). Each thread computes kCells horizontally adjacent cells: on every
// neighbourhood row it reads the union of their spans once and adds each cell it reads to every
// partial count whose span holds it, so a read serves up to kCells cells. Large radii stream the
// halo tile through shared memory in bands of rows.
#include "catlab/backend_spec.hpp"
#include "fast_path.cuh"
#include "tile_grid.cuh"
#include "tiled_byte_grid_backend.cuh"

namespace catlab::cuda {
namespace {

constexpr int kCells = 4; // cells per thread; a 4-byte stride between threads keeps banks distinct
constexpr int kThreadsX = 32;
constexpr int kThreadsY = 8;
constexpr int kTileW = kThreadsX * kCells;
constexpr int kTileH = kThreadsY;
// Two blocks per SM on an H100 (227 KB) and within the opt-in limit of every sm_80+ device.

// A cell at offset c of a row segment lies in the span of cell j, `extent` + 1 cells long, when
// j <= c <= j + extent.
__device__ __forceinline__ void addToSpans(int (&count)[kCells], int live, int c, int extent) {
#pragma unroll
    for (int j = 0; j < kCells; ++j) count[j] += (c >= j && c <= j + extent) ? live : 0;
}

// The general kernel. Shared memory: the span of each neighbourhood row (2r+1 ints), then a band of
// `bandRows` halo-tile rows of kTileW + 2r cells.
__global__ void mcellStepKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                                DeviceRule rule, int bandRows, const unsigned* __restrict__ table, int words) {
    extern __shared__ int shared[];
    const int r = rule.radius;
    DeviceSpan* spans = reinterpret_cast<DeviceSpan*>(shared);
    Cell* band = reinterpret_cast<Cell*>(shared + 2 * r + 1);
    const int pitch = kTileW + 2 * r;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh)

    for (int i = ty * kThreadsX + tx; i <= 2 * r; i += kThreadsX * kThreadsY) spans[i] = deviceRowSpan(rule, i - r);

    // Halo-tile row t holds global row y0 - r + t; this thread's neighbourhood rows are t = ty .. ty + 2r.
    int count[kCells] = {};
    const int tileRows = kTileH + 2 * r;
    for (int b0 = 0; b0 < tileRows; b0 += bandRows) {
        const int rows = min(bandRows, tileRows - b0);
        __syncthreads(); // the previous band is no longer read (and the spans are written)
        loadWrapped(band, rows, pitch, in, width, height, x0 - r, y0 - r + b0);
        __syncthreads();
        const int lo = max(b0, ty), hi = min(b0 + rows, ty + 2 * r + 1);
        for (int t = lo; t < hi; ++t) {
            const DeviceSpan span = spans[t - ty];
            const int extent = span.hi - span.lo; // a span is extent + 1 cells long
            // The segment covering all kCells spans: extent + kCells cells, from the first cell's span.lo.
            const Cell* p = band + (t - b0) * pitch + tx * kCells + r + span.lo;
            const int length = extent + kCells;
            // Head [0, kCells-1) and tail [max(kCells-1, extent+1), length) lie in only some spans;
            // the middle [kCells-1, extent] lies in all of them and needs a single sum.
#pragma unroll
            for (int c = 0; c < kCells - 1; ++c) addToSpans(count, p[c] == 1, c, extent);
            int middle = 0;
            for (int c = kCells - 1; c <= extent; ++c) middle += p[c] == 1;
            const int tail = max(kCells - 1, extent + 1);
#pragma unroll
            for (int e = 0; e < kCells - 1; ++e)
                if (tail + e < length) addToSpans(count, p[tail + e] == 1, tail + e, extent);
#pragma unroll
            for (int j = 0; j < kCells; ++j) count[j] += middle;
        }
    }
    const int y = y0 + ty;
    if (y >= height) return;
#pragma unroll
    for (int j = 0; j < kCells; ++j) {
        const int x = x0 + tx * kCells + j;
        if (x >= width) break;
        const std::size_t i = std::size_t(y) * width + x;
        out[i] = tableNextCell(table, table + words, rule.states, in[i], count[j]);
    }
}

// The fast path (fast_path.cuh): 2 states, Moore, radius R; the whole halo tile in static shared
// memory. On each row the union of the kCells spans starts word-aligned (at tile column tx * kCells),
// so one WindowSums over its words gives all kCells counts: they differ only in the segment bytes
// they leave out at either end.
template <int R>
__global__ void __launch_bounds__(kThreadsX* kThreadsY)
    mcellFastKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                    const unsigned* __restrict__ table, int words) {
    static_assert(kCells == 4, "one aligned word per thread");
    constexpr int kWords = kThreadsX - 1 + kSpanWords<R>, kPitch = 4 * kWords, kRows = kTileH + 2 * R;
    __shared__ __align__(16)
        Cell tile[kRows * kPitch]; // halo-tile cell (row, col): global (x0 - R + col, y0 - R + row)
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh)
    loadTile<kWords>(tile, kRows, in, width, height, x0 - R, y0 - R);
    const BinaryTransition<R> transition(table, words);
    __syncthreads();
    const unsigned* segment = reinterpret_cast<const unsigned*>(tile + ty * kPitch) + tx;
    WindowSums<R> sums;
#pragma unroll(kRowUnroll <R>)
    for (int dy = 0; dy <= 2 * R; ++dy) sums.add(segment + dy * kWords, dy);
    const int y = y0 + ty;
    if (y >= height) return;
    const int all = sums.all();
    const int x = x0 + tx * kCells;
    Cell next[kCells];
#pragma unroll
    for (int j = 0; j < kCells; ++j)
        next[j] = transition(tile[(ty + R) * kPitch + tx * kCells + j + R], sums.count(j, all));
    Cell* o = out + std::size_t(y) * width + x;
    if ((width & 3) == 0 && x + kCells <= width) { // one aligned 4-byte store
        *reinterpret_cast<unsigned*>(o) = next[0] | next[1] << 8 | next[2] << 16 | unsigned(next[3]) << 24;
        return;
    }
    for (int j = 0; j < kCells && x + j < width; ++j) o[j] = next[j];
}

// A thread per kCells cells of a row. The general kernel's bands are rows: the whole halo tile when it fits,
// else as many rows as fit (at r = 500, ~85).
struct McellTiles {
    static constexpr Tiling kTiling{"mcell", kThreadsX, kThreadsY, kTileW, kTileH, BandLines::Rows};
    static GeneralTileKernel* general() { return mcellStepKernel; }
    template <int R>
    static FastTileKernel* fast() {
        return mcellFastKernel<R>;
    }
};
using McellBackend = TiledByteGridBackend<McellTiles>;

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec mcell() {
    return {
        .name = "mcell",
        .memorySpace = MemorySpace::Device,
        .description = "CUDA: several cells per thread sharing neighbourhood reads",
        .rulesSummary =
            "row-span neighbourhoods (M, N, C, 2, +, H), any states (up to 16 count intervals per set), radius 1..500",
        .unsupportedReason = cuda::deviceRuleUnsupported,
        .create = makeBackend<cuda::McellBackend>,
        .memoryNeed = cuda::byteGridMemoryNeed};
}

} // namespace catlab::backends
