#include "render/offscreen_frame.hpp"

#include "catlab/error.hpp"

#include <string>

namespace catlab::render {

OffscreenFrame::OffscreenFrame(int width, int height) : width_(width), height_(height) {
    GLint maxSide = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSide);
    if (width < 1 || height < 1 || width > maxSide || height > maxSide)
        throw Error("cannot make a " + std::to_string(width) + "x" + std::to_string(height) +
                    " offscreen framebuffer: this OpenGL allows 1.." + std::to_string(maxSide) + " pixels a side");
    colour_ = createTexture(GL_TEXTURE_2D);
    glTextureStorage2D(colour_.get(), 1, GL_RGBA8, width, height);
    framebuffer_ = createFramebuffer();
    glNamedFramebufferTexture(framebuffer_.get(), GL_COLOR_ATTACHMENT0, colour_.get(), 0);
    if (glCheckNamedFramebufferStatus(framebuffer_.get(), GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw Error("cannot make a " + std::to_string(width) + "x" + std::to_string(height) +
                    " offscreen framebuffer (out of GPU memory?)");
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
}

OffscreenFrame::~OffscreenFrame() { glBindFramebuffer(GL_FRAMEBUFFER, 0); }

} // namespace catlab::render
