#include "render/cuda_gl_volume_texture.hpp"

#include "catlab/error.hpp"

#include <string>

#if defined(CATLAB_HAVE_CUDA)
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>

#include "render/cuda_interop_check.hpp"
#endif

namespace catlab::render {

#if defined(CATLAB_HAVE_CUDA)

CudaGlVolumeTexture::CudaGlVolumeTexture(GLuint texture, int nx, int ny, int nz) : nx_(nx), ny_(ny), nz_(nz) {
    checkInterop(cudaGraphicsGLRegisterImage(&resource_, texture, GL_TEXTURE_3D, cudaGraphicsRegisterFlagsWriteDiscard),
                 "registering the cloud's density texture with CUDA (cudaGraphicsGLRegisterImage)");
}

CudaGlVolumeTexture::~CudaGlVolumeTexture() {
    if (resource_) cudaGraphicsUnregisterResource(resource_); // nothing to do about an error here
}

void CudaGlVolumeTexture::copyFrom(const void* device) {
    checkInterop(cudaGraphicsMapResources(1, &resource_, 0), "mapping the cloud's density texture for CUDA");
    cudaArray_t array = nullptr;
    cudaError_t error = cudaGraphicsSubResourceGetMappedArray(&array, resource_, 0, 0);
    if (error == cudaSuccess) {
        cudaMemcpy3DParms copy{};
        copy.srcPtr =
            make_cudaPitchedPtr(const_cast<void*>(device), std::size_t(nx_), std::size_t(nx_), std::size_t(ny_));
        copy.dstArray = array;
        copy.extent = make_cudaExtent(std::size_t(nx_), std::size_t(ny_), std::size_t(nz_));
        copy.kind = cudaMemcpyDeviceToDevice;
        error = cudaMemcpy3DAsync(&copy, 0);
    }
    const cudaError_t unmapped = cudaGraphicsUnmapResources(1, &resource_, 0);
    checkInterop(error, "copying the cloud's density into its texture (cudaMemcpy3D)");
    checkInterop(unmapped, "unmapping the cloud's density texture");
}

#else

CudaGlVolumeTexture::CudaGlVolumeTexture(GLuint, int, int, int) {
    throw Error("this catlab was built without CUDA: no CUDA-GL interop");
}

CudaGlVolumeTexture::~CudaGlVolumeTexture() = default;

void CudaGlVolumeTexture::copyFrom(const void*) {}

#endif

} // namespace catlab::render
