#pragma once
// One bit per cell for two-state rules. Cell x of a row is bit x % 32 of word x / 32 (least significant
// bit first). The W x H torus sits in a padded layout so that a pass of up to kBitHaloRows generations
// never wraps:
//   - one word left of cell 0 holds the 32 cells that wrap to its left (W-32 .. W-1),
//   - the 32 bit positions after cell W-1 hold the cells that wrap to its right (0 .. 31); the word that
//     holds cell W-1 is shared by the interior and this halo,
//   - kBitHaloRows rows above and below hold the rows that wrap there, side halos included,
//   - further words to the right (up to the pitch) are only read by the pass kernels and hold nothing:
//     they are more than a pass's reach away from every interior cell.
// Only the interior is the state; refreshBitHalo() rebuilds the halo from it after every change.
#include "bit_geometry.hpp"
#include "bit_runs.cuh"

#include "catlab/backend.hpp"

#include <cstddef>
#include <cstdint>

namespace catlab::cuda {

// Interior cell (x, y), for the view export and painting (view_export.cuh, cell_rect_access.cuh).
struct BitGridReader {
    const BitWord* words;
    BitGeometry g;
    __device__ unsigned operator()(int x, int y) const { return (__ldg(words + g.wordOf(x, y)) >> (x & 31)) & 1u; }
    __host__ __device__ bool hasBitRows() const { return true; }
    __device__ const unsigned* bitRow(int y) const { return words + g.wordOf(0, y); }
    __device__ ViewRowSums rowSums(int x, int count, int y, unsigned) const {
        return twoStateRunSums(words + g.wordOf(0, y), x, count);
    }
};

// Neighbouring threads write bits of the same word, hence the atomics.
struct BitGridWriter {
    BitWord* words;
    BitGeometry g;
    __device__ void operator()(int x, int y, Cell state) const {
        const BitWord bit = 1u << (x & 31);
        if (state == 1)
            atomicOr(words + g.wordOf(x, y), bit);
        else
            atomicAnd(words + g.wordOf(x, y), ~bit);
    }
};

// Rows [firstRow, firstRow + rows) of the interior from / to canonical byte cells (0 or 1) in device
// memory, `canonical` pointing at row firstRow. Packing leaves the halo stale.
void packBits(const Cell* canonical, BitWord* words, const BitGeometry& g, int firstRow, int rows);
void unpackBits(const BitWord* words, Cell* canonical, const BitGeometry& g, int firstRow, int rows);

// The cells of catlab::fillRandom(density, seed); leaves the halo stale. Throws for a density outside 0..1.
void randomizeBits(BitWord* words, const BitGeometry& g, double density, std::uint64_t seed,
                   std::uint32_t firstRow = 0);

// Live interior cells.
std::uint64_t countBits(const BitWord* words, const BitGeometry& g);

// Rebuilds every halo cell from the interior: side halos of the interior rows first, then whole rows.
void refreshBitHalo(BitWord* words, const BitGeometry& g);

} // namespace catlab::cuda
