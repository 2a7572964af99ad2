#pragma once

#include <string>

namespace catlab::render {

// A headless OpenGL 4.5 core context through EGL: no window, no X server, no surface (draw into
// framebuffer objects). Tried in order: the EGL device platform (NVIDIA GPU servers; devices that
// CUDA can use first), then Mesa's surfaceless platform (llvmpipe on machines without a GPU), then the
// default display (CATLAB_EGL_PLATFORM=device, surfaceless or default tries only that one). Loads the
// GL entry points (glad) for the context and makes it current on the calling thread. One per thread at
// a time; not copyable or movable.
class EglContext {
  public:
    // Throws catlab::Error saying why no context could be had (no libEGL, no usable display, no
    // OpenGL 4.5 core), with what each platform answered.
    EglContext();
    EglContext(const EglContext&) = delete;
    EglContext& operator=(const EglContext&) = delete;
    ~EglContext();

    void makeCurrent() const;
    // Which platform and device, and the GL renderer and version ("EGL device 0 (EGL_NV_device_cuda):
    // NVIDIA H200/PCIe/SSE2, 4.6.0 NVIDIA 550.54").
    const std::string& description() const { return description_; }

  private:
    void* display_ = nullptr; // EGLDisplay
    void* context_ = nullptr; // EGLContext
    std::string description_;
};

} // namespace catlab::render
