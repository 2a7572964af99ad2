#pragma once

#include <string>

namespace catlab::gui {

// The system clipboard's text, through GLFW (needs the GLFW library initialised; X11 or Wayland keep
// it while catlab owns it). Golly reads and writes its patterns here as RLE.
void setClipboardText(const std::string& text);
// Throws catlab::Error when the clipboard holds no text.
std::string clipboardText();

} // namespace catlab::gui
