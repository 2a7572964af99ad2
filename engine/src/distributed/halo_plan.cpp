#include "catlab/distributed/halo_plan.hpp"

#include <algorithm>

namespace catlab {
namespace {

// Global rows [start, start + count) (wrapping around the torus) into local rows from `targetRow` of `to`.
void addHalo(const BandLayout& layout, int to, long long start, int count, int targetRow,
             std::vector<RowTransfer>& out) {
    const int height = layout.global().height;
    int row = int(((start % height) + height) % height);
    while (count > 0) {
        const int from = layout.ownerOf(row);
        const Band& source = layout.band(from);
        const int rows = std::min(count, source.firstRow + source.rows - row);
        out.push_back({from, to, layout.haloRows() + row - source.firstRow, targetRow, rows});
        targetRow += rows;
        count -= rows;
        row = (row + rows) % height;
    }
}

} // namespace

std::vector<RowTransfer> haloTransfers(const BandLayout& layout) {
    std::vector<RowTransfer> all;
    const int halo = layout.haloRows();
    if (halo == 0) return all;
    for (int p = 0; p < layout.ranks(); ++p) {
        const Band& band = layout.band(p);
        addHalo(layout, p, band.firstRow - halo, halo, 0, all);
        addHalo(layout, p, band.firstRow + band.rows, halo, halo + band.rows, all);
    }
    return all;
}

RankTransfers transfersOf(const std::vector<RowTransfer>& all, int rank) {
    RankTransfers mine;
    for (const RowTransfer& t : all) {
        if (t.from == rank && t.to == rank)
            mine.own.push_back(t);
        else if (t.from == rank)
            mine.sends.push_back(t);
        else if (t.to == rank)
            mine.receives.push_back(t);
    }
    return mine;
}

} // namespace catlab
