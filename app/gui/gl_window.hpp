#pragma once

struct GLFWwindow;

namespace catlab::gui {

struct FramebufferSize {
    int width = 0;
    int height = 0;
};

// A GLFW window with a current OpenGL 4.5 core context whose functions glad has loaded. Needs a live
// GlfwLibrary. Throws catlab::Error when the window or a 4.5 core context cannot be had, or when the
// driver cannot draw a framebuffer of the window's size (checked before the window is shown).
class GlWindow {
  public:
    GlWindow(const char* title, int width, int height);
    ~GlWindow();
    GlWindow(const GlWindow&) = delete;
    GlWindow& operator=(const GlWindow&) = delete;

    GLFWwindow* handle() const { return window_; }
    FramebufferSize framebufferSize() const;
    bool closeRequested() const;
    void requestClose();
    void setVsync(bool on);
    void swapBuffers();

  private:
    GLFWwindow* window_ = nullptr;
};

} // namespace catlab::gui
