#include "catlab/cell_rect.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <string>

namespace catlab {

void checkCellRect(const CellRect& rect, GridSize grid, std::size_t cellCount) {
    if (rect.width < 0 || rect.width > grid.width || rect.height < 0 || rect.height > grid.height)
        throw Error("cell rectangle " + std::to_string(rect.width) + "x" + std::to_string(rect.height) +
                    " does not fit the " + std::to_string(grid.width) + "x" + std::to_string(grid.height) + " grid");
    const std::size_t expected = std::size_t(rect.width) * std::size_t(rect.height);
    if (cellCount != expected)
        throw Error("cell rectangle " + std::to_string(rect.width) + "x" + std::to_string(rect.height) + " needs " +
                    std::to_string(expected) + " cells, got " + std::to_string(cellCount));
}

void checkCellWrite(const CellRect& rect, GridSize grid, std::span<const Cell> cells, int states) {
    checkCellRect(rect, grid, cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i)
        if (cells[i] >= states)
            throw Error("cannot write state " + std::to_string(int(cells[i])) + " at (" +
                        std::to_string(rect.x + static_cast<long long>(i % std::size_t(rect.width))) + ", " +
                        std::to_string(rect.y + static_cast<long long>(i / std::size_t(rect.width))) +
                        "): the rule has only " + std::to_string(states) + " states");
}

void copyIntoGrid(Grid& grid, const CellRect& rect, std::span<const Cell> cells) {
    forEachUnwrappedPiece(rect, grid.size(), [&](int gx, int gy, int rx, int ry, int w, int h) {
        for (int j = 0; j < h; ++j)
            std::copy_n(cells.data() + std::size_t(ry + j) * std::size_t(rect.width) + std::size_t(rx), w,
                        grid.row(gy + j) + gx);
    });
}

void copyFromGrid(const Grid& grid, const CellRect& rect, std::span<Cell> cells) {
    forEachUnwrappedPiece(rect, grid.size(), [&](int gx, int gy, int rx, int ry, int w, int h) {
        for (int j = 0; j < h; ++j)
            std::copy_n(grid.row(gy + j) + gx, w,
                        cells.data() + std::size_t(ry + j) * std::size_t(rect.width) + std::size_t(rx));
    });
}

} // namespace catlab
