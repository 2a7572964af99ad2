#pragma once

#include "gui/lab.hpp"
#include "gui/window_events.hpp"

#include <string_view>
#include <vector>

namespace catlab::gui {

// Space play/pause, N one step, F fit, R reset (same density and seed), + and - steps per frame,
// Tab shows or hides the panel, F12 screenshot. Failures go to lab.status.
void applyShortcuts(const std::vector<KeyPress>& keys, Lab& lab);

// A key as scripts name it: a letter or digit, space, tab, plus, minus, f1..f12, optionally after
// ctrl+, shift+ or alt+ ("ctrl+r"). Throws catlab::Error naming the text when it is no such key.
KeyPress parseKeyName(std::string_view name);

} // namespace catlab::gui
