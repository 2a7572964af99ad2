#pragma once

#include <cstdint>
#include <vector>

namespace catlab::render {

// A tileable side x side blue-noise tile made by void-and-cluster (Ulichney 1993): the rank of every
// pixel, 0 .. side^2 - 1, each rank once, row by row. Any threshold of the ranks is an even spread of
// points with no clumps and no gaps, also across the tile's edges, so offsets taken from it turn
// banding into fine noise with little low-frequency content. The same side and seed give the same
// tile on every machine. Throws catlab::Error for a side outside 4..256.
std::vector<std::uint32_t> blueNoiseRanks(int side, std::uint32_t seed);

} // namespace catlab::render
