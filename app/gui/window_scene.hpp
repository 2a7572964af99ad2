#pragma once

#include "gui/gl_window.hpp"

#include "recording/scene.hpp"

#include <string>
#include <string_view>

struct GLFWwindow;

namespace catlab::gui {

struct PanelState;

// The mouse this frame.
struct MouseInput {
    GLFWwindow* window = nullptr; // where the cursor and the buttons are read
    double scroll = 0;            // wheel notches since the last frame
    bool overPanel = false;       // ImGui has the mouse: the scene leaves buttons and wheel alone
    FramebufferSize view;         // the picture's size in framebuffer pixels
};

// A scene as the window shows it. Every frame the window hands it the mouse, advances it (the steps
// the run settings ask for) and draws it over the whole window; the panel shows its sections, and the
// keys F and R and the script command `status` act on whichever scene is shown. The 2D rules
// (grid_window_scene.hpp) and the 3D clouds (cloud_window_scene.hpp) are the two; showScene
// (scene_switch.hpp) picks the one shown.
class WindowScene : public recording::Scene {
  public:
    // Before the scene is shown (again); throws catlab::Error when it cannot be shown.
    virtual void prepareToShow() {}

    virtual void handleMouse(const MouseInput& mouse) = 0;
    // The scene's own sections of the panel (call inside the panel's ImGui window).
    virtual void drawPanelSections(PanelState& state) = 0;
    // Key F: the whole scene in view.
    virtual void fit() = 0;
    // Key R: start over (the pattern at generation 0, a clear sky).
    virtual void reset() = 0;

    // What the script command `status` prints: a "name value" line each.
    virtual std::string statusText() const = 0;
    // What draw() shows, as messages name it ("the view").
    virtual std::string_view pictureName() const = 0;
};

} // namespace catlab::gui
