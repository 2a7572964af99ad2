#pragma once

#include "gui/gl_window.hpp"

namespace catlab::gui {

// A red dot in the window's top-left corner, drawn straight into the framebuffer after the frame has
// been captured: it shows that a recording runs (also with the panel hidden) and never appears in it.
void drawRecordingIndicator(FramebufferSize size);

} // namespace catlab::gui
