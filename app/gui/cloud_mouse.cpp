#include "gui/cloud_mouse.hpp"
#include "gui/cloud_actions.hpp"

#include <GLFW/glfw3.h>

#include <cmath>

namespace catlab::gui {

void CloudMouse::update(GLFWwindow* window, double scroll, bool overPanel, Lab& lab) {
    CloudSession& clouds = cloudSession(lab);
    double x = 0, y = 0;
    glfwGetCursorPos(window, &x, &y);
    const bool held = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS ||
                      glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS;
    if (!overPanel && scroll != 0) clouds.camera.zoom(std::pow(0.9, scroll));
    if (dragging_ && held) {
        // Dragging right turns the volume right (the camera left); dragging up looks from higher.
        clouds.camera.orbit(-0.3 * (x - lastX_), 0.3 * (y - lastY_));
    } else {
        dragging_ = held && !overPanel;
    }
    lastX_ = x;
    lastY_ = y;
}

} // namespace catlab::gui
