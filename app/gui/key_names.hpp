#pragma once

#include "gui/window_events.hpp"

#include <string>
#include <string_view>

namespace catlab::gui {

// A key press from its name, as scripts write it: an optional "ctrl+", "shift+" or "alt+" (in any
// combination) before a letter, a digit, space, tab, enter, escape, plus, minus, equal, delete, period,
// comma, f1..f12.
// Throws catlab::Error naming the text when it names no key, e.g. "ctrl+r" or "f12".
KeyPress parseKeyName(std::string_view text);

// The name parseKeyName() reads back as this press ("ctrl+r", "space", "f12"); empty for a key it
// has no name for (arrows, page up ...).
std::string keyName(const KeyPress& press);

} // namespace catlab::gui
