#include "gui/window_size.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <climits>

namespace catlab::gui {
namespace {

std::string sizeText(int width, int height) { return std::to_string(width) + "x" + std::to_string(height); }

int parseSide(const std::string& whole, std::string_view side) {
    int value = 0;
    switch (parseInteger(side, value, 1, kMaxWindowSide)) {
    case IntegerText::Ok: return value;
    case IntegerText::NotAnInteger: break;
    case IntegerText::OutOfRange:
        throw Error("--window " + whole + ": each side must be " + rangeText(1, kMaxWindowSide) + " screen units");
    }
    throw Error("--window " + whole + ": expected WxH, e.g. 1280x800");
}

// The smallest rectangle holding every monitor, in screen coordinates; nullopt without monitors.
std::optional<WindowSize> screenSize() {
    int count = 0;
    GLFWmonitor** monitors = glfwGetMonitors(&count);
    int left = INT_MAX, top = INT_MAX, right = INT_MIN, bottom = INT_MIN;
    for (int i = 0; i < count; ++i) {
        const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
        if (!mode) continue;
        int x = 0, y = 0;
        glfwGetMonitorPos(monitors[i], &x, &y);
        left = std::min(left, x);
        top = std::min(top, y);
        right = std::max(right, x + mode->width);
        bottom = std::max(bottom, y + mode->height);
    }
    if (left >= right || top >= bottom) return std::nullopt;
    return WindowSize{right - left, bottom - top};
}

} // namespace

WindowSize parseWindowSize(const std::string& text) {
    const std::size_t x = text.find_first_of("xX");
    if (x == std::string::npos) throw Error("--window " + text + ": expected WxH, e.g. 1280x800");
    return {parseSide(text, std::string_view(text).substr(0, x)),
            parseSide(text, std::string_view(text).substr(x + 1))};
}

WindowSize windowSizeForScreen(std::optional<WindowSize> asked) {
    const std::optional<WindowSize> screen = screenSize();
    if (!asked) {
        if (!screen) return kDefaultWindowSize;
        return {std::min(kDefaultWindowSize.width, screen->width), std::min(kDefaultWindowSize.height, screen->height)};
    }
    if (screen && (asked->width > screen->width || asked->height > screen->height))
        throw Error("a " + sizeText(asked->width, asked->height) + " window does not fit the screen, " +
                    sizeText(screen->width, screen->height) +
                    " (--window WxH sets the size; `catlab record` films larger frames without a window)");
    return *asked;
}

void checkFramebufferLimits(int width, int height) {
    GLint viewport[2] = {0, 0}, renderbuffer = 0, texture = 0;
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport);
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &texture);
    const struct {
        const char* name;
        int maxWidth, maxHeight;
    } limits[] = {{"GL_MAX_VIEWPORT_DIMS", viewport[0], viewport[1]},
                  {"GL_MAX_RENDERBUFFER_SIZE", renderbuffer, renderbuffer},
                  {"GL_MAX_TEXTURE_SIZE", texture, texture}};
    for (const auto& limit : limits)
        if (limit.maxWidth > 0 && limit.maxHeight > 0 && // 0: the driver did not say
            (width > limit.maxWidth || height > limit.maxHeight))
            throw Error("the window's " + sizeText(width, height) + " framebuffer is more than OpenGL draws here (" +
                        limit.name + " " + sizeText(limit.maxWidth, limit.maxHeight) + ")");
}

} // namespace catlab::gui
