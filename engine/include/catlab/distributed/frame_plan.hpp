#pragma once
// Bands of a topology whose joins cross between bands (a sphere, a cross-surface, a torus shifted on its
// left and right edges, a Klein bottle twisted left to right): each band computes on a torus wider than
// the grid, whose columns past the grid's are an edge frame, and every generation each halo cell and
// frame cell is filled with the cell resolvePosition() names for it, wherever that cell's band is.
//
// Rank p's local torus is localWidth x (rows + 2 * haloRows): local cell (x, y) of its own rows or halo
// rows stands for global row band(p).firstRow - haloRows + y and, for its column,
//   x            when x < W + reach  (the band's own columns, then `reach` columns past the right edge),
//   x - local    when x >= localWidth - reach (the `reach` columns before the left edge: the torus wraps),
// and nothing in between (no neighbourhood of the band's cells reaches there). Local column x of the
// band's own cells is global column x, so a neighbourhood that flips on odd cells keeps its parity.
#include "catlab/cell_rect.hpp"
#include "catlab/distributed/band_layout.hpp"
#include "catlab/topology.hpp"

#include <cstdint>
#include <utility>
#include <vector>

namespace catlab {

// Whether a grid of this topology cut into bands needs an edge frame: a bounded topology whose joins do
// not keep rows whole (rowJoinedTopology() is false).
bool framedTopology(const Topology& topology);

// The width of a band's local torus for a grid `width` wide and a neighbourhood reaching `reach` columns:
// room for `reach` columns past each edge, rounded up to a multiple of 64 (the bit-plane backends' words)
// where that stays within kMaxGridSide.
int framedBandWidth(int width, int reach);

// Cells of one rank sent to or received from one peer: indices into the rank's staged sources (sends)
// or targets (receives), in the order both sides agree on.
struct PeerCells {
    int peer = 0;
    std::vector<std::uint32_t> cells;
};

// What one rank does in every exchange. It reads its `sources` rectangles of its local torus (cells of its
// own rows only) into one staging buffer, rectangle after rectangle, row-major; it fills a targets buffer
// of its `targets` rectangles (its halo rows and the frame columns of its own rows) the same way and
// writes them back. Target cells that no transfer names keep 0: the middle of the frame, and positions
// outside a plane.
struct RankFramePlan {
    GridSize local;
    std::vector<CellRect> sources;
    std::vector<CellRect> targets;
    std::vector<PeerCells> sends;    // by peer, ascending: staged source indices
    std::vector<PeerCells> receives; // by peer, ascending: target indices, in the order the peer sends them
    std::vector<std::pair<std::uint32_t, std::uint32_t>> own; // (staged source, target) within the rank
};

// Rank `rank`'s plan. Every pair of ranks agrees: rank q's sends to p and rank p's receives from q list
// p's target cells in the order of p's targets buffer. Throws catlab::Error for a layout without halos,
// or a band whose frame or sources would not fit the plan's 32-bit indices.
RankFramePlan framePlan(const BandLayout& layout, const Topology& topology, int reach, int rank);

} // namespace catlab
