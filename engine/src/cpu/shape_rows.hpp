#pragma once
// A neighbourhood's offsets grouped by row, for counters that read one grid row per neighbourhood row.

#include "catlab/rule.hpp"

#include <cstddef>
#include <utility>
#include <vector>

namespace catlab {

// The cells of the neighbourhood at vertical offset dy, as (dx, weight) pairs.
struct ShapeRow {
    int dy = 0;
    std::vector<NeighbourOffset> cells;
};

// The shape's rows that hold a cell, top to bottom; `flipped` mirrors it vertically (each (dx, -dy)), as
// the triangular shapes are on cells with odd x + y.
inline std::vector<ShapeRow> shapeRows(const NeighbourhoodShape& shape, bool flipped) {
    std::vector<ShapeRow> all(std::size_t(2 * shape.reachY + 1));
    for (std::size_t i = 0; i < all.size(); ++i) all[i].dy = int(i) - shape.reachY;
    for (const NeighbourOffset& o : shape.offsets)
        all[std::size_t((flipped ? -o.dy : o.dy) + shape.reachY)].cells.push_back(o);
    std::vector<ShapeRow> rows;
    for (ShapeRow& row : all)
        if (!row.cells.empty()) rows.push_back(std::move(row));
    return rows;
}

} // namespace catlab
