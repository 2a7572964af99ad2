#pragma once
// Backend::signature() on the GPU, for any layout with a reader (view_export.cuh): two reductions over
// the state in place. The first marks the occupied columns and rows in two bit arrays (a warp's ballot
// covers 32 columns of a row, so one atomic per warp and row at most); only those bits travel to the
// host, which finds the box on the torus (occupiedSpan). The second sums the hash terms of the live
// cells in the box (warp shuffles, then one 64-bit atomic per warp) and counts them.
#include "cuda_check.hpp"
#include "device_staging.hpp"

#include "catlab/pattern_signature.hpp"

#include <algorithm>
#include <vector>

namespace catlab::cuda {

// Blocks of 32 x 8 threads: each warp is 32 neighbouring cells of one row.
inline constexpr unsigned kSignatureWarpRows = 8;
inline constexpr unsigned kSignatureMaxRowBlocks = 1024; // rows beyond are walked with a stride loop

template <class Reader>
__global__ void occupancyKernel(const Reader reader, GridSize grid, std::uint32_t* __restrict__ columns,
                                std::uint32_t* __restrict__ rows) {
    const int x = int(blockIdx.x * 32 + threadIdx.x);
    std::uint32_t seen = 0; // which of this warp's 32 columns hold a live cell
    for (int y = int(blockIdx.y * blockDim.y + threadIdx.y); y < grid.height; y += int(gridDim.y * blockDim.y)) {
        const bool live = x < grid.width && reader(x, y) != 0;
        const std::uint32_t ballot = __ballot_sync(0xffffffffu, live);
        if (ballot != 0 && threadIdx.x == 0) atomicOr(rows + (y >> 5), 1u << (y & 31));
        seen |= ballot;
    }
    if (seen != 0 && threadIdx.x == 0) atomicOr(columns + blockIdx.x, seen);
}

// totals[0]: the sum of the hash terms, totals[1]: the live cells, over the box (x0, y0, w, h).
template <class Reader>
__global__ void boxHashKernel(const Reader reader, GridSize grid, int x0, int y0, int w, int h,
                              unsigned long long* __restrict__ totals) {
    const int i = int(blockIdx.x * 32 + threadIdx.x);
    const int x = x0 + i < grid.width ? x0 + i : x0 + i - grid.width;
    unsigned long long sum = 0, count = 0;
    for (int j = int(blockIdx.y * blockDim.y + threadIdx.y); j < h; j += int(gridDim.y * blockDim.y)) {
        if (i >= w) continue; // still takes part in the shuffles below
        const int y = y0 + j < grid.height ? y0 + j : y0 + j - grid.height;
        if (const unsigned state = reader(x, y); state != 0) {
            sum += cellSignatureTerm(std::uint32_t(i), std::uint32_t(j), state);
            ++count;
        }
    }
    for (int offset = 16; offset > 0; offset >>= 1) {
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
        count += __shfl_down_sync(0xffffffffu, count, offset);
    }
    if (threadIdx.x == 0 && count != 0) {
        atomicAdd(totals, sum);
        atomicAdd(totals + 1, count);
    }
}

// Throws catlab::Error for a CUDA failure. `staging` holds the bit arrays and totals between the launches.
template <class Reader>
PatternSignature signatureOnDevice(const Reader& reader, GridSize grid, DeviceStaging& staging) {
    const std::size_t columnWords = (std::size_t(grid.width) + 31) / 32;
    const std::size_t rowWords = (std::size_t(grid.height) + 31) / 32;
    const std::size_t bitBytes = (columnWords + rowWords) * sizeof(std::uint32_t);
    auto* totals = staging.get<unsigned long long>(2 + (columnWords + rowWords + 1) / 2);
    auto* columns = reinterpret_cast<std::uint32_t*>(totals + 2);
    std::uint32_t* rows = columns + columnWords;
    CATLAB_CUDA_CHECK(cudaMemset(totals, 0, 2 * sizeof(unsigned long long) + bitBytes));

    const dim3 threads(32, kSignatureWarpRows);
    const auto rowBlocks = [](int rows) {
        return std::max(1u, std::min(blocksFor(std::size_t(rows), kSignatureWarpRows), kSignatureMaxRowBlocks));
    };
    occupancyKernel<<<dim3(unsigned(columnWords), rowBlocks(grid.height)), threads>>>(reader, grid, columns, rows);
    CATLAB_CUDA_CHECK_LAUNCH();
    std::vector<std::uint32_t> bits(columnWords + rowWords);
    CATLAB_CUDA_CHECK(cudaMemcpy(bits.data(), columns, bitBytes, cudaMemcpyDeviceToHost));
    const AxisSpan xs = occupiedSpan(std::span(bits).first(columnWords), grid.width);
    const AxisSpan ys = occupiedSpan(std::span(bits).subspan(columnWords), grid.height);

    PatternSignature s;
    s.box = {xs.start, ys.start, xs.length, ys.length};
    unsigned long long sums[2] = {0, 0};
    if (xs.length > 0) {
        boxHashKernel<<<dim3(blocksFor(std::size_t(xs.length), 32), rowBlocks(ys.length)), threads>>>(
            reader, grid, xs.start, ys.start, xs.length, ys.length, totals);
        CATLAB_CUDA_CHECK_LAUNCH();
        CATLAB_CUDA_CHECK(cudaMemcpy(sums, totals, sizeof sums, cudaMemcpyDeviceToHost));
    }
    s.population = sums[1];
    s.hash = finishSignatureHash(sums[0], xs.length, ys.length);
    return s;
}

} // namespace catlab::cuda
