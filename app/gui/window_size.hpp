#pragma once

#include <optional>
#include <string>

namespace catlab::gui {

// A window's size in screen coordinates.
struct WindowSize {
    int width = 0;
    int height = 0;
};

// The window catlab opens without --window, made smaller where the screen is.
inline constexpr WindowSize kDefaultWindowSize{1280, 800};

// The largest side `--window` takes: what OpenGL drivers commonly draw at most (GL_MAX_TEXTURE_SIZE),
// and far beyond any screen. The screen and the driver are asked too once the display is open.
inline constexpr int kMaxWindowSide = 16384;

// "WxH", each side 1..kMaxWindowSide; throws catlab::Error naming --window and the range.
WindowSize parseWindowSize(const std::string& text);

// The size to open: `asked` when it fits the screen (the union of the monitors), else throws
// catlab::Error naming both sizes; without one asked, the default made to fit. Needs GLFW initialised;
// when GLFW reports no monitor the size is taken as it is.
WindowSize windowSizeForScreen(std::optional<WindowSize> asked);

// Throws catlab::Error unless the current OpenGL context draws a framebuffer of this many pixels:
// GL_MAX_VIEWPORT_DIMS, GL_MAX_RENDERBUFFER_SIZE and GL_MAX_TEXTURE_SIZE (screenshots and recording
// copy the framebuffer into textures), naming the limit that is exceeded.
void checkFramebufferLimits(int width, int height);

} // namespace catlab::gui
