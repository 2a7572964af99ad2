#pragma once

#include "gui/lab.hpp"
#include "gui/window_events.hpp"

#include <vector>

namespace catlab::gui {

// Space play/pause, N one step, F fit and R reset the scene shown (the grid: back to generation 0;
// the clouds: the starting camera, a clear sky), Ctrl+Z undo, Ctrl+Shift+Z and Ctrl+Y redo, + and -
// steps per frame, Tab shows or hides the panel, F12 screenshot, Ctrl+R starts or stops recording; in
// the 2D scene the selection's keys (selection_shortcuts.hpp). Failures go to lab.status.
void applyShortcuts(const std::vector<KeyPress>& keys, Lab& lab);

} // namespace catlab::gui
