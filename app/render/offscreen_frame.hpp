#pragma once

#include "render/gl_objects.hpp"

namespace catlab::render {

// An RGBA8 framebuffer object for drawing without a window (headless recording, benchmarks). It is
// bound for drawing and reading while it lives; the default framebuffer is bound again afterwards.
// Needs a current OpenGL 4.5 context for its whole life.
class OffscreenFrame {
  public:
    // Throws catlab::Error when the driver cannot make a framebuffer of this size.
    OffscreenFrame(int width, int height);
    OffscreenFrame(const OffscreenFrame&) = delete;
    OffscreenFrame& operator=(const OffscreenFrame&) = delete;
    ~OffscreenFrame();

    int width() const { return width_; }
    int height() const { return height_; }
    GLuint framebuffer() const { return framebuffer_.get(); }
    GLuint colour() const { return colour_.get(); }

  private:
    int width_, height_;
    GlTexture colour_;
    GlFramebuffer framebuffer_;
};

} // namespace catlab::render
