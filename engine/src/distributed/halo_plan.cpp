#include "catlab/distributed/halo_plan.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <optional>
#include <string>

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
        out.push_back({from, to, layout.haloRows() + row - source.firstRow, targetRow, rows, {}, false});
        targetRow += rows;
        count -= rows;
        row = (row + rows) % height;
    }
}

// What a halo row at global row `row` (past the top or bottom edge when outside 0..H-1) holds: global row
// `row` with its columns mapped, or nothing (dead).
struct RowSource {
    bool dead = false;
    int row = 0;
    std::vector<int> columns; // empty: the same columns
};

RowSource sourceOf(const Topology& topology, GridSize size, long long row) {
    if (row >= 0 && row < size.height) return {false, int(row), {}};
    const auto notOneRow = [&] {
        return Error("the " + describeTopology(topology) + " joins row " + std::to_string(row) +
                     " past its edge to cells of several rows");
    };
    RowSource source;
    source.columns.resize(std::size_t(size.width));
    bool identity = true;
    for (int x = 0; x < size.width; ++x) {
        const std::optional<CellPosition> cell = resolvePosition(topology, size, x, row);
        if (x == 0) {
            source.dead = !cell;
            if (cell) source.row = cell->y;
        }
        if (source.dead != !cell || (cell && cell->y != source.row)) throw notOneRow();
        if (!cell) continue;
        source.columns[std::size_t(x)] = cell->x;
        identity = identity && cell->x == x;
    }
    if (identity || source.dead) source.columns.clear();
    return source;
}

// Halo row `targetRow` of rank `to`, which stands for global row `row`: a transfer of its own, or one
// more row of the previous transfer when it continues it (the same source band, the next source row, the
// same columns' map).
void addRow(const BandLayout& layout, const Topology& topology, int to, long long row, int targetRow,
            std::vector<RowTransfer>& out) {
    RowSource source = sourceOf(topology, layout.global(), row);
    RowTransfer next{to, to, 0, targetRow, 1, std::move(source.columns), source.dead};
    if (!source.dead) {
        next.from = layout.ownerOf(source.row);
        next.sourceRow = layout.haloRows() + source.row - layout.band(next.from).firstRow;
    }
    if (!out.empty()) {
        RowTransfer& last = out.back();
        if (last.to == to && last.from == next.from && last.dead == next.dead &&
            last.targetRow + last.rows == targetRow && (next.dead || last.sourceRow + last.rows == next.sourceRow) &&
            last.sourceColumns == next.sourceColumns) {
            ++last.rows;
            return;
        }
    }
    out.push_back(std::move(next));
}

} // namespace

bool rowJoinedTopology(const Topology& topology) {
    if (topology.unboundedSide()) return false;
    switch (topology.kind) {
    case TopologyKind::Plane: return true;
    case TopologyKind::Torus: return topology.shift == 0 || topology.shifted == Edges::Horizontal;
    case TopologyKind::KleinBottle: return topology.twisted == Edges::Horizontal;
    case TopologyKind::CrossSurface:
    case TopologyKind::Sphere: return false;
    }
    return false;
}

std::vector<RowTransfer> haloTransfers(const BandLayout& layout, const Topology& topology) {
    if (topology.plainTorus()) return haloTransfers(layout);
    if (!rowJoinedTopology(topology))
        throw Error("the " + describeTopology(topology) +
                    " does not join whole rows to rows, so its halos are not whole rows of other bands");
    std::vector<RowTransfer> all;
    const int halo = layout.haloRows();
    for (int p = 0; p < layout.ranks(); ++p) {
        const Band& band = layout.band(p);
        for (int i = 0; i < halo; ++i) addRow(layout, topology, p, (long long)band.firstRow - halo + i, i, all);
        for (int i = 0; i < halo; ++i)
            addRow(layout, topology, p, (long long)band.firstRow + band.rows + i, halo + band.rows + i, all);
    }
    return all;
}

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
        if (t.from == rank && t.to == rank) // a copy within the rank, or dead rows
            mine.own.push_back(t);
        else if (t.from == rank)
            mine.sends.push_back(t);
        else if (t.to == rank)
            mine.receives.push_back(t);
    }
    return mine;
}

} // namespace catlab
