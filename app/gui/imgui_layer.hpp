#pragma once

struct GLFWwindow;

namespace catlab::gui {

// A Dear ImGui context bound to a window through the GLFW and OpenGL 3 backends, for the lifetime of
// this object. Installs ImGui's GLFW callbacks (chaining to any installed before).
class ImGuiLayer {
  public:
    explicit ImGuiLayer(GLFWwindow* window);
    ~ImGuiLayer();
    ImGuiLayer(const ImGuiLayer&) = delete;
    ImGuiLayer& operator=(const ImGuiLayer&) = delete;

    void beginFrame();
    void endFrame(); // renders the frame's draw lists into the current framebuffer

    bool wantsMouse() const;
    bool wantsKeyboard() const;
};

} // namespace catlab::gui
