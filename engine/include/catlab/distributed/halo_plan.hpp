#pragma once

#include "catlab/distributed/band_layout.hpp"
#include "catlab/topology.hpp"

#include <vector>

namespace catlab {

// Rows copied from one rank's band into another rank's halo: `rows` rows from local row `sourceRow`
// of rank `from` (within the rows it owns) to local row `targetRow` of rank `to` (within its halos).
// `from` and `to` may be the same rank when a halo is deeper than the bands around it.
// Halo rows past the top or bottom edge of a grid other than a plain torus are the rows that edge's join
// reaches, with their cells moved along the row (a shift, a mirror): target column x holds source column
// sourceColumns[x] (empty: the same column). Rows past a plane's edge are dead: no source, from == to.
struct RowTransfer {
    int from = 0;
    int to = 0;
    int sourceRow = 0;
    int targetRow = 0;
    int rows = 0;
    std::vector<int> sourceColumns;
    bool dead = false;
    friend bool operator==(const RowTransfer&, const RowTransfer&) = default;
};

// Every transfer that fills every rank's halos, in one order all ranks agree on: by receiving rank, its
// upper halo before its lower one, top to bottom. The halo rows wrap around the torus and may span
// several bands (or the whole torus, several times) when they are deeper than the bands.
std::vector<RowTransfer> haloTransfers(const BandLayout& layout);
// The same for a topology whose top and bottom edges join each row to one row (rowJoinedTopology): each
// halo row past those edges holds what resolvePosition() says, split into transfers where the source
// band or the columns' map changes. Throws catlab::Error for another topology.
std::vector<RowTransfer> haloTransfers(const BandLayout& layout, const Topology& topology);

// Whether a grid of this topology can be cut into bands whose halos are whole rows: its left and right
// edges join a row to itself (a torus unshifted across, a Klein bottle twisted top to bottom, a plane), and
// its top and bottom edges join a row to one row (a shift or a mirror along it). The other bounded
// topologies give each band an edge frame instead (frame_plan.hpp).
bool rowJoinedTopology(const Topology& topology);

// What one rank does in an exchange: what it sends to other ranks, receives from them, and copies
// within itself, each list in the agreed order.
// Dead rows are among `own`, with no source to read.
struct RankTransfers {
    std::vector<RowTransfer> sends, receives, own;
};
RankTransfers transfersOf(const std::vector<RowTransfer>& all, int rank);

} // namespace catlab
