#pragma once
// What every `cat` kernel shares: the band matrices and the transition of counted cells.
//
// A neighbourhood sum is a product with a band matrix B (B[k][c] = 1 where |k - c| <= r). Cut into
// 16x16 fragments, the product for one output fragment needs the band fragments at offsets
// o = -F..F fragments (F = ceil(r / 16)): band fragment o is B_o[k][c] = (|k + 16 o - c| <= r), all
// ones when 16 |o| + 15 <= r, all zeros past F. They are stored as (2F + 1) consecutive 16x16 byte
// matrices, o = -F first.
#include "device_rule.cuh"

#include "catlab/grid.hpp"

namespace catlab::cuda {

constexpr int kCatFragment = 16;
constexpr int kCatFragmentCells = kCatFragment * kCatFragment;

// Band fragments on each side of the centre one for a radius (and the halo width in fragments).
__host__ __device__ constexpr int catBandFragments(int radius) { return (radius + kCatFragment - 1) / kCatFragment; }

// Writes the 2F + 1 band fragments of `radius` to `band` as 0/1 values of type T; every thread of the
// block takes part.
template <class T>
__device__ void fillCatBand(T* band, int bandFragments, int radius) {
    for (int i = threadIdx.x; i < (2 * bandFragments + 1) * kCatFragmentCells; i += blockDim.x) {
        const int o = i / kCatFragmentCells - bandFragments, k = (i / kCatFragment) % kCatFragment,
                  c = i % kCatFragment;
        band[i] = T(abs(k + kCatFragment * o - c) <= radius ? 1 : 0);
    }
}

// The next states of 8 consecutive cells (packed in `cells`, first cell in the low byte) from their
// whole-neighbourhood counts, through the transition table (birth words, then survival words). With
// two states the state picks the word set and one lookup decides.
__device__ __forceinline__ uint2 catNext8(const unsigned* table, int tableWords, int states, uint2 cells,
                                          const int (&counts)[8]) {
    const unsigned* survival = table + tableWords;
    const auto next = [&](unsigned state, int count) -> unsigned {
        if (states == 2) return (table[state * tableWords + (count >> 5)] >> (count & 31)) & 1u;
        return tableNextCell(table, survival, states, Cell(state), count);
    };
    unsigned lo = 0, hi = 0;
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        lo |= next((cells.x >> (8 * i)) & 0xFF, counts[i]) << (8 * i);
        hi |= next((cells.y >> (8 * i)) & 0xFF, counts[4 + i]) << (8 * i);
    }
    return make_uint2(lo, hi);
}

} // namespace catlab::cuda
