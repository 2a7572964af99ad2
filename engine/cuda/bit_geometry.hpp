#pragma once
// Where the words of bitlife's padded bit grid lie (bit_grid.cuh describes the layout). Host-and-device
// code: the CPU tests check the offsets of grids too large to allocate, whose words pass 2^32.
#include "catlab/host_device.hpp"

#include <cstddef>
#include <cstdint>

namespace catlab::cuda {

using BitWord = std::uint32_t;

inline constexpr int kBitHaloRows = 16;
inline constexpr int kBitHaloBits = 32; // cells kept on each side

struct BitGeometry {
    int width = 0, height = 0; // the torus
    int pitchWords = 0;        // words per padded row, at least interiorWords() + 2

    CATLAB_HD int interiorWords() const { return (width + 31) / 32; }
    CATLAB_HD std::size_t paddedRows() const { return std::size_t(height) + 2 * kBitHaloRows; }
    CATLAB_HD std::size_t paddedWords() const { return paddedRows() * std::size_t(pitchWords); }
    // First word of row y, -kBitHaloRows <= y < height + kBitHaloRows: the left halo word.
    CATLAB_HD std::size_t rowStart(int y) const { return std::size_t(y + kBitHaloRows) * std::size_t(pitchWords); }
    // The word holding interior cell (x, y).
    CATLAB_HD std::size_t wordOf(int x, int y) const { return rowStart(y) + 1 + std::size_t(x >> 5); }
};

} // namespace catlab::cuda
