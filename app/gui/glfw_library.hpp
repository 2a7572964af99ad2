#pragma once

#include "catlab/error.hpp"

namespace catlab::gui {

// Thrown when there is no display to open a window on (no X11/Wayland server, or GLFW cannot start).
class NoDisplayError : public Error {
  public:
    using Error::Error;
};

// GLFW initialised for the lifetime of this object; one at a time. Throws NoDisplayError when there
// is no display or GLFW cannot start, with GLFW's own description.
class GlfwLibrary {
  public:
    GlfwLibrary();
    ~GlfwLibrary();
    GlfwLibrary(const GlfwLibrary&) = delete;
    GlfwLibrary& operator=(const GlfwLibrary&) = delete;
};

} // namespace catlab::gui
