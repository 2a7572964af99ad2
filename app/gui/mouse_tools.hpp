#pragma once

#include "gui/gl_window.hpp"
#include "gui/lab.hpp"

#include <optional>

struct GLFWwindow;

namespace catlab::gui {

// The mouse on the view: the wheel zooms toward the cursor; dragging pans (left button with the
// Navigate tool, middle button always); with the Draw tool the left button paints the brush state
// and the right button erases, along the stroke's whole path.
class MouseTools {
  public:
    // `scroll` is the wheel movement since the last frame; `overPanel` is true while ImGui has the
    // mouse (the view then ignores buttons and wheel). Failures go to lab.status.
    void update(GLFWwindow* window, double scroll, bool overPanel, Lab& lab, FramebufferSize view);

  private:
    struct Cell {
        long long x, y;
    };
    void paintStroke(Lab& lab, Cell to, int state);

    bool panning_ = false;
    double lastX_ = 0, lastY_ = 0; // framebuffer pixels
    std::optional<Cell> lastPainted_;
};

// The next zoom for a wheel movement: 1.25x per notch zoomed out, whole pixels per cell zoomed in.
double wheelZoom(double zoom, double notches);

} // namespace catlab::gui
