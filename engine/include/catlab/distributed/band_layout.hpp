#pragma once

#include "catlab/grid.hpp"

#include <vector>

namespace catlab {

// Rows [firstRow, firstRow + rows) of the global grid.
struct Band {
    int firstRow = 0;
    int rows = 0;
};

// How a W x H torus is cut into horizontal bands, one per rank, and how deep each band's halos are.
// Rank p owns band(p); its backend runs a W x (rows + 2 * haloRows()) torus whose row haloRows() + i is
// global row band(p).firstRow + i. With haloRows() = haloSteps * radius, the rows a band owns are still
// exact after haloSteps generations (what wraps around the local torus spreads `radius` rows a step from
// its edges), so halos are exchanged every haloSteps generations.
class BandLayout {
  public:
    // Throws catlab::Error for more ranks than rows, a non-positive rank count or haloSteps, or a
    // negative radius. One rank needs no halo: its band is the whole torus.
    BandLayout(GridSize global, int ranks, int radius, int haloSteps);

    GridSize global() const { return global_; }
    int ranks() const { return int(bands_.size()); }
    int radius() const { return radius_; }
    int haloSteps() const { return haloSteps_; }
    int haloRows() const { return haloRows_; }
    const Band& band(int rank) const { return bands_.at(std::size_t(rank)); }
    // The torus rank `rank` computes on.
    GridSize localSize(int rank) const;
    // The rank owning global row `row` (0 <= row < H).
    int ownerOf(int row) const;

  private:
    GridSize global_;
    int radius_ = 0;
    int haloSteps_ = 1;
    int haloRows_ = 0;
    std::vector<Band> bands_;
};

// Halo steps when none are asked for: as many generations per exchange as keep the extra rows computed
// (2 x haloSteps x radius) within an eighth of the band, at most 16 (bitlife's pass).
int defaultHaloSteps(GridSize global, int ranks, int radius);

} // namespace catlab
