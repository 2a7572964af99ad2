#pragma once

#include "gui/cloud_session.hpp"
#include "gui/scene_switch.hpp"
#include "gui/window_size.hpp"
#include "session/simulation_session.hpp"

#include <optional>
#include <string>

namespace catlab::gui {

struct WindowOptions {
    SceneStart scene;
    std::optional<long long> frames;        // close after this many frames
    std::optional<std::string> screenshot;  // save the window to this PNG after the last frame
    std::optional<std::string> scriptPath;  // drive the window from a script (script.hpp)
    std::optional<std::string> patternPath; // the file `scene` was read from (--in), for the recent files
    bool hidePanel = false;
    CloudStart cloud;                       // the cloud scene, when it is shown
    SceneKind firstScene = SceneKind::Grid; // what the window shows first (--scene)
    std::optional<WindowSize> size;         // --window; unset: the default, made to fit the screen
};

// Opens the window and runs it until it is closed, the frames are done or a script quits. Returns
// the exit code: 0, or 1 when a script command or a screenshot failed (each reported on stderr).
// Throws NoDisplayError (glfw_library.hpp) when there is no display, catlab::Error for other
// failures to start (a malformed script, no OpenGL 4.5, a window larger than the screen or than
// OpenGL draws).
int runWindow(const WindowOptions& options);

} // namespace catlab::gui
