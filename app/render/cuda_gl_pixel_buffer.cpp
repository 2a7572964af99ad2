#include "render/cuda_gl_pixel_buffer.hpp"

#include "catlab/error.hpp"

#include <string>
#include <utility>

#if defined(CATLAB_HAVE_CUDA)
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include "render/cuda_interop_check.hpp"
#endif

namespace catlab::render {

#if defined(CATLAB_HAVE_CUDA)

CudaGlPixelBuffer::CudaGlPixelBuffer(std::size_t bytes) : buffer_(createBuffer()), bytes_(bytes) {
    // Written by CUDA, read by GL as the source of texture uploads; never read back by the CPU.
    glNamedBufferData(buffer_.get(), GLsizeiptr(bytes), nullptr, GL_STREAM_DRAW);
    checkInterop(cudaGraphicsGLRegisterBuffer(&resource_, buffer_.get(), cudaGraphicsRegisterFlagsWriteDiscard),
                 "registering the view's pixel buffer with CUDA (cudaGraphicsGLRegisterBuffer)");
}

void CudaGlPixelBuffer::release() noexcept {
    if (resource_) cudaGraphicsUnregisterResource(resource_); // nothing to do about an error here
    resource_ = nullptr;
    buffer_.reset();
}

CudaGlPixelBuffer::Mapping::Mapping(CudaGlPixelBuffer& owner) : resource_(owner.resource_) {
    checkInterop(cudaGraphicsMapResources(1, &resource_, 0), "mapping the view's pixel buffer for CUDA");
    std::size_t size = 0;
    const cudaError_t error = cudaGraphicsResourceGetMappedPointer(&data_, &size, resource_);
    if (error != cudaSuccess || size < owner.bytes_) {
        cudaGraphicsUnmapResources(1, &resource_, 0);
        checkInterop(error == cudaSuccess ? cudaErrorInvalidValue : error, "getting the mapped view buffer's address");
    }
}

CudaGlPixelBuffer::Mapping::~Mapping() { cudaGraphicsUnmapResources(1, &resource_, 0); }

#else

CudaGlPixelBuffer::CudaGlPixelBuffer(std::size_t) {
    throw Error("this catlab was built without CUDA: no CUDA-GL interop");
}

void CudaGlPixelBuffer::release() noexcept { buffer_.reset(); }

CudaGlPixelBuffer::Mapping::Mapping(CudaGlPixelBuffer& owner) : resource_(owner.resource_) {
    throw Error("this catlab was built without CUDA: no CUDA-GL interop");
}

CudaGlPixelBuffer::Mapping::~Mapping() = default;

#endif

CudaGlPixelBuffer::CudaGlPixelBuffer(CudaGlPixelBuffer&& other) noexcept
    : buffer_(std::move(other.buffer_)), resource_(std::exchange(other.resource_, nullptr)),
      bytes_(std::exchange(other.bytes_, 0)) {}

CudaGlPixelBuffer& CudaGlPixelBuffer::operator=(CudaGlPixelBuffer&& other) noexcept {
    if (this != &other) {
        release();
        buffer_ = std::move(other.buffer_);
        resource_ = std::exchange(other.resource_, nullptr);
        bytes_ = std::exchange(other.bytes_, 0);
    }
    return *this;
}

CudaGlPixelBuffer::~CudaGlPixelBuffer() { release(); }

} // namespace catlab::render
