#pragma once
// Painting on the GPU: a rectangle of cells (catlab/cell_rect.hpp) is staged on the device and
// scattered into the backend's layout by a writer, or gathered by a reader (view_export.cuh) and
// copied back; the rest of the grid is not touched.
//
// A writer is any copyable struct with
//     __device__ void operator()(int x, int y, Cell state) const;   // 0 <= x < W, 0 <= y < H
// Neighbouring threads write neighbouring cells, so a layout holding several cells per word must
// write with atomics (atomicAnd / atomicOr). A backend whose step reads anything derived from the
// cells (halos, counts) refreshes it after writeCellsOnDevice().
#include "cuda_check.hpp"
#include "device_staging.hpp"

#include "catlab/backend.hpp"
#include "catlab/cell_rect.hpp"

#include <algorithm>
#include <span>

namespace catlab::cuda {

// Rows are walked with a grid-stride loop: a rectangle may be taller than a launch grid is high.
template <class Writer>
__global__ void writeRectKernel(const Writer writer, const Cell* __restrict__ cells, int x0, int y0, int width,
                                int height, GridSize grid) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (i >= width) return;
    const int x = x0 + i < grid.width ? x0 + i : x0 + i - grid.width;
    for (int j = int(blockIdx.y * blockDim.y + threadIdx.y); j < height; j += int(gridDim.y * blockDim.y)) {
        const int y = y0 + j < grid.height ? y0 + j : y0 + j - grid.height;
        writer(x, y, cells[std::size_t(j) * std::size_t(width) + std::size_t(i)]);
    }
}

template <class Reader>
__global__ void readRectKernel(const Reader reader, Cell* __restrict__ cells, int x0, int y0, int width, int height,
                               GridSize grid) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (i >= width) return;
    const int x = x0 + i < grid.width ? x0 + i : x0 + i - grid.width;
    for (int j = int(blockIdx.y * blockDim.y + threadIdx.y); j < height; j += int(gridDim.y * blockDim.y)) {
        const int y = y0 + j < grid.height ? y0 + j : y0 + j - grid.height;
        cells[std::size_t(j) * std::size_t(width) + std::size_t(i)] = Cell(reader(x, y));
    }
}

inline dim3 rectBlocks(const CellRect& rect, dim3 threads) {
    return dim3(blocksFor(std::size_t(rect.width), threads.x),
                std::min(blocksFor(std::size_t(rect.height), threads.y), 65535u));
}

// Throws catlab::Error for a bad rectangle or state (checkCellWrite), or a CUDA failure.
template <class Writer>
void writeCellsOnDevice(const Writer& writer, const CellRect& rect, std::span<const Cell> cells, GridSize grid,
                        int states, DeviceStaging& staging) {
    checkCellWrite(rect, grid, cells, states);
    if (cells.empty()) return;
    Cell* staged = staging.get<Cell>(cells.size());
    CATLAB_CUDA_CHECK(cudaMemcpy(staged, cells.data(), cells.size(), cudaMemcpyHostToDevice));
    const dim3 threads(64, 4);
    writeRectKernel<<<rectBlocks(rect, threads), threads>>>(writer, staged, wrapCoordinate(rect.x, grid.width),
                                                            wrapCoordinate(rect.y, grid.height), rect.width,
                                                            rect.height, grid);
    CATLAB_CUDA_CHECK_LAUNCH();
}

template <class Reader>
void readCellsOnDevice(const Reader& reader, const CellRect& rect, std::span<Cell> cells, GridSize grid,
                       DeviceStaging& staging) {
    checkCellRect(rect, grid, cells.size());
    if (cells.empty()) return;
    Cell* staged = staging.get<Cell>(cells.size());
    const dim3 threads(64, 4);
    readRectKernel<<<rectBlocks(rect, threads), threads>>>(reader, staged, wrapCoordinate(rect.x, grid.width),
                                                           wrapCoordinate(rect.y, grid.height), rect.width, rect.height,
                                                           grid);
    CATLAB_CUDA_CHECK_LAUNCH();
    CATLAB_CUDA_CHECK(cudaMemcpy(cells.data(), staged, cells.size(), cudaMemcpyDeviceToHost));
}

// Whole rows for the halo exchange (Backend::readRows and writeRows): straight between the layout and
// a device buffer, staged for a host one.
template <class Reader>
void readRowsOnDevice(const Reader& reader, int firstRow, CellBuffer rows, GridSize grid, DeviceStaging& staging) {
    checkRowAccess("readRows", firstRow, rows.size, grid);
    const std::size_t count = std::size_t(rows.size.width) * std::size_t(rows.size.height);
    if (count == 0) return;
    Cell* target = rows.space == MemorySpace::Device ? rows.data : staging.get<Cell>(count);
    const CellRect rect{0, firstRow, rows.size.width, rows.size.height};
    const dim3 threads(64, 4);
    readRectKernel<<<rectBlocks(rect, threads), threads>>>(reader, target, 0, firstRow, rect.width, rect.height, grid);
    CATLAB_CUDA_CHECK_LAUNCH();
    if (rows.space == MemorySpace::Host)
        CATLAB_CUDA_CHECK(cudaMemcpy(rows.data, target, count, cudaMemcpyDeviceToHost));
}

template <class Writer>
void writeRowsOnDevice(const Writer& writer, int firstRow, ConstCellBuffer rows, GridSize grid,
                       DeviceStaging& staging) {
    checkRowAccess("writeRows", firstRow, rows.size, grid);
    const std::size_t count = std::size_t(rows.size.width) * std::size_t(rows.size.height);
    if (count == 0) return;
    const Cell* source = rows.data;
    if (rows.space == MemorySpace::Host) {
        Cell* staged = staging.get<Cell>(count);
        CATLAB_CUDA_CHECK(cudaMemcpy(staged, rows.data, count, cudaMemcpyHostToDevice));
        source = staged;
    }
    const CellRect rect{0, firstRow, rows.size.width, rows.size.height};
    const dim3 threads(64, 4);
    writeRectKernel<<<rectBlocks(rect, threads), threads>>>(writer, source, 0, firstRow, rect.width, rect.height, grid);
    CATLAB_CUDA_CHECK_LAUNCH();
}

} // namespace catlab::cuda
