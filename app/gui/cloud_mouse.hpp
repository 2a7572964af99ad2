#pragma once

#include "gui/lab.hpp"

struct GLFWwindow;

namespace catlab::gui {

// The mouse in the cloud scene: dragging with the left (or middle) button orbits the camera around the
// volume, the wheel moves it closer or farther.
class CloudMouse {
  public:
    // `scroll` is the wheel movement since the last frame; `overPanel` is true while ImGui has the mouse.
    void update(GLFWwindow* window, double scroll, bool overPanel, Lab& lab);

  private:
    bool dragging_ = false;
    double lastX_ = 0, lastY_ = 0; // screen coordinates
};

} // namespace catlab::gui
