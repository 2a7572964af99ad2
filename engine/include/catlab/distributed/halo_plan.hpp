#pragma once

#include "catlab/distributed/band_layout.hpp"

#include <vector>

namespace catlab {

// Rows copied from one rank's band into another rank's halo: `rows` rows from local row `sourceRow`
// of rank `from` (within the rows it owns) to local row `targetRow` of rank `to` (within its halos).
// `from` and `to` may be the same rank when a halo is deeper than the bands around it.
struct RowTransfer {
    int from = 0;
    int to = 0;
    int sourceRow = 0;
    int targetRow = 0;
    int rows = 0;
    friend bool operator==(const RowTransfer&, const RowTransfer&) = default;
};

// Every transfer that fills every rank's halos, in one order all ranks agree on: by receiving rank, its
// upper halo before its lower one, top to bottom. The halo rows wrap around the torus and may span
// several bands (or the whole torus, several times) when they are deeper than the bands.
std::vector<RowTransfer> haloTransfers(const BandLayout& layout);

// What one rank does in an exchange: what it sends to other ranks, receives from them, and copies
// within itself, each list in the agreed order.
struct RankTransfers {
    std::vector<RowTransfer> sends, receives, own;
};
RankTransfers transfersOf(const std::vector<RowTransfer>& all, int rank);

} // namespace catlab
