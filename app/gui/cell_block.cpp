#include "gui/cell_block.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <utility>

namespace catlab::gui {

CellBlock::CellBlock(int w, int h, std::vector<Cell> c) : width(w), height(h), cells(std::move(c)) {
    if (w < 0 || h < 0 || cells.size() != std::size_t(w) * std::size_t(h))
        throw Error("a block of " + std::to_string(w) + "x" + std::to_string(h) + " cells cannot hold " +
                    std::to_string(cells.size()));
}

namespace {

// A block of the given size whose cell (x, y) is source.at(from(x, y)).
template <class From>
CellBlock remapped(const CellBlock& source, int width, int height, From from) {
    CellBlock out(width, height, std::vector<Cell>(source.cells.size()));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const auto [sx, sy] = from(x, y);
            out.at(x, y) = source.at(sx, sy);
        }
    return out;
}

} // namespace

CellBlock rotatedClockwise(const CellBlock& b) {
    // The source's bottom-left corner becomes the top-left: its left column, read upwards, the top row.
    return remapped(b, b.height, b.width, [&](int x, int y) { return std::pair{y, b.height - 1 - x}; });
}

CellBlock rotatedAnticlockwise(const CellBlock& b) {
    return remapped(b, b.height, b.width, [&](int x, int y) { return std::pair{b.width - 1 - y, x}; });
}

CellBlock flippedLeftRight(const CellBlock& b) {
    return remapped(b, b.width, b.height, [&](int x, int y) { return std::pair{b.width - 1 - x, y}; });
}

CellBlock flippedTopBottom(const CellBlock& b) {
    return remapped(b, b.width, b.height, [&](int x, int y) { return std::pair{x, b.height - 1 - y}; });
}

const char* toString(PasteMode mode) {
    switch (mode) {
    case PasteMode::Or: return "or";
    case PasteMode::Copy: return "copy";
    case PasteMode::Xor: return "xor";
    }
    return "?";
}

std::optional<PasteMode> parsePasteMode(std::string_view text) {
    for (PasteMode mode : {PasteMode::Or, PasteMode::Copy, PasteMode::Xor})
        if (text == toString(mode)) return mode;
    return std::nullopt;
}

std::vector<Cell> combinePasted(std::span<const Cell> under, std::span<const Cell> pasted, PasteMode mode) {
    if (under.size() != pasted.size())
        throw Error("cannot paste " + std::to_string(pasted.size()) + " cells over " + std::to_string(under.size()));
    std::vector<Cell> out(under.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Cell old = under[i], next = pasted[i];
        switch (mode) {
        case PasteMode::Or: out[i] = next != 0 ? next : old; break;
        case PasteMode::Copy: out[i] = next; break;
        case PasteMode::Xor: out[i] = old != 0 && next != 0 ? Cell(0) : Cell(old | next); break;
        }
    }
    return out;
}

std::optional<BlockBox> liveBox(const CellBlock& block) {
    int left = block.width, right = -1, top = block.height, bottom = -1;
    for (int y = 0; y < block.height; ++y)
        for (int x = 0; x < block.width; ++x)
            if (block.at(x, y) != 0) {
                left = std::min(left, x);
                right = std::max(right, x);
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
    if (right < 0) return std::nullopt;
    return BlockBox{left, top, right - left + 1, bottom - top + 1};
}

} // namespace catlab::gui
