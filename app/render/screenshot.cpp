#include "render/screenshot.hpp"

#include "catlab/error.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <cstddef>
#include <cstring>
#include <vector>

namespace catlab::render {

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
    if (stbi_write_png(path.c_str(), width, height, 3, pixels.data(), int(rowBytes)) == 0)
        throw Error("cannot write the screenshot " + path);
}

} // namespace catlab::render
