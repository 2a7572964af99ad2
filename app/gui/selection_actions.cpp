#include "gui/selection_actions.hpp"
#include "gui/cell_block.hpp"
#include "gui/clipboard.hpp"
#include "gui/undo_actions.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/number_text.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/random.hpp"
#include "catlab/text_file.hpp"

#include <algorithm>
#include <sstream>

namespace catlab::gui {
namespace {

// The most text the clipboard files of clipboard-load take: a large pattern's RLE, not a disk image.
constexpr TextFileLimits kClipboardFileLimits{.maxBytes = std::size_t(256) << 20,
                                              .maxLineLength = std::size_t(256) << 20};

std::string placeText(const CellRect& rect) {
    return rectSizeText(rect) + " cells at (" + std::to_string(rect.x) + ", " + std::to_string(rect.y) + ")";
}

bool insideGrid(const CellRect& rect, GridSize grid) {
    return rect.width >= 1 && rect.height >= 1 && rect.x >= 0 && rect.y >= 0 && rect.x <= grid.width - rect.width &&
           rect.y <= grid.height - rect.height;
}

// Throws unless the rectangle lies on the grid; `what` names it ("the selection", "pasting ...").
void checkOnGrid(const CellRect& rect, GridSize grid, const std::string& what) {
    if (rect.width > grid.width || rect.height > grid.height)
        throw Error(what + " of " + rectSizeText(rect) + " cells is larger than the " + formatGridSize(grid) + " grid");
    if (!insideGrid(rect, grid))
        throw Error(what + ", " + placeText(rect) + ", does not lie inside the " + formatGridSize(grid) + " grid");
}

CellRect requireSelection(const Lab& lab) {
    if (!lab.selection.rect) throw Error("nothing is selected");
    const std::optional<CellRect> rect = selectedCells(lab);
    if (!rect) throw Error("the selection no longer lies on the " + formatGridSize(lab.session.size()) + " grid");
    return *rect;
}

CellBlock readBlock(const Lab& lab, const CellRect& rect) {
    return CellBlock(rect.width, rect.height, lab.session.readCells(rect));
}

// The selection kept on Golly's plane (see Selection::rect).
void setSelection(Lab& lab, const CellRect& gridRect) {
    CellRect onPlane = gridRect;
    onPlane.x += lab.session.originX();
    onPlane.y += lab.session.originY();
    lab.selection.rect = onPlane;
}

// Part of `outer` (both in grid coordinates), relative to outer's top-left.
CellRect relativeTo(const CellRect& outer, const CellRect& inner) {
    return {inner.x - outer.x, inner.y - outer.y, inner.width, inner.height};
}

void copyBlockInto(CellBlock& target, const CellRect& place, const CellBlock& source) {
    for (int y = 0; y < source.height; ++y)
        for (int x = 0; x < source.width; ++x) target.at(int(place.x) + x, int(place.y) + y) = source.at(x, y);
}

void fillRect(CellBlock& target, const CellRect& place, Cell state) {
    for (int y = 0; y < place.height; ++y)
        for (int x = 0; x < place.width; ++x) target.at(int(place.x) + x, int(place.y) + y) = state;
}

std::vector<Cell> deadCells(const CellRect& rect) {
    return std::vector<Cell>(std::size_t(rect.width) * std::size_t(rect.height), Cell(0));
}

// The clipboard's text as Golly writes a selection: placed on Golly's plane (a torus's top-left cell at
// -w/2, -h/2, as savePattern places it), with the rule and topology of the grid.
std::string selectionRle(const Lab& lab, const CellRect& rect) {
    const SimulationSession& session = lab.session;
    const GridSize grid = session.size();
    const bool unbounded = session.growing() || !session.growthStopped().empty();
    Grid block({rect.width, rect.height});
    const std::vector<Cell> cells = session.readCells(rect);
    std::copy(cells.begin(), cells.end(), block.cells().begin());
    // A tube or strip is unbounded one way only: placed on its origin that way, as a torus the other.
    const Topology& t = lab.session.rule().topology;
    const bool across = unbounded && (!t.unboundedSide() || t.unboundedWidth);
    const bool downwards = unbounded && (!t.unboundedSide() || t.unboundedHeight);
    const std::pair<std::int64_t, std::int64_t> position{across ? rect.x + session.originX() : rect.x - grid.width / 2,
                                                         downwards ? rect.y + session.originY()
                                                                   : rect.y - grid.height / 2};
    const bool suffix = !unbounded || t.unboundedSide();
    std::ostringstream text;
    writeRleBlock(text, block, RuleSpec{lab.session.rule(), suffix ? std::optional(grid) : std::nullopt}, position);
    return text.str();
}

} // namespace

void writeSelectionCells(Lab& lab, const CellRect& rect, std::span<const Cell> cells, const std::string& name) {
    UndoableCellEdit edit(lab, rect, name);
    lab.session.writeCells(rect, cells);
    edit.commit();
}

std::optional<CellRect> selectedCells(const Lab& lab) {
    if (!lab.selection.rect) return std::nullopt;
    CellRect rect = *lab.selection.rect;
    rect.x -= lab.session.originX();
    rect.y -= lab.session.originY();
    if (!insideGrid(rect, lab.session.size())) return std::nullopt;
    return rect;
}

std::string rectSizeText(const CellRect& rect) {
    return std::to_string(rect.width) + "x" + std::to_string(rect.height);
}

std::string selectCells(Lab& lab, const CellRect& rect) {
    checkOnGrid(rect, lab.session.size(), "the selection");
    setSelection(lab, rect);
    return "selected " + placeText(rect);
}

std::string selectAll(Lab& lab) {
    const GridSize grid = lab.session.size();
    return selectCells(lab, CellRect{0, 0, grid.width, grid.height});
}

std::string selectNone(Lab& lab) {
    lab.selection.rect.reset();
    return "nothing selected";
}

std::string shrinkSelection(Lab& lab) {
    const CellRect rect = requireSelection(lab);
    const std::optional<BlockBox> box = liveBox(readBlock(lab, rect));
    if (!box) throw Error("the selection holds no live cells");
    const CellRect shrunk{rect.x + box->x, rect.y + box->y, box->width, box->height};
    setSelection(lab, shrunk);
    return "selected " + placeText(shrunk);
}

std::string copySelection(Lab& lab) {
    const CellRect rect = requireSelection(lab);
    setClipboardText(selectionRle(lab, rect));
    return "copied " + placeText(rect);
}

std::string cutSelection(Lab& lab) {
    const CellRect rect = requireSelection(lab);
    setClipboardText(selectionRle(lab, rect));
    writeSelectionCells(lab, rect, deadCells(rect), "cut");
    return "cut " + placeText(rect);
}

std::string pasteClipboard(Lab& lab, long long x, long long y, PasteMode mode) {
    const Pattern pattern = readPattern(clipboardText(), "the clipboard");
    const Rule& rule = lab.session.rule();
    for (Cell c : pattern.cells.cells())
        if (c >= rule.states)
            throw Error("the clipboard holds cells in state " + std::to_string(int(c)) + " but rule " + rule.format() +
                        " has only " + std::to_string(rule.states) + " states");
    const CellRect rect{x, y, pattern.cells.width(), pattern.cells.height()};
    checkOnGrid(rect, lab.session.size(), "the clipboard's pattern");
    const std::vector<Cell> under = lab.session.readCells(rect);
    writeSelectionCells(lab, rect, combinePasted(under, pattern.cells.cells(), mode), "paste");
    setSelection(lab, rect);
    std::string said = "pasted " + placeText(rect) + " (" + toString(mode) + ")";
    if (pattern.rule && formatRuleForGolly(pattern.rule->rule) != formatRuleForGolly(rule))
        said += "; the clipboard's rule " + formatRuleForGolly(pattern.rule->rule) + " was not taken, the rule stays " +
                formatRuleForGolly(rule);
    return said;
}

std::string pasteClipboardAtAnchor(Lab& lab) {
    const Selection& selection = lab.selection;
    if (selection.pasteAnchor == PasteAnchor::Selection) {
        const CellRect rect = requireSelection(lab);
        return pasteClipboard(lab, rect.x, rect.y, selection.pasteMode);
    }
    if (!selection.mouseCell) throw Error("the mouse has not been over the grid yet: point at the cell to paste at");
    return pasteClipboard(lab, selection.mouseCell->first, selection.mouseCell->second, selection.pasteMode);
}

std::string rotateSelection(Lab& lab, bool clockwise) {
    const CellRect from = requireSelection(lab);
    // Turned about the same centre (truncating alike both ways, so turning back restores the rectangle).
    const CellRect to{from.x + (from.width - from.height) / 2, from.y + (from.height - from.width) / 2, from.height,
                      from.width};
    checkOnGrid(to, lab.session.size(), "the turned selection");
    // One rectangle covering both: the cells the turn uncovers die, the rest of it stays as it was.
    const long long left = std::min(from.x, to.x), top = std::min(from.y, to.y);
    const CellRect both{left, top, int(std::max(from.x + from.width, to.x + to.width) - left),
                        int(std::max(from.y + from.height, to.y + to.height) - top)};
    const CellBlock before = readBlock(lab, from);
    CellBlock after = readBlock(lab, both);
    fillRect(after, relativeTo(both, from), 0);
    copyBlockInto(after, relativeTo(both, to), clockwise ? rotatedClockwise(before) : rotatedAnticlockwise(before));
    writeSelectionCells(lab, both, after.cells, "rotate");
    setSelection(lab, to);
    return std::string("rotated the selection ") + (clockwise ? "clockwise" : "anticlockwise") + " to " + placeText(to);
}

std::string flipSelection(Lab& lab, bool leftRight) {
    const CellRect rect = requireSelection(lab);
    const CellBlock block = readBlock(lab, rect);
    writeSelectionCells(lab, rect, (leftRight ? flippedLeftRight(block) : flippedTopBottom(block)).cells, "flip");
    return std::string("flipped the selection ") + (leftRight ? "left to right" : "top to bottom");
}

std::string randomFillSelection(Lab& lab, double density, std::uint64_t seed) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + numberText(density) + " is outside 0..1");
    const CellRect rect = requireSelection(lab);
    const std::uint64_t threshold = probabilityThreshold(density);
    std::vector<Cell> cells(std::size_t(rect.width) * std::size_t(rect.height));
    for (int y = 0; y < rect.height; ++y)
        for (int x = 0; x < rect.width; ++x)
            cells[std::size_t(y) * std::size_t(rect.width) + std::size_t(x)] =
                Cell(randomChance(threshold, seed, std::uint32_t(rect.x + x), std::uint32_t(rect.y + y)) ? 1 : 0);
    writeSelectionCells(lab, rect, cells, "random fill");
    return "filled the selection at density " + numberText(density) + ", seed " + std::to_string(seed);
}

std::string clearInsideSelection(Lab& lab) {
    const CellRect rect = requireSelection(lab);
    writeSelectionCells(lab, rect, deadCells(rect), "clear inside");
    return "cleared " + placeText(rect);
}

std::string clearOutsideSelection(Lab& lab) {
    const CellRect rect = requireSelection(lab);
    const GridSize grid = lab.session.size();
    // Four bands around it: the rows above and below, then the rest of the selection's rows.
    const long long bottom = rect.y + rect.height, right = rect.x + rect.width;
    // Undone as a change of the whole grid: the bands are most of it.
    changeWholeGrid(lab, "clear outside", [&] {
        for (const CellRect band :
             {CellRect{0, 0, grid.width, int(rect.y)}, CellRect{0, bottom, grid.width, int(grid.height - bottom)},
              CellRect{0, rect.y, int(rect.x), rect.height},
              CellRect{right, rect.y, int(grid.width - right), rect.height}})
            if (band.width > 0 && band.height > 0) lab.session.writeCells(band, deadCells(band));
    });
    return "cleared everything outside " + placeText(rect);
}

std::string loadClipboardFile(const std::string& path) {
    setClipboardText(readTextFile(path, "clipboard file", kClipboardFileLimits));
    return "the clipboard holds " + path;
}

std::string saveClipboardFile(const std::string& path) {
    const std::string text = clipboardText();
    AtomicFile file(path);
    file.write(text);
    file.commit();
    return "wrote the clipboard to " + path;
}

} // namespace catlab::gui
