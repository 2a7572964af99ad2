#include "catlab/distributed/band_layout.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <string>

namespace catlab {

BandLayout::BandLayout(GridSize global, int ranks, int radius, int haloSteps)
    : global_(global), radius_(radius), haloSteps_(haloSteps) {
    if (ranks < 1) throw Error("a distributed grid needs at least one rank (got " + std::to_string(ranks) + ")");
    if (global.height < ranks)
        throw Error("cannot split a grid of " + std::to_string(global.height) + " rows over " + std::to_string(ranks) +
                    " ranks: every rank needs at least one row");
    if (radius < 0) throw Error("negative radius " + std::to_string(radius));
    if (haloSteps < 1) throw Error("halo steps must be at least 1 (got " + std::to_string(haloSteps) + ")");
    const long long halo = ranks == 1 ? 0 : 1LL * haloSteps * radius;
    const long long tallest = (global.height + ranks - 1) / ranks + 2 * halo;
    if (tallest > kMaxGridSide)
        throw Error("halos of " + std::to_string(halo) + " rows (" + std::to_string(haloSteps) + " steps x radius " +
                    std::to_string(radius) + ") make a band taller than " + std::to_string(kMaxGridSide) + " rows");
    haloRows_ = int(halo);
    // The first H mod ranks bands get one row more.
    const int base = global.height / ranks, extra = global.height % ranks;
    int row = 0;
    for (int p = 0; p < ranks; ++p) {
        const int rows = base + (p < extra ? 1 : 0);
        bands_.push_back({row, rows});
        row += rows;
    }
}

GridSize BandLayout::localSize(int rank) const { return {global_.width, band(rank).rows + 2 * haloRows_}; }

int BandLayout::ownerOf(int row) const {
    const auto after =
        std::upper_bound(bands_.begin(), bands_.end(), row, [](int r, const Band& b) { return r < b.firstRow; });
    return int(after - bands_.begin()) - 1;
}

int defaultHaloSteps(GridSize global, int ranks, int radius) {
    if (ranks <= 1 || radius <= 0) return 1;
    const int band = global.height / ranks;
    int steps = std::max(1, 16 / radius);
    while (steps > 1 && 2LL * steps * radius * 8 > band) --steps;
    return steps;
}

} // namespace catlab
