#pragma once

#include "gui/window_calls.hpp"
#include "gui/window_events.hpp"

#include <optional>
#include <vector>

namespace catlab::gui {

// What a Python script shares with the window: the calls it hands to the main thread, and the keys
// between them. Everything but `calls` belongs to the main thread (touched only inside calls' polls and
// by routeKeys()).
struct ScriptWindow {
    WindowCalls calls;
    std::vector<KeyPress> keysFromScript; // key(name): pressed at this frame's input, as the user's are
    bool keyWanted = false;               // wait_key() waits: the next named key pressed is the script's
    std::optional<KeyPress> keyForScript; // taken for wait_key(), handed over at the next frame boundary

    // This frame's key presses plus the script's, less the one a waiting wait_key() takes: what is
    // left acts as the window's shortcuts.
    std::vector<KeyPress> routeKeys(std::vector<KeyPress> keys);
};

} // namespace catlab::gui
