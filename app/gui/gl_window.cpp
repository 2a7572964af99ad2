#include "gui/gl_window.hpp"
#include "gui/window_size.hpp"

#include "catlab/error.hpp"

#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <string>

namespace catlab::gui {

GlWindow::GlWindow(const char* title, int width, int height) {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 5);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_DOUBLEBUFFER, GLFW_TRUE);
    // Shown once OpenGL has said it can draw a framebuffer of this size.
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
    if (!window_) {
        const char* description = nullptr;
        glfwGetError(&description);
        throw Error(std::string("cannot open an OpenGL 4.5 core window: ") +
                    (description ? description : "unknown reason"));
    }
    glfwMakeContextCurrent(window_);
    const int version = gladLoadGL(glfwGetProcAddress);
    if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 45) {
        glfwDestroyWindow(window_);
        throw Error("the OpenGL driver does not provide OpenGL 4.5 core functions");
    }
    try {
        const FramebufferSize size = framebufferSize();
        checkFramebufferLimits(size.width, size.height);
    } catch (...) {
        glfwDestroyWindow(window_);
        throw;
    }
    glfwShowWindow(window_);
}

GlWindow::~GlWindow() {
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(window_);
}

FramebufferSize GlWindow::framebufferSize() const {
    FramebufferSize size;
    glfwGetFramebufferSize(window_, &size.width, &size.height);
    return size;
}

bool GlWindow::closeRequested() const { return glfwWindowShouldClose(window_) == GLFW_TRUE; }

void GlWindow::requestClose() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }

void GlWindow::setVsync(bool on) { glfwSwapInterval(on ? 1 : 0); }

void GlWindow::swapBuffers() { glfwSwapBuffers(window_); }

} // namespace catlab::gui
