#pragma once

#include "catlab/cloud/cloud_cells.hpp"
#include "catlab/host_device.hpp"
#include "catlab/memory_space.hpp"

#include <cstdint>
#include <vector>

namespace catlab::cloud {

// The continuous density a renderer draws: the cloud bits smoothed by a binomial filter of radius r
// (weights C(2r, r + i) along each axis, so 4^r per axis and 64^r in all), cells outside the volume
// counting as clear, scaled to 0..255 with integer rounding. Integer arithmetic throughout, so every
// backend gives the same bytes. One byte per cell, x fastest, then y, then z.
inline constexpr int kMaxDensityRadius = 3;

// Throws catlab::Error for a radius outside 0..kMaxDensityRadius.
void checkDensityRadius(int radius);

// The reference filter: the direct weighted sum over the (2r+1)^3 neighbourhood of each cell.
std::vector<std::uint8_t> cloudDensity(const CloudCells& cells, int radius);

// Snapshots are taken every few frames; in between, a renderer shows a blend of the last two.
// weight256 in 0..256: 0 gives `from`, 256 gives `to`.
CATLAB_HD std::uint8_t blendDensityValue(std::uint8_t from, std::uint8_t to, int weight256) {
    return std::uint8_t((int(from) * (256 - weight256) + int(to) * weight256 + 128) >> 8);
}

// Blends `count` bytes, all three buffers in `space` (device memory needs CUDA). Throws catlab::Error
// for a weight outside 0..256.
void blendDensity(const std::uint8_t* from, const std::uint8_t* to, std::uint8_t* out, std::size_t count, int weight256,
                  MemorySpace space);

// The blend weight for a fraction t in [0, 1] of the way between two snapshots (clamped).
int blendWeight(double t);

} // namespace catlab::cloud
