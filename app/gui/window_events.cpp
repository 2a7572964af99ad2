#include "gui/window_events.hpp"

#include <GLFW/glfw3.h>

#include <utility>

namespace catlab::gui {

WindowEvents::WindowEvents(GLFWwindow* window) : window_(window) {
    glfwSetWindowUserPointer(window_, this);
    glfwSetKeyCallback(window_, [](GLFWwindow* w, int key, int, int action, int mods) {
        if (action == GLFW_PRESS || action == GLFW_REPEAT) of(w).keys_.push_back({key, mods, action == GLFW_REPEAT});
    });
    glfwSetScrollCallback(window_, [](GLFWwindow* w, double, double dy) { of(w).scroll_ += dy; });
    glfwSetDropCallback(window_, [](GLFWwindow* w, int count, const char** paths) {
        for (int i = 0; i < count; ++i) of(w).dropped_.emplace_back(paths[i]);
    });
}

WindowEvents::~WindowEvents() {
    glfwSetKeyCallback(window_, nullptr);
    glfwSetScrollCallback(window_, nullptr);
    glfwSetDropCallback(window_, nullptr);
    glfwSetWindowUserPointer(window_, nullptr);
}

WindowEvents& WindowEvents::of(GLFWwindow* window) {
    return *static_cast<WindowEvents*>(glfwGetWindowUserPointer(window));
}

std::vector<KeyPress> WindowEvents::takeKeyPresses() { return std::exchange(keys_, {}); }

double WindowEvents::takeScroll() { return std::exchange(scroll_, 0.0); }

std::vector<std::string> WindowEvents::takeDroppedPaths() { return std::exchange(dropped_, {}); }

} // namespace catlab::gui
