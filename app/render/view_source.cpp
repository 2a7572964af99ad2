#include "render/view_source.hpp"

#include "catlab/error.hpp"

namespace catlab::render {

const char* toString(ViewPath path) {
    switch (path) {
    case ViewPath::None: return "none";
    case ViewPath::HostUpload: return "host upload";
    case ViewPath::CudaInterop: return "CUDA-GL interop";
    }
    return "?";
}

ViewSource::ViewSource(ViewUpload upload, PixelBufferFactory makePixelBuffer)
    : upload_(upload), makePixelBuffer_(std::move(makePixelBuffer)) {
    if (!makePixelBuffer_) makePixelBuffer_ = [](std::size_t bytes) { return CudaGlPixelBuffer(bytes); };
}

GLuint ViewSource::update(const Simulator& simulator, const ViewWindow& window) {
    if (window.width <= 0 || window.height <= 0) return 0;              // a minimised window: nothing to show
    makeViewMapping(window, simulator.size(), simulator.rule().states); // a bad window fails before GL work
    return update(window, simulator.memorySpace(), [&](ViewTarget target) { simulator.exportView(window, target); });
}

GLuint ViewSource::update(const ViewWindow& window, MemorySpace space, const ViewExport& exportTo) {
    if (window.width <= 0 || window.height <= 0) return 0;
    resizeTexture(window.width, window.height);
    const bool onDevice = space == MemorySpace::Device;
    if (onDevice && upload_ == ViewUpload::Auto && !interopFailed_ && exportThroughInterop(window, exportTo)) {
        lastPath_ = ViewPath::CudaInterop;
        return texture_.get();
    }
    exportThroughHost(window, exportTo);
    lastPath_ = ViewPath::HostUpload;
    return texture_.get();
}

void ViewSource::resizeTexture(int width, int height) {
    if (texture_ && width == width_ && height == height_) return;
    texture_ = createTexture(GL_TEXTURE_2D); // storage is immutable: a new size needs a new texture
    glTextureStorage2D(texture_.get(), 1, GL_RGBA8, width, height);
    glTextureParameteri(texture_.get(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(texture_.get(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTextureParameteri(texture_.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(texture_.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    width_ = width;
    height_ = height;
}

bool ViewSource::exportThroughInterop(const ViewWindow& window, const ViewExport& exportTo) {
    const std::size_t bytes = std::size_t(window.width) * std::size_t(window.height) * sizeof(ViewPixel);
    if (!pixelBuffer_ || pixelBuffer_->bytes() < bytes) {
        pixelBuffer_.reset(); // unregister the old one first
        try {
            pixelBuffer_ = std::make_unique<CudaGlPixelBuffer>(makePixelBuffer_(bytes));
        } catch (const Error& e) {
            interopFailed_ = true;
            notice_ = std::string("CUDA-GL interop is unavailable (") + e.what() +
                      "): the view is exported to host memory and uploaded every frame";
            return false;
        }
    }
    {
        const CudaGlPixelBuffer::Mapping mapped(*pixelBuffer_); // GL must not use the buffer in this scope
        exportTo({static_cast<ViewPixel*>(mapped.data()), window.width, MemorySpace::Device});
    }
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pixelBuffer_->buffer());
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTextureSubImage2D(texture_.get(), 0, 0, 0, window.width, window.height, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    return true;
}

void ViewSource::exportThroughHost(const ViewWindow& window, const ViewExport& exportTo) {
    hostPixels_.resize(std::size_t(window.width) * std::size_t(window.height));
    exportTo({hostPixels_.data(), window.width, MemorySpace::Host});
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTextureSubImage2D(texture_.get(), 0, 0, 0, window.width, window.height, GL_RGBA, GL_UNSIGNED_BYTE,
                        hostPixels_.data());
}

} // namespace catlab::render
