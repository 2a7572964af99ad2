#pragma once

#include "gui/lab.hpp"
#include "gui/window_events.hpp"

namespace catlab::gui {

// The selection's keys, as in Golly: Ctrl+A select all, Escape select none, Ctrl+C copy, Ctrl+X cut,
// Ctrl+V paste (at the panel's choice of place and mode), Delete clear inside, Shift+Delete clear
// outside, X and Y flip left-right and top-bottom, '>' and '<' (the period and comma keys) rotate
// clockwise and anticlockwise, Ctrl+5 random fill (the panel's density and seed). Returns false for
// any other key. The outcome (or the failure) goes to lab.status.
bool applySelectionShortcut(const KeyPress& press, Lab& lab);

} // namespace catlab::gui
