#pragma once

#include "gui/cell_block.hpp"

#include "catlab/cell_rect.hpp"

#include <cstdint>
#include <optional>
#include <utility>

namespace catlab::gui {

// Where Paste puts the clipboard's top-left cell.
enum class PasteAnchor {
    Mouse,     // the cell under the mouse (the last one it was over in the view)
    Selection, // the selection's top-left cell
};

// The selected rectangle and the settings of the edits made to it (selection_actions.hpp).
struct Selection {
    // On Golly's plane: grid cell (x, y) lies at (x + originX, y + originY) of the simulator (0 on a
    // torus), so the selection stays on its cells while a growing plane grows to the left or upwards.
    std::optional<CellRect> rect;
    PasteMode pasteMode = PasteMode::Or;
    PasteAnchor pasteAnchor = PasteAnchor::Mouse;
    double randomDensity = 0.5;
    std::uint64_t randomSeed = 1;
    // The grid cell the mouse was last over in the view, for pasting at the mouse.
    std::optional<std::pair<long long, long long>> mouseCell;
};

} // namespace catlab::gui
