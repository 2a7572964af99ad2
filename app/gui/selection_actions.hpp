#pragma once

#include "gui/lab.hpp"

#include "catlab/cell_rect.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace catlab::gui {

// The selection and its edits, shared by the panel, the keyboard, the Select mouse tool and scripts.
// Selections lie inside the grid (grid coordinates: 0 <= x, x + width <= grid width, and the same for y).
// Each edit reads and writes only the rectangle it changes, on the device where the backend keeps its
// state (Simulator::readCells, writeCells), never the whole grid. Each throws catlab::Error naming the
// problem and leaves cells, selection and clipboard as they were; on success it returns the one line
// the panel shows.

// Every cell an edit of this file changes goes through here, one rectangle at a time, undoable as `name`
// (undo_actions.hpp); clear-outside is undone as a change of the whole grid.
void writeSelectionCells(Lab& lab, const CellRect& rect, std::span<const Cell> cells, const std::string& name);

// The selection in grid coordinates, or nullopt when there is none or it no longer lies on the grid
// (the grid was made smaller).
std::optional<CellRect> selectedCells(const Lab& lab);
// "12x7"
std::string rectSizeText(const CellRect& rect);

std::string selectCells(Lab& lab, const CellRect& rect);
std::string selectAll(Lab& lab);
std::string selectNone(Lab& lab);
// The selection's live cells' bounding box becomes the selection.
std::string shrinkSelection(Lab& lab);

// The selection as RLE on the system clipboard, as Golly puts it there (the rule, the cells' place).
std::string copySelection(Lab& lab);
// Copied, then cleared.
std::string cutSelection(Lab& lab);
// The clipboard's pattern (any format Golly writes: RLE, plaintext, Life 1.05/1.06, MCell, macrocell)
// with its top-left cell at grid cell (x, y), combined with the cells there by `mode`; the pasted
// rectangle becomes the selection. A clipboard naming another rule gives its cells under the current
// rule (the line returned says so); cells in states the current rule lacks are refused.
std::string pasteClipboard(Lab& lab, long long x, long long y, PasteMode mode);
// The same at lab.selection.pasteAnchor (the mouse's cell or the selection's top-left) in
// lab.selection.pasteMode.
std::string pasteClipboardAtAnchor(Lab& lab);

// A quarter turn about the selection's centre; the turned rectangle becomes the selection (it must fit
// on the grid) and the cells it no longer covers die.
std::string rotateSelection(Lab& lab, bool clockwise);
std::string flipSelection(Lab& lab, bool leftRight);
// Every selected cell alive (state 1) with probability `density`, drawn as `reset DENSITY SEED` draws
// the same cell, the others dead.
std::string randomFillSelection(Lab& lab, double density, std::uint64_t seed);
std::string clearInsideSelection(Lab& lab);
std::string clearOutsideSelection(Lab& lab);

// A text file's contents onto the clipboard, and the clipboard's text into a file.
std::string loadClipboardFile(const std::string& path);
std::string saveClipboardFile(const std::string& path);

} // namespace catlab::gui
