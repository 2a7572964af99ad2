#pragma once

#include "catlab/grid.hpp"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace catlab::gui {

// A rectangle of cells lifted off the grid (row-major), for the selection's edits: what is rotated,
// flipped, pasted or searched for live cells. Small enough to hold on the host: it is only ever a
// selection or a clipboard pattern, never the grid behind them.
struct CellBlock {
    int width = 0;
    int height = 0;
    std::vector<Cell> cells;

    CellBlock() = default;
    CellBlock(int width, int height, std::vector<Cell> cells); // cells.size() must be width * height
    Cell at(int x, int y) const { return cells[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    Cell& at(int x, int y) { return cells[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    friend bool operator==(const CellBlock&, const CellBlock&) = default;
};

// Turned a quarter clockwise or anticlockwise (a W x H block becomes H x W), mirrored left to right or
// top to bottom.
CellBlock rotatedClockwise(const CellBlock& block);
CellBlock rotatedAnticlockwise(const CellBlock& block);
CellBlock flippedLeftRight(const CellBlock& block);
CellBlock flippedTopBottom(const CellBlock& block);

// How pasted cells meet the cells under them, as in Golly: Or keeps a cell live where either is
// (the pasted state wins), Copy replaces every cell, Xor makes a cell dead where both are live and
// takes the live one's state where only one is.
enum class PasteMode { Or, Copy, Xor };
const char* toString(PasteMode mode); // "or", "copy", "xor"
std::optional<PasteMode> parsePasteMode(std::string_view text);

// The cells `pasted` over `under`, cell by cell (the two have the same length).
std::vector<Cell> combinePasted(std::span<const Cell> under, std::span<const Cell> pasted, PasteMode mode);

// The smallest rectangle of the block (its x, y, width, height) holding every live cell, or nullopt when
// every cell is dead.
struct BlockBox {
    int x = 0, y = 0, width = 0, height = 0;
    friend bool operator==(const BlockBox&, const BlockBox&) = default;
};
std::optional<BlockBox> liveBox(const CellBlock& block);

} // namespace catlab::gui
