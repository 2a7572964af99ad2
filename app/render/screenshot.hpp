#pragma once

#include <string>

namespace catlab::render {

// Writes the rectangle (bottom-left corner x, y) of the current read framebuffer to a PNG file, top
// row first, as 8-bit RGB, atomically (catlab::AtomicFile): a failure leaves an old file as it was.
// Throws catlab::Error naming the path and the reason when it cannot be written.
void saveFramebufferPng(const std::string& path, int x, int y, int width, int height);

} // namespace catlab::render
