#pragma once

#include <glad/gl.h>

#include <utility>

namespace catlab::render {

// Owns one OpenGL object name and deletes it with the context current; move-only. A default-constructed
// handle owns nothing. The context must outlive the handle (owners keep their GL objects next to it).
template <class Deleter>
class GlHandle {
  public:
    GlHandle() = default;
    explicit GlHandle(GLuint name) : name_(name) {}
    GlHandle(GlHandle&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
    GlHandle& operator=(GlHandle&& other) noexcept {
        if (this != &other) {
            reset();
            name_ = std::exchange(other.name_, 0);
        }
        return *this;
    }
    GlHandle(const GlHandle&) = delete;
    GlHandle& operator=(const GlHandle&) = delete;
    ~GlHandle() { reset(); }

    GLuint get() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    void reset() {
        if (name_ != 0) Deleter{}(name_);
        name_ = 0;
    }

  private:
    GLuint name_ = 0;
};

namespace detail {
struct TextureDeleter {
    void operator()(GLuint n) const { glDeleteTextures(1, &n); }
};
struct BufferDeleter {
    void operator()(GLuint n) const { glDeleteBuffers(1, &n); }
};
struct VertexArrayDeleter {
    void operator()(GLuint n) const { glDeleteVertexArrays(1, &n); }
};
struct FramebufferDeleter {
    void operator()(GLuint n) const { glDeleteFramebuffers(1, &n); }
};
struct RenderbufferDeleter {
    void operator()(GLuint n) const { glDeleteRenderbuffers(1, &n); }
};
struct ShaderDeleter {
    void operator()(GLuint n) const { glDeleteShader(n); }
};
struct ProgramDeleter {
    void operator()(GLuint n) const { glDeleteProgram(n); }
};
} // namespace detail

using GlTexture = GlHandle<detail::TextureDeleter>;
using GlBuffer = GlHandle<detail::BufferDeleter>;
using GlVertexArray = GlHandle<detail::VertexArrayDeleter>;
using GlFramebuffer = GlHandle<detail::FramebufferDeleter>;
using GlRenderbuffer = GlHandle<detail::RenderbufferDeleter>;
using GlShader = GlHandle<detail::ShaderDeleter>;
using GlProgram = GlHandle<detail::ProgramDeleter>;

// Fresh objects through the direct-state-access entry points (GL 4.5).
inline GlTexture createTexture(GLenum target) {
    GLuint n = 0;
    glCreateTextures(target, 1, &n);
    return GlTexture(n);
}
inline GlBuffer createBuffer() {
    GLuint n = 0;
    glCreateBuffers(1, &n);
    return GlBuffer(n);
}
inline GlVertexArray createVertexArray() {
    GLuint n = 0;
    glCreateVertexArrays(1, &n);
    return GlVertexArray(n);
}
inline GlFramebuffer createFramebuffer() {
    GLuint n = 0;
    glCreateFramebuffers(1, &n);
    return GlFramebuffer(n);
}
inline GlRenderbuffer createRenderbuffer() {
    GLuint n = 0;
    glCreateRenderbuffers(1, &n);
    return GlRenderbuffer(n);
}

} // namespace catlab::render
