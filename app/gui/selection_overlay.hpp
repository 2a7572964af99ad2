#pragma once

#include "gui/lab.hpp"

namespace catlab::gui {

// The selection drawn over the view: a translucent fill, its outline and its size ("12 x 7") above
// it, on every copy of the torus in view (only the one nearest the centre when zoomed far out). Goes
// into ImGui's background draw list, so call it between ImGui's frame begin and end, after the view is
// drawn; draws nothing without a selection on the grid.
void drawSelectionOverlay(const Lab& lab, int widthPixels, int heightPixels);

} // namespace catlab::gui
