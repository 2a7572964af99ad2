// `coarse`: a large shared-memory tile with an out-halo of the neighbourhood's reach, and thread
// coarsening: each thread computes a vertical strip of kStrip cells. Along the strip the count is a
// running sum: per neighbourhood column dx, stepping one cell down adds the cell entering at the bottom
// of the column span and drops the one leaving at the top, so a cell costs ~2(2r+1) reads, not (2r+1)^2.
// The triangular shape flips on cells of odd x + y, so a strip's cells alternate between two column
// spans: two running sums, each stepping two cells down. Large radii stream the halo tile through shared
// memory in bands of columns.
#include "catlab/backend_spec.hpp"
#include "coarse_strip.cuh"
#include "fast_path.cuh"
#include "tile_grid.cuh"
#include "tiled_byte_grid_backend.cuh"

namespace catlab::cuda {
namespace {

constexpr int kThreadsX = 64;
constexpr int kThreadsY = 4;
constexpr int kStrip = 16; // cells per thread, one above the other (even: the triangular sums step by two)
constexpr int kTileW = kThreadsX;
constexpr int kTileH = kThreadsY * kStrip;
// Two blocks per SM on an H100 (227 KB) and within the opt-in limit of every sm_80+ device.

// The general kernel. Shared memory: the column spans (an int each, deviceColumnSpan: 2R+1 of them, R the
// reach across; for the triangular shape those of even cells, then those of odd cells), then a band of
// `bandCols` columns of the (kTileH + 2r)-row halo tile.
__global__ void coarseStepKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                                 DeviceRule rule, int bandCols, const unsigned* __restrict__ table, int words) {
    extern __shared__ int shared[];
    const int r = rule.radius, reach = deviceReachX(rule);
    const bool flips = deviceFlipsOnOddCells(rule);
    const int spanColumns = 2 * reach + 1, tableEntries = deviceSpanTableEntries(rule);
    DeviceSpan* columnSpans = reinterpret_cast<DeviceSpan*>(shared);
    Cell* band = reinterpret_cast<Cell*>(shared + tableEntries);
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh)

    for (int i = ty * kThreadsX + tx; i < tableEntries; i += kThreadsX * kThreadsY)
        columnSpans[i] = deviceColumnSpan(rule, i % spanColumns - reach, i >= spanColumns);

    // Halo-tile cell (row, col) is global (x0 - reach + col, y0 - r + row). This thread's cells sit in
    // column tx + reach, rows top + r .. top + r + kStrip - 1; its neighbourhood columns are
    // tx .. tx + 2 reach.
    const int top = ty * kStrip;
    // The spans of the strip's even cells (k = 0, 2, ...) and of its odd ones: by the parity of x + y.
    const int firstParity = flips ? (x0 + tx + y0 + top) & 1 : 0;
    const DeviceSpan* evenCellSpans = columnSpans + (flips ? firstParity : 0) * spanColumns;
    const DeviceSpan* oddCellSpans = columnSpans + (flips ? 1 - firstParity : 0) * spanColumns;
    int count[kStrip] = {};
    const int tileRows = kTileH + 2 * r, tileCols = kTileW + 2 * reach;
    for (int b0 = 0; b0 < tileCols; b0 += bandCols) {
        const int cols = min(bandCols, tileCols - b0);
        __syncthreads(); // the previous band is no longer read (and the column spans are written)
        loadWrapped(band, tileRows, cols, in, width, height, x0 - reach + b0, y0 - r);
        __syncthreads();
        const int lo = max(b0, tx), hi = min(b0 + cols, tx + 2 * reach + 1);
        for (int c = lo; c < hi; ++c) {
            const Cell* column = band + (c - b0);
            addColumnToStrip(
                count, [&](int row) { return int(column[row * cols] == 1); }, top + r, evenCellSpans[c - tx],
                oddCellSpans[c - tx], flips);
        }
    }
    const int x = x0 + tx;
    if (x >= width) return;
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int y = y0 + top + k;
        if (y >= height) break;
        const std::size_t i = std::size_t(y) * width + x;
        out[i] = tableNextCell(table, table + words, rule.states, in[i], count[k]);
    }
}

// The fast path (fast_path.cuh): 2 states, Moore, radius R; the whole halo tile in static shared
// memory (rows padded to whole words for loadTile), every column span 2R+1 cells high.
template <int R>
__global__ void __launch_bounds__(kThreadsX* kThreadsY)
    coarseFastKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int width, int height,
                     const unsigned* __restrict__ table, int words) {
    constexpr int kWords = (kTileW + 2 * R + 3) / 4, kPitch = 4 * kWords, kRows = kTileH + 2 * R;
    __shared__ __align__(16)
        Cell tile[kRows * kPitch]; // halo-tile cell (row, col): global (x0 - R + col, y0 - R + row)
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * kTileW, y0 = tileRow() * kTileH;
    if (y0 >= height) return; // past the last tile row (tile_grid.cuh)
    loadTile<kWords>(tile, kRows, in, width, height, x0 - R, y0 - R);
    const BinaryTransition<R> next(table, words);
    __syncthreads();
    // This thread's cells: column tx + R, rows top + R .. top + R + kStrip - 1.
    const int top = ty * kStrip;
    int count[kStrip] = {};
    if constexpr (R <= 2) {
        // Rows first: h[t] sums the 2R+1 cells of halo-tile row top + t around the column, then the
        // strip's counts slide down h. Fewer reads than sliding every column while 2R+1 is small.
        int h[kStrip + 2 * R];
#pragma unroll
        for (int t = 0; t < kStrip + 2 * R; ++t) {
            h[t] = 0;
#pragma unroll
            for (int c = 0; c <= 2 * R; ++c) h[t] += tile[(top + t) * kPitch + tx + c];
        }
        int sum = 0;
#pragma unroll
        for (int t = 0; t <= 2 * R; ++t) sum += h[t];
        count[0] = sum;
#pragma unroll
        for (int k = 1; k < kStrip; ++k) count[k] = sum += h[k + 2 * R] - h[k - 1];
    } else {
        // Columns one at a time: unrolled, their loads would be hoisted and spill.
#pragma unroll 1
        for (int c = 0; c <= 2 * R; ++c) {
            const Cell* column = tile + top * kPitch + tx + c;
            int sum = 0;
#pragma unroll
            for (int row = 0; row <= 2 * R; ++row) sum += column[row * kPitch];
            count[0] += sum;
#pragma unroll
            for (int k = 1; k < kStrip; ++k) {
                sum += column[(2 * R + k) * kPitch] - column[(k - 1) * kPitch];
                count[k] += sum;
            }
        }
    }
    const int x = x0 + tx;
    if (x >= width) return;
#pragma unroll
    for (int k = 0; k < kStrip; ++k) {
        const int y = y0 + top + k;
        if (y >= height) break;
        out[std::size_t(y) * width + x] = next(tile[(top + R + k) * kPitch + tx + R], count[k]);
    }
}

// A thread per strip of kStrip cells. The general kernel's bands are columns: the whole halo tile when it
// fits (r <= ~120), else as many columns as fit.
struct CoarseTiles {
    static constexpr Tiling kTiling{"coarse", kThreadsX, kThreadsY, kTileW, kTileH, BandLines::Columns};
    static GeneralTileKernel* general() { return coarseStepKernel; }
    template <int R>
    static FastTileKernel* fast() {
        return coarseFastKernel<R>;
    }
};
using CoarseBackend = TiledByteGridBackend<CoarseTiles>;

std::optional<std::string> coarseUnsupported(const Rule& rule) {
    if (rule.neighbourhood == Neighbourhood::Triangular) return deviceCountSetsUnsupported(rule);
    return deviceRuleUnsupported(rule);
}

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec coarse() {
    return {.name = "coarse",
            .memorySpace = MemorySpace::Device,
            .description = "CUDA: large shared-memory tile, thread coarsening",
            .rulesSummary =
                "row-span neighbourhoods (M, N, C, 2, +, H) and the triangular L, any states (up to 16 count "
                "intervals per set), radius 1..500",
            .unsupportedReason = cuda::coarseUnsupported,
            .create = makeBackend<cuda::CoarseBackend>,
            .memoryNeed = cuda::byteGridMemoryNeed};
}

} // namespace catlab::backends
