#pragma once
// What identifies a state up to translation on the torus, computed by every backend in its own layout
// (device backends on the device): the live cells' smallest bounding box and a 64-bit hash of the cells
// within it, relative to the box's corner. A state and the same cells moved anywhere on the torus have
// the same box size and hash, so a pattern that repeats itself, moved or not, repeats its signature.

#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/host_device.hpp"

#include <cstdint>
#include <span>

namespace catlab {

struct PatternSignature {
    std::uint64_t population = 0; // cells in any non-zero state
    // The live cells' bounding box: x in [0, W), y in [0, H); it may run past the right or bottom edge
    // (it wraps). Empty (0 x 0) when the population is 0.
    CellRect box;
    std::uint64_t hash = 0;

    // Whether two states can be the same cells, moved: equal populations, box sizes and hashes.
    bool sameShapeAs(const PatternSignature& other) const {
        return population == other.population && box.width == other.box.width && box.height == other.box.height &&
               hash == other.hash;
    }
};

// The hash is the sum (mod 2^64) of one term per live cell, so that any order of adding it up (a GPU
// reduction) gives the same value, then mixed with the box's size. Each term is a strong mix of the
// cell's place in the box and its state (SplitMix64's finalizer).
CATLAB_HD std::uint64_t mixSignatureBits(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
CATLAB_HD std::uint64_t cellSignatureTerm(std::uint32_t x, std::uint32_t y, std::uint32_t state) {
    return mixSignatureBits((std::uint64_t(x) | std::uint64_t(y) << 21 | std::uint64_t(state) << 42) +
                            0x9e3779b97f4a7c15ULL);
}
CATLAB_HD std::uint64_t finishSignatureHash(std::uint64_t termSum, int width, int height) {
    return mixSignatureBits(
        termSum ^ mixSignatureBits(std::uint64_t(std::uint32_t(width)) << 32 | std::uint64_t(std::uint32_t(height))));
}

// The shortest run of positions along a torus side of `n` that holds every occupied one (bit i of
// words[i / 32] set): where it starts and how long it is (0 when none is occupied, n when no gap is
// left). It starts just after the longest gap: of equally long gaps, the first within 0..n-1, the gap across
// the edge only when it is longer than every other.
struct AxisSpan {
    int start = 0;
    int length = 0;
};
AxisSpan occupiedSpan(std::span<const std::uint32_t> words, int n);

// The signature of a host grid: what every backend's Backend::signature() must equal.
PatternSignature signatureOf(const Grid& grid);

} // namespace catlab
