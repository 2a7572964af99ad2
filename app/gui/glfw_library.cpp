#include "gui/glfw_library.hpp"

#include <GLFW/glfw3.h>

#include <cstdlib>
#include <string>

namespace catlab::gui {
namespace {

std::string lastGlfwError() {
    const char* description = nullptr;
    glfwGetError(&description);
    return description ? description : "unknown reason";
}

bool haveDisplayVariable() {
    const char* x11 = std::getenv("DISPLAY");
    const char* wayland = std::getenv("WAYLAND_DISPLAY");
    return (x11 && *x11) || (wayland && *wayland);
}

} // namespace

GlfwLibrary::GlfwLibrary() {
    if (!haveDisplayVariable()) throw NoDisplayError("no display (neither DISPLAY nor WAYLAND_DISPLAY is set)");
    if (glfwInit() != GLFW_TRUE) throw NoDisplayError("cannot open the display: " + lastGlfwError());
}

GlfwLibrary::~GlfwLibrary() { glfwTerminate(); }

} // namespace catlab::gui
