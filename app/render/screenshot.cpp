#include "render/screenshot.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cstddef>
#include <cstring>
#include <new>
#include <vector>

namespace catlab::render {
namespace {

// stb hands the encoded PNG over in pieces; nothing may throw back through its C code.
struct EncodedPng {
    std::vector<unsigned char> bytes;
    bool outOfMemory = false;
};

void appendPng(void* context, void* data, int size) {
    auto& png = *static_cast<EncodedPng*>(context);
    try {
        const auto* begin = static_cast<const unsigned char*>(data);
        png.bytes.insert(png.bytes.end(), begin, begin + size);
    } catch (const std::bad_alloc&) {
        png.outOfMemory = true;
    }
}

} // namespace

void saveFramebufferPng(const std::string& path, int x, int y, int width, int height) {
    if (width <= 0 || height <= 0) throw Error("cannot save an empty picture to " + path);
    const std::size_t rowBytes = std::size_t(width) * 3;
    std::vector<unsigned char> pixels(rowBytes * std::size_t(height));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
    // GL rows run bottom to top; PNG rows top to bottom.
    std::vector<unsigned char> row(rowBytes);
    for (int top = 0, bottom = height - 1; top < bottom; ++top, --bottom) {
        unsigned char* a = pixels.data() + std::size_t(top) * rowBytes;
        unsigned char* b = pixels.data() + std::size_t(bottom) * rowBytes;
        std::memcpy(row.data(), a, rowBytes);
        std::memcpy(a, b, rowBytes);
        std::memcpy(b, row.data(), rowBytes);
    }
    saveRgbPng(path, width, height, pixels);
}

void saveRgbPng(const std::string& path, int width, int height, std::span<const std::uint8_t> rgb) {
    const std::size_t rowBytes = std::size_t(width) * 3;
    if (width <= 0 || height <= 0 || rgb.size() != rowBytes * std::size_t(height))
        throw Error("cannot save an empty picture to " + path);
    EncodedPng png;
    if (stbi_write_png_to_func(appendPng, &png, width, height, 3, rgb.data(), int(rowBytes)) == 0 || png.outOfMemory)
        throw Error("cannot write the picture " + path + ": out of memory while encoding the PNG");
    writeFileAtomically(path, png.bytes.data(), png.bytes.size());
}

} // namespace catlab::render
