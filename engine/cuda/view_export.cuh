#pragma once
// The view export on the GPU. One thread per pixel runs viewPixelAt() from catlab/view.hpp, the same
// integer code as the CPU reference, so the pixels are bit-identical; cells are read through a small
// reader for the backend's layout and the pixels written straight into a device target (a host target
// goes through a device staging buffer: only pixels cross the bus, never the grid).
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
#include "device_staging.hpp"

#include "catlab/view.hpp"

namespace catlab::cuda {

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
    exportViewKernel<<<dim3(blocksFor(width, threads.x), blocksFor(height, threads.y)), threads>>>(reader, m, pixels,
                                                                                                   pitch);
    CATLAB_CUDA_CHECK_LAUNCH();
    if (!direct)
        CATLAB_CUDA_CHECK(cudaMemcpy2D(target.pixels, std::size_t(target.pitch) * sizeof(ViewPixel), pixels,
                                       width * sizeof(ViewPixel), width * sizeof(ViewPixel), height,
                                       cudaMemcpyDeviceToHost));
}

} // namespace catlab::cuda
