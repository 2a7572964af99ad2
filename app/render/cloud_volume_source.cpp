#include "render/cloud_volume_source.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/error.hpp"

#include <atomic>

namespace catlab::render {
namespace {

void upload(GLuint texture, cloud::CloudSize s, const void* data) {
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1); // rows of nx bytes
    glTextureSubImage3D(texture, 0, 0, 0, 0, s.nx, s.ny, s.nz, GL_RED, GL_UNSIGNED_BYTE, data);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

} // namespace

CloudVolumeSource::CloudVolumeSource(ViewUpload upload) : upload_(upload) {}

void CloudVolumeSource::resize(cloud::CloudSize size) {
    if (filled_ && size == size_) return;
    for (auto& r : registered_) r.reset(); // unregistered before their textures go
    for (GlTexture& texture : textures_) {
        texture = createTexture(GL_TEXTURE_3D);
        glTextureStorage3D(texture.get(), 1, GL_R8, size.nx, size.ny, size.nz);
        glTextureParameteri(texture.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTextureParameteri(texture.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        // Outside the volume the sky is clear.
        const float clear[4] = {0, 0, 0, 0};
        glTextureParameterfv(texture.get(), GL_TEXTURE_BORDER_COLOR, clear);
        for (GLenum wrap : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R})
            glTextureParameteri(texture.get(), wrap, GL_CLAMP_TO_BORDER);
    }
    pixelBuffer_.reset();
    textureInteropFailed_ = false;
    size_ = size;
    filled_ = false;
}

void CloudVolumeSource::snapshot(const cloud::CloudSimulation& simulation, int radius) {
    cloud::checkDensityRadius(radius);
    resize(simulation.size());
    const bool first = !filled_;
    const int target = 1 - newest_; // the older snapshot is overwritten
    const GLuint texture = textures_[target].get();
    const bool onDevice = simulation.memorySpace() == MemorySpace::Device;
    if (onDevice && upload_ == ViewUpload::Auto && !interopFailed_ && writeThroughInterop(simulation, radius, target)) {
        lastPath_ = ViewPath::CudaInterop;
    } else {
        writeThroughHost(simulation, radius, texture);
        lastPath_ = ViewPath::HostUpload;
    }
    newest_ = target;
    if (first)
        glCopyImageSubData(texture, GL_TEXTURE_3D, 0, 0, 0, 0, previous(), GL_TEXTURE_3D, 0, 0, 0, 0, size_.nx,
                           size_.ny, size_.nz);
    filled_ = true;
    static std::atomic<std::uint64_t> snapshots{0};
    snapshotId_ = ++snapshots;
}

bool CloudVolumeSource::writeThroughInterop(const cloud::CloudSimulation& simulation, int radius, int target) {
    const GLuint texture = textures_[target].get();
    const std::size_t bytes = std::size_t(size_.cellCount());
    if (!pixelBuffer_) {
        try {
            pixelBuffer_ = std::make_unique<CudaGlPixelBuffer>(bytes);
        } catch (const Error& e) {
            interopFailed_ = true;
            notice_ = std::string("CUDA-GL interop is unavailable (") + e.what() +
                      "): the cloud density goes through host memory";
            return false;
        }
    }
    CudaGlVolumeTexture* registered = registeredTexture(target);
    {
        const CudaGlPixelBuffer::Mapping mapped(*pixelBuffer_); // GL must not use the buffer in this scope
        simulation.density(radius, static_cast<std::uint8_t*>(mapped.data()), MemorySpace::Device);
        if (registered) registered->copyFrom(mapped.data());
    }
    if (registered) return true;
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pixelBuffer_->buffer());
    upload(texture, size_, nullptr);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    return true;
}

// The texture registered with CUDA, or nullptr where registering fails (then the GL upload from the
// pixel buffer does the copy).
CudaGlVolumeTexture* CloudVolumeSource::registeredTexture(int target) {
    if (textureInteropFailed_) return nullptr;
    if (!registered_[target]) {
        try {
            registered_[target] =
                std::make_unique<CudaGlVolumeTexture>(textures_[target].get(), size_.nx, size_.ny, size_.nz);
        } catch (const Error&) {
            textureInteropFailed_ = true;
            return nullptr;
        }
    }
    return registered_[target].get();
}

void CloudVolumeSource::writeThroughHost(const cloud::CloudSimulation& simulation, int radius, GLuint texture) {
    hostDensity_.resize(std::size_t(size_.cellCount()));
    simulation.density(radius, hostDensity_.data(), MemorySpace::Host);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    upload(texture, size_, hostDensity_.data());
}

} // namespace catlab::render
