#pragma once

#include <string>
#include <vector>

struct GLFWwindow;

namespace catlab::gui {

struct KeyPress {
    int key = 0;         // GLFW_KEY_*
    int mods = 0;        // GLFW_MOD_*
    bool repeat = false; // the key held down, not pressed again
};

// Collects the window's key presses, wheel turns and dropped files between frames through GLFW
// callbacks. Create it before the ImGuiLayer: ImGui's callbacks then chain to these, so both see
// every event (the frame decides which one acts on it).
class WindowEvents {
  public:
    explicit WindowEvents(GLFWwindow* window);
    ~WindowEvents();
    WindowEvents(const WindowEvents&) = delete;
    WindowEvents& operator=(const WindowEvents&) = delete;

    // Everything since the last call; the queues are emptied.
    std::vector<KeyPress> takeKeyPresses();
    double takeScroll();
    std::vector<std::string> takeDroppedPaths();

  private:
    static WindowEvents& of(GLFWwindow* window);

    GLFWwindow* window_;
    std::vector<KeyPress> keys_;
    double scroll_ = 0;
    std::vector<std::string> dropped_;
};

} // namespace catlab::gui
