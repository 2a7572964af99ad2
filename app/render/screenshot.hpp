#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace catlab::render {

// Writes the rectangle (bottom-left corner x, y) of the current read framebuffer to a PNG file, top
// row first, as 8-bit RGB, atomically (catlab::AtomicFile): a failure leaves an old file as it was.
// Throws catlab::Error naming the path and the reason when it cannot be written.
void saveFramebufferPng(const std::string& path, int x, int y, int width, int height);

// Writes width x height 8-bit RGB pixels (row-major, top row first) to a PNG file, atomically.
// Throws catlab::Error naming the path and the reason when it cannot be written.
void saveRgbPng(const std::string& path, int width, int height, std::span<const std::uint8_t> rgb);

} // namespace catlab::render
