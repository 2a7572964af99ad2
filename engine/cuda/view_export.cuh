#pragma once
// The view export on the GPU. One thread per pixel runs viewPixelAt() from catlab/view.hpp, the same
// integer code as the CPU reference, so the pixels are bit-identical; cells are read through a small
// reader for the backend's layout and the pixels written straight into a device target (a host target
// goes through a device staging buffer: only pixels cross the bus, never the grid). Bit rows zoomed out
// take the band export instead (view_bit_bands.cuh), which ends in the same integer code.
//
// A reader is any copyable struct with
//     __device__ unsigned operator()(int x, int y) const;   // state of cell (x, y), 0 <= x < W, 0 <= y < H
// Giving a new backend layout the fast view path takes the reader and one override:
//     struct BitPlaneReader {
//         const std::uint32_t* words;
//         int wordsPerRow;
//         __device__ unsigned operator()(int x, int y) const {
//             return (words[std::size_t(y) * wordsPerRow + (x >> 5)] >> (x & 31)) & 1u;
//         }
//     };
//     void exportView(const ViewWindow& window, ViewTarget target) const override {
//         exportViewOnDevice(BitPlaneReader{words(), wordsPerRow()}, window, target, size(), rule().states,
//                            viewStaging_); // viewStaging_: a mutable DeviceStaging member
//     }
// Painting (writeCells/readCells) reuses the reader; see cell_rect_access.cuh. Backends derived from
// ByteGridBackend or PaddedGridBackend have all of this already.
#include "cuda_check.hpp"
#include "device_intrinsics.cuh"
#include "device_staging.hpp"
#include "view_bit_bands.cuh"

#include "catlab/view.hpp"
#include "catlab/view_partials.hpp"
#include "catlab/view_partials_export.hpp"

#include <concepts>
#include <cstdint>

namespace catlab::cuda {

// Readers of two-state cells held as rows of bit words (cell x of a row is bit x % 32 of word x / 32)
// give the export these rows, when they hold every cell (with state planes, they do not):
//     bool hasBitRows() const;
//     const unsigned* bitRow(int y) const;
template <class Reader>
concept BitRowReader = requires(const Reader& reader, int y) {
    { reader.hasBitRows() } -> std::same_as<bool>;
    { reader.bitRow(y) } -> std::same_as<const unsigned*>;
};

// A pixel of a few rows sums the same columns of each. Its words and masks are worked out once, and the
// rows' loads have no branch between them, so that the compiler issues several rows' loads before the
// first popcount waits. Pixels whose columns wrap around the grid's edge take the general path. Further
// out, where this is bound by the latency of each pixel's loads, the band export (view_bit_bands.cuh)
// reads each word once instead.
template <class Reader>
__device__ ViewPixel bitRowsPixel(const Reader& reader, const ViewMapping& m, int px, int py) {
    const ViewSpan sx = viewSpan(m.x, px), sy = viewSpan(m.y, py);
    if (sx.first + sx.count > m.x.cells) return viewPixelFromSpans(m, sx, sy, reader);
    const int first = sx.first >> 5, last = (sx.first + sx.count - 1) >> 5;
    const unsigned head = ~0u << (sx.first & 31);
    const unsigned tail = ~0u >> (31 - ((sx.first + sx.count - 1) & 31));
    std::uint64_t live = 0;
    int y = sy.first;
    if (last - first <= 1) { // up to 33 columns: two words a row (the same word twice for one)
        const unsigned firstMask = first == last ? head & tail : head;
        const unsigned lastMask = first == last ? 0u : tail;
        CATLAB_UNROLL_4
        for (int j = 0; j < sy.count; ++j) {
            const unsigned* row = reader.bitRow(y);
            live += unsigned(__popc(intrinsics::loadReadOnly(row + first) & firstMask) +
                             __popc(intrinsics::loadReadOnly(row + last) & lastMask));
            y = y + 1 == m.y.cells ? 0 : y + 1;
        }
    } else {
        for (int j = 0; j < sy.count; ++j) {
            const unsigned* row = reader.bitRow(y);
            unsigned rowLive = unsigned(__popc(intrinsics::loadReadOnly(row + first) & head) +
                                        __popc(intrinsics::loadReadOnly(row + last) & tail));
            CATLAB_UNROLL_4
            for (int w = first + 1; w < last; ++w) rowLive += unsigned(__popc(intrinsics::loadReadOnly(row + w)));
            live += rowLive;
            y = y + 1 == m.y.cells ? 0 : y + 1;
        }
    }
    // Two states: every live cell is state 1, weighs 1 in the decay sum, and is the only non-zero state.
    return viewPixelFromSums(m, sx, sy, ViewSums{live, live, live}, reader(sx.centre, sy.centre));
}

template <class Reader>
__global__ void exportBitRowsViewKernel(const Reader reader, const ViewMapping m, ViewPixel* __restrict__ pixels,
                                        std::size_t pitch) {
    const int px = int(blockIdx.x * blockDim.x + threadIdx.x);
    const int py = int(blockIdx.y * blockDim.y + threadIdx.y);
    if (px >= m.width || py >= m.height) return;
    pixels[std::size_t(py) * pitch + std::size_t(px)] = bitRowsPixel(reader, m, px, py);
}

template <int Planes, class Reader>
__global__ void exportBitBandsKernel(const Reader reader, const ViewMapping m, const BitBandPlan plan,
                                     ViewPixel* __restrict__ pixels, std::size_t pitch) {
    extern __shared__ unsigned bandCounts[];
    bitBandBody<Planes>(reader, m, plan, pixels, pitch, bandCounts, int(threadIdx.x), (long long)blockIdx.x,
                        DeviceSync{});
}

template <class Reader>
__global__ void exportViewKernel(const Reader reader, const ViewMapping m, ViewPixel* __restrict__ pixels,
                                 std::size_t pitch) {
    const int px = int(blockIdx.x * blockDim.x + threadIdx.x);
    const int py = int(blockIdx.y * blockDim.y + threadIdx.y);
    if (px >= m.width || py >= m.height) return;
    pixels[std::size_t(py) * pitch + std::size_t(px)] = viewPixelAt(m, px, py, reader);
}

// Throws catlab::Error for a bad window or target (view.hpp), or a CUDA failure.
template <class Reader>
void exportViewOnDevice(const Reader& reader, const ViewWindow& window, ViewTarget target, GridSize grid, int states,
                        DeviceStaging& staging) {
    const ViewMapping m = makeViewMapping(window, grid, states);
    checkViewTarget(window, target);
    const bool direct = target.space == MemorySpace::Device;
    const std::size_t width = std::size_t(m.width), height = std::size_t(m.height);
    ViewPixel* pixels = direct ? target.pixels : staging.get<ViewPixel>(width * height);
    const std::size_t pitch = direct ? std::size_t(target.pitch) : width;
    const dim3 threads(32, 8); // a warp spans neighbouring pixels of one row: its reads coalesce
    const dim3 blocks(blocksFor(width, threads.x), blocksFor(height, threads.y));
    bool launched = false;
    if constexpr (BitRowReader<Reader>) {
        if (reader.hasBitRows()) {
            const BitBandPlan bands = planBitBands(m);
            if (bitBandsPay(m, bands))
                withBandPlanes(bands.planes, [&]<int Planes>() {
                    exportBitBandsKernel<Planes>
                        <<<unsigned(bands.blocks), unsigned(bands.threads), bands.sharedBytes>>>(reader, m, bands,
                                                                                                 pixels, pitch);
                });
            else
                exportBitRowsViewKernel<<<blocks, threads>>>(reader, m, pixels, pitch);
            launched = true;
        }
    }
    if (!launched) exportViewKernel<<<blocks, threads>>>(reader, m, pixels, pitch);
    CATLAB_CUDA_CHECK_LAUNCH();
    if (!direct)
        CATLAB_CUDA_CHECK(cudaMemcpy2D(target.pixels, std::size_t(target.pitch) * sizeof(ViewPixel), pixels,
                                       width * sizeof(ViewPixel), width * sizeof(ViewPixel), height,
                                       cudaMemcpyDeviceToHost));
}

// The partials of a band's pixels (view_partials.hpp): one thread per pixel of the target's rows.
template <class Reader>
__global__ void exportViewPartialsKernel(const Reader reader, const ViewMapping m, const ViewRows rows,
                                         const int firstPixelRow, const int pixelRows,
                                         ViewPartial* __restrict__ partials) {
    const int px = int(blockIdx.x * blockDim.x + threadIdx.x);
    const int row = int(blockIdx.y * blockDim.y + threadIdx.y);
    if (px >= m.width || row >= pixelRows) return;
    partials[std::size_t(row) * std::size_t(m.width) + std::size_t(px)] =
        viewPartialAt(m, rows, px, firstPixelRow + row, reader);
}

// Throws catlab::Error for rows outside the state (of size `local`) or the grid, a bad target, or a
// CUDA failure. A host target goes through the staging buffer: only partials cross the bus.
template <class Reader>
void exportViewPartialsOnDevice(const Reader& reader, const ViewMapping& m, ViewRows rows, ViewPartialTarget target,
                                GridSize local, DeviceStaging& staging) {
    checkViewPartials(m, rows, local, target);
    const std::size_t count = std::size_t(m.width) * std::size_t(target.pixelRows);
    const bool direct = target.space == MemorySpace::Device;
    ViewPartial* partials = direct ? target.data : staging.get<ViewPartial>(count);
    const dim3 threads(32, 8);
    const dim3 blocks(blocksFor(std::size_t(m.width), threads.x), blocksFor(std::size_t(target.pixelRows), threads.y));
    exportViewPartialsKernel<<<blocks, threads>>>(reader, m, rows, target.firstPixelRow, target.pixelRows, partials);
    CATLAB_CUDA_CHECK_LAUNCH();
    if (!direct)
        CATLAB_CUDA_CHECK(cudaMemcpy(target.data, partials, count * sizeof(ViewPartial), cudaMemcpyDeviceToHost));
}

} // namespace catlab::cuda
