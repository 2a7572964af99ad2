#include "gui/clipboard.hpp"

#include "catlab/error.hpp"

#include <GLFW/glfw3.h>

namespace catlab::gui {

// GLFW 3.3 keeps one clipboard per process: the window argument is unused and may be null.
void setClipboardText(const std::string& text) { glfwSetClipboardString(nullptr, text.c_str()); }

std::string clipboardText() {
    const char* text = glfwGetClipboardString(nullptr);
    if (text == nullptr) throw Error("the clipboard holds no text");
    return text;
}

} // namespace catlab::gui
