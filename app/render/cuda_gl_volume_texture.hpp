#pragma once

#include "render/gl_objects.hpp"

struct cudaGraphicsResource; // CUDA's handle type; this header needs no CUDA headers

namespace catlab::render {

// A GL 3D texture of one byte per texel (GL_R8) registered with CUDA, so that bytes already in device
// memory are copied into it by CUDA: a device-to-device copy into the texture's own layout, where
// glTextureSubImage3D from a pixel buffer goes through the driver's slower path. The texture must
// outlive this object. Needs the GL context current for its whole life, on the CUDA device's GPU.
class CudaGlVolumeTexture {
  public:
    // Throws catlab::Error naming the CUDA error when the texture cannot be registered.
    CudaGlVolumeTexture(GLuint texture, int nx, int ny, int nz);
    CudaGlVolumeTexture(const CudaGlVolumeTexture&) = delete;
    CudaGlVolumeTexture& operator=(const CudaGlVolumeTexture&) = delete;
    ~CudaGlVolumeTexture(); // unregisters

    // Copies nx * ny * nz bytes at `device` (rows of nx bytes, planes of ny rows) into level 0; CUDA work
    // queued before it is ordered before the copy, and the copy before later GL commands.
    void copyFrom(const void* device);

  private:
    cudaGraphicsResource* resource_ = nullptr;
    int nx_ = 0, ny_ = 0, nz_ = 0;
};

} // namespace catlab::render
