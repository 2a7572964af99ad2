#include "gui/mouse_tools.hpp"
#include "gui/lab_actions.hpp"
#include "gui/selection_actions.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>

namespace catlab::gui {

double wheelZoom(double zoom, double notches) {
    double next = zoom * std::pow(1.25, notches);
    if (next >= 1) {
        // Zoomed in, cells stay equal squares: whole pixels per cell, at least one more or less.
        next = std::round(next);
        if (next == zoom) next = zoom + (notches > 0 ? 1 : -1);
        if (next < 1) next = 1;
    } else if (zoom > 1) {
        next = 1; // pass through 1:1 on the way out
    }
    return std::clamp(next, render::ViewNavigation::kMinZoom, render::ViewNavigation::kMaxZoom);
}

void MouseTools::update(GLFWwindow* window, double scroll, bool overPanel, Lab& lab, FramebufferSize view) {
    int windowWidth = 0, windowHeight = 0;
    glfwGetWindowSize(window, &windowWidth, &windowHeight);
    double cursorX = 0, cursorY = 0;
    glfwGetCursorPos(window, &cursorX, &cursorY);
    // Cursor positions are in screen coordinates; the view works in framebuffer pixels (HiDPI).
    const double x = cursorX * view.width / std::max(windowWidth, 1);
    const double y = cursorY * view.height / std::max(windowHeight, 1);

    const bool left = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
    const bool right = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS;
    const bool middle = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS;
    const bool drawing = lab.brush.tool == MouseTool::Draw;
    const bool selecting = lab.brush.tool == MouseTool::Select;

    try {
        if (!overPanel && scroll != 0)
            lab.view.zoomAt(wheelZoom(lab.view.zoom(), scroll), x, y, view.width, view.height);

        const bool wantPan = middle || (left && !drawing && !selecting);
        if (panning_ && wantPan) {
            lab.view.panPixels(x - lastX_, y - lastY_);
        } else {
            panning_ = wantPan && !overPanel;
        }

        const Cell cell{(long long)std::floor(lab.view.cellX(x, view.width)),
                        (long long)std::floor(lab.view.cellY(y, view.height))};
        if (!overPanel) {
            const GridSize grid = lab.session.size();
            lab.selection.mouseCell = {wrapCoordinate(cell.x, grid.width), wrapCoordinate(cell.y, grid.height)};
        }
        if (drawing && (left || right) && !overPanel) {
            paintStroke(lab, cell, left ? lab.brush.state : 0);
        } else if (!left && !right) {
            lastPainted_.reset();
        }
        if (selecting && left && (selectionStart_ || !overPanel))
            dragSelection(lab, cell);
        else if (!left)
            selectionStart_.reset();
    } catch (const std::exception& e) {
        lab.status = e.what();
        lab.statusIsError = true;
        lastPainted_.reset();
        selectionStart_.reset();
    }
    lastX_ = x;
    lastY_ = y;
}

void MouseTools::paintStroke(Lab& lab, Cell to, int state) {
    if (lastPainted_ && lastPainted_->x == to.x && lastPainted_->y == to.y) return;
    if (!lastPainted_) {
        paintCells(lab, to.x, to.y, state);
        lastPainted_ = to;
        return;
    }
    // Dabs along the line from the last painted cell, so a fast stroke has no gaps.
    const Cell from = *lastPainted_;
    const long long dx = to.x - from.x, dy = to.y - from.y;
    const long long steps = std::max(std::llabs(dx), std::llabs(dy));
    const long long spacing = std::max(1, lab.brush.size / 2);
    for (long long i = spacing;; i += spacing) {
        i = std::min(i, steps);
        const double t = double(i) / double(steps);
        paintCells(lab, from.x + std::llround(t * double(dx)), from.y + std::llround(t * double(dy)), state, true);
        if (i == steps) break;
    }
    lastPainted_ = to;
}

void MouseTools::dragSelection(Lab& lab, Cell to) {
    if (!selectionStart_) selectionStart_ = to;
    const Cell from = *selectionStart_;
    // The view repeats the torus: the drag is taken on the copy of the grid where it began, and clamped
    // to that copy's edges.
    const GridSize grid = lab.session.size();
    const long long shiftX = wrapCoordinate(from.x, grid.width) - from.x;
    const long long shiftY = wrapCoordinate(from.y, grid.height) - from.y;
    auto clampX = [&](long long v) { return std::clamp(v + shiftX, 0LL, (long long)grid.width - 1); };
    auto clampY = [&](long long v) { return std::clamp(v + shiftY, 0LL, (long long)grid.height - 1); };
    const long long left = clampX(std::min(from.x, to.x)), right = clampX(std::max(from.x, to.x));
    const long long top = clampY(std::min(from.y, to.y)), bottom = clampY(std::max(from.y, to.y));
    lab.status = selectCells(lab, CellRect{left, top, int(right - left + 1), int(bottom - top + 1)});
    lab.statusIsError = false;
}

} // namespace catlab::gui
