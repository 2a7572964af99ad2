#include "bit_grid.cuh"
#include "cuda_check.hpp"
#include "device_buffer.hpp"

#include "catlab/error.hpp"
#include "catlab/random.hpp"

#include <algorithm>
#include <string>

namespace catlab::cuda {
namespace {

constexpr unsigned kThreads = 256;

// Grid-stride launches: every kernel here walks a 1-D index space, so no row count ever lands in
// gridDim.y (limit 65535) and tall grids need nothing special.
unsigned strideBlocks(std::size_t items) {
    return unsigned(std::min<std::size_t>(blocksFor(items, kThreads), 1u << 20));
}

__device__ std::size_t firstIndex() { return blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; }
__device__ std::size_t indexStride() { return std::size_t(gridDim.x) * blockDim.x; }

// One thread per bit position of the interior words (a warp per word): each lane decides its cell and
// lane 0 stores the ballot. `cellAt(x, row)` gives the cell at x < W of the row-th row of the range.
template <class CellAt>
__device__ void ballotWords(BitWord* words, const BitGeometry& g, int firstRow, int rows, const CellAt& cellAt) {
    const std::size_t interior = std::size_t(g.interiorWords());
    const std::size_t total = std::size_t(rows) * interior * 32; // a multiple of 32: warps stay whole
    for (std::size_t i = firstIndex(); i < total; i += indexStride()) {
        const std::size_t word = i / 32;
        const int row = int(word / interior);
        const int x = int(word % interior) * 32 + int(i % 32);
        const BitWord bits = __ballot_sync(0xffffffffu, x < g.width && cellAt(x, row));
        if (i % 32 == 0) words[g.wordOf(x, firstRow + row)] = bits;
    }
}

__global__ void packBitsKernel(const Cell* __restrict__ canonical, BitWord* __restrict__ words, BitGeometry g,
                               int firstRow, int rows) {
    ballotWords(words, g, firstRow, rows,
                [&](int x, int row) { return canonical[std::size_t(row) * std::size_t(g.width) + x] == 1; });
}

__global__ void randomizeBitsKernel(BitWord* __restrict__ words, BitGeometry g, std::uint64_t threshold,
                                    std::uint64_t seed, std::uint32_t firstRow) {
    ballotWords(words, g, 0, g.height, [&](int x, int y) {
        return randomChance(threshold, seed, std::uint32_t(x), firstRow + std::uint32_t(y));
    });
}

__global__ void unpackBitsKernel(const BitWord* __restrict__ words, Cell* __restrict__ canonical, BitGeometry g,
                                 int firstRow, int rows) {
    const std::size_t width = std::size_t(g.width);
    for (std::size_t i = firstIndex(); i < std::size_t(rows) * width; i += indexStride()) {
        const int x = int(i % width), row = int(i / width);
        canonical[i] = Cell((words[g.wordOf(x, firstRow + row)] >> (x & 31)) & 1u);
    }
}

__global__ void countBitsKernel(const BitWord* __restrict__ words, BitGeometry g, unsigned long long* total) {
    const std::size_t interior = std::size_t(g.interiorWords());
    const BitWord lastMask = g.width % 32 ? (1u << (g.width % 32)) - 1 : ~0u; // the rest is halo
    unsigned long long mine = 0;
    for (std::size_t i = firstIndex(); i < std::size_t(g.height) * interior; i += indexStride()) {
        const std::size_t w = i % interior;
        const BitWord bits = words[g.rowStart(int(i / interior)) + 1 + w];
        mine += __popc(w + 1 == interior ? bits & lastMask : bits);
    }
    for (int offset = 16; offset > 0; offset /= 2) mine += __shfl_down_sync(0xffffffffu, mine, offset);
    if (threadIdx.x % 32 == 0 && mine) atomicAdd(total, mine);
}

// The left halo word and the 32 positions after cell W-1 of each interior row. Everything is read
// before anything is written; the word shared with the interior keeps its interior bits.
__global__ void sideHaloKernel(BitWord* words, BitGeometry g) {
    for (std::size_t y = firstIndex(); y < std::size_t(g.height); y += indexStride()) {
        BitWord* row = words + g.rowStart(int(y));
        const auto cell = [&](int x) { return (row[1 + (x >> 5)] >> (x & 31)) & 1u; };
        BitWord left = 0, right = 0;
        for (int b = 0; b < 32; ++b) {
            left |= cell(((b - 32) % g.width + g.width) % g.width) << b; // position b holds cell b - 32
            right |= cell(b % g.width) << b;                             // position 32 + W + b holds cell b
        }
        row[0] = left;
        const int position = 32 + g.width, q = position / 32, shift = position % 32;
        if (shift == 0) {
            row[q] = right;
        } else {
            row[q] = (row[q] & ((1u << shift) - 1)) | (right << shift);
            row[q + 1] = right >> (32 - shift);
        }
    }
}

// Whole halo rows, copied from the interior rows they wrap to (side halos included, so the corners hold
// the cells diagonally across the torus).
__global__ void rowHaloKernel(BitWord* words, BitGeometry g) {
    const std::size_t pitch = std::size_t(g.pitchWords);
    for (std::size_t i = firstIndex(); i < 2 * kBitHaloRows * pitch; i += indexStride()) {
        const int j = int(i / pitch);
        const int y = j < kBitHaloRows ? j - kBitHaloRows : g.height + j - kBitHaloRows;
        const int source = (y % g.height + g.height) % g.height;
        words[g.rowStart(y) + i % pitch] = words[g.rowStart(source) + i % pitch];
    }
}

} // namespace

void packBits(const Cell* canonical, BitWord* words, const BitGeometry& g, int firstRow, int rows) {
    packBitsKernel<<<strideBlocks(std::size_t(rows) * g.interiorWords() * 32), kThreads>>>(canonical, words, g,
                                                                                           firstRow, rows);
    CATLAB_CUDA_CHECK_LAUNCH();
}

void unpackBits(const BitWord* words, Cell* canonical, const BitGeometry& g, int firstRow, int rows) {
    unpackBitsKernel<<<strideBlocks(std::size_t(rows) * g.width), kThreads>>>(words, canonical, g, firstRow, rows);
    CATLAB_CUDA_CHECK_LAUNCH();
}

void randomizeBits(BitWord* words, const BitGeometry& g, double density, std::uint64_t seed, std::uint32_t firstRow) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    randomizeBitsKernel<<<strideBlocks(std::size_t(g.height) * g.interiorWords() * 32), kThreads>>>(
        words, g, probabilityThreshold(density), seed, firstRow);
    CATLAB_CUDA_CHECK_LAUNCH();
}

std::uint64_t countBits(const BitWord* words, const BitGeometry& g) {
    DeviceBuffer<unsigned long long> total(1);
    CATLAB_CUDA_CHECK(cudaMemset(total.data(), 0, sizeof(unsigned long long)));
    countBitsKernel<<<strideBlocks(std::size_t(g.height) * g.interiorWords()), kThreads>>>(words, g, total.data());
    CATLAB_CUDA_CHECK_LAUNCH();
    unsigned long long result = 0;
    CATLAB_CUDA_CHECK(cudaMemcpy(&result, total.data(), sizeof result, cudaMemcpyDeviceToHost));
    return result;
}

void refreshBitHalo(BitWord* words, const BitGeometry& g) {
    sideHaloKernel<<<strideBlocks(std::size_t(g.height)), kThreads>>>(words, g);
    CATLAB_CUDA_CHECK_LAUNCH();
    rowHaloKernel<<<strideBlocks(2 * kBitHaloRows * std::size_t(g.pitchWords)), kThreads>>>(words, g);
    CATLAB_CUDA_CHECK_LAUNCH();
}

} // namespace catlab::cuda
