#pragma once

#include "gui/gl_window.hpp"
#include "gui/lab.hpp"

#include <optional>

struct GLFWwindow;

namespace catlab::gui {

// The mouse on the view: the wheel zooms toward the cursor; dragging pans (left button with the
// Navigate tool, middle button always); with the Draw tool the left button paints the brush state
// and the right button erases, along the stroke's whole path; with the Select tool dragging the left
// button selects the rectangle between the cell pressed and the cell under the cursor. The cell under
// the cursor is kept in lab.selection.mouseCell, where Paste puts the clipboard.
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
    void dragSelection(Lab& lab, Cell to);

    bool panning_ = false;
    double lastX_ = 0, lastY_ = 0; // framebuffer pixels
    std::optional<Cell> lastPainted_;
    std::optional<Cell> selectionStart_; // where the selecting drag began, in the view's (unwrapped) cells
};

// The next zoom for a wheel movement: 1.25x per notch zoomed out, whole pixels per cell zoomed in.
double wheelZoom(double zoom, double notches);

} // namespace catlab::gui
