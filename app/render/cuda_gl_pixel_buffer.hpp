#pragma once

#include "render/gl_objects.hpp"

#include <cstddef>

struct cudaGraphicsResource; // CUDA's handle type; this header needs no CUDA headers

namespace catlab::render {

// A GL pixel-unpack buffer registered with CUDA, so the GPU engine can write pixels into it and GL
// can upload them to a texture, without the pixels leaving the GPU. CUDA writes only while a Mapping
// is alive; GL must not touch the buffer then (the Mapping unmaps in its destructor, before GL runs).
// Needs the GL context current for its whole life, on the CUDA device's GPU. Move-only.
class CudaGlPixelBuffer {
  public:
    // Throws catlab::Error naming the CUDA error when the buffer cannot be registered (a GL context on
    // another GPU or a software renderer, no CUDA device, a catlab built without CUDA).
    explicit CudaGlPixelBuffer(std::size_t bytes);
    CudaGlPixelBuffer(CudaGlPixelBuffer&& other) noexcept;
    CudaGlPixelBuffer& operator=(CudaGlPixelBuffer&& other) noexcept;
    CudaGlPixelBuffer(const CudaGlPixelBuffer&) = delete;
    CudaGlPixelBuffer& operator=(const CudaGlPixelBuffer&) = delete;
    ~CudaGlPixelBuffer(); // unregisters, then deletes the GL buffer

    GLuint buffer() const { return buffer_.get(); }
    std::size_t bytes() const { return bytes_; }

    // The buffer mapped for CUDA: data() is a device pointer to bytes() bytes, valid until destruction.
    class Mapping {
      public:
        explicit Mapping(CudaGlPixelBuffer& owner); // throws catlab::Error when mapping fails
        Mapping(const Mapping&) = delete;
        Mapping& operator=(const Mapping&) = delete;
        ~Mapping(); // unmaps; queued CUDA work into the buffer is ordered before later GL commands
        void* data() const { return data_; }

      private:
        cudaGraphicsResource* resource_;
        void* data_ = nullptr;
    };

  private:
    void release() noexcept;

    GlBuffer buffer_;
    cudaGraphicsResource* resource_ = nullptr;
    std::size_t bytes_ = 0;
};

} // namespace catlab::render
