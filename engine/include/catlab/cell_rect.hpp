#pragma once

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <cstddef>
#include <span>

namespace catlab {

// A rectangle of cells on the torus, for painting: its top-left corner may lie anywhere (coordinates
// wrap), and it may not be larger than the grid (it would cover some cells twice).
struct CellRect {
    long long x = 0;
    long long y = 0;
    int width = 0;
    int height = 0;
};

// Throws catlab::Error unless 0 <= width <= grid width, 0 <= height <= grid height and `cellCount`
// (the length of the row-major buffer holding the rectangle's cells) is width * height.
void checkCellRect(const CellRect& rect, GridSize grid, std::size_t cellCount);

// checkCellRect(), and every cell to write is one of the rule's `states`.
void checkCellWrite(const CellRect& rect, GridSize grid, std::span<const Cell> cells, int states);

// Coordinate on a torus side of `cells`, for any integer.
inline int wrapCoordinate(long long v, int cells) {
    const long long m = v % cells;
    return int(m < 0 ? m + cells : m);
}

// Calls piece(gridX, gridY, rectX, rectY, width, height) for each of the (at most four) parts of the
// rectangle that do not wrap: the part's cells are grid (gridX + i, gridY + j) = rect (rectX + i, rectY + j).
template <class Piece>
void forEachUnwrappedPiece(const CellRect& rect, GridSize grid, Piece&& piece) {
    if (rect.width <= 0 || rect.height <= 0) return;
    const int x0 = wrapCoordinate(rect.x, grid.width), y0 = wrapCoordinate(rect.y, grid.height);
    const int w0 = rect.width < grid.width - x0 ? rect.width : grid.width - x0;
    const int h0 = rect.height < grid.height - y0 ? rect.height : grid.height - y0;
    piece(x0, y0, 0, 0, w0, h0);
    if (w0 < rect.width) piece(0, y0, w0, 0, rect.width - w0, h0);
    if (h0 < rect.height) piece(x0, 0, 0, h0, w0, rect.height - h0);
    if (w0 < rect.width && h0 < rect.height) piece(0, 0, w0, h0, rect.width - w0, rect.height - h0);
}

// The rectangle's cells, row-major, into or out of a host grid (checked beforehand).
void copyIntoGrid(Grid& grid, const CellRect& rect, std::span<const Cell> cells);
void copyFromGrid(const Grid& grid, const CellRect& rect, std::span<Cell> cells);

} // namespace catlab
