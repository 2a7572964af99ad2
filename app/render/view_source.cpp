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
    const bool onDevice = space == MemorySpace::Device;
    if (onDevice && upload_ == ViewUpload::Auto && !interopFailed_ && exportThroughInterop(window, exportTo)) {
        lastPath_ = ViewPath::CudaInterop;
        pixels_ = pixelBuffer_->buffer();
        return pixels_;
    }
    exportThroughHost(window, exportTo);
    lastPath_ = ViewPath::HostUpload;
    pixels_ = hostBuffer_.get();
    return pixels_;
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
    // GL must not use the buffer while CUDA has it mapped; unmapping orders the export before GL's reads.
    const CudaGlPixelBuffer::Mapping mapped(*pixelBuffer_);
    exportTo({static_cast<ViewPixel*>(mapped.data()), window.width, MemorySpace::Device});
    return true;
}

void ViewSource::exportThroughHost(const ViewWindow& window, const ViewExport& exportTo) {
    hostPixels_.resize(std::size_t(window.width) * std::size_t(window.height));
    exportTo({hostPixels_.data(), window.width, MemorySpace::Host});
    const std::size_t bytes = hostPixels_.size() * sizeof(ViewPixel);
    if (!hostBuffer_ || hostBufferBytes_ < bytes) {
        hostBuffer_ = createBuffer(); // storage is immutable: a larger window needs a new buffer
        glNamedBufferStorage(hostBuffer_.get(), GLsizeiptr(bytes), nullptr, GL_DYNAMIC_STORAGE_BIT);
        hostBufferBytes_ = bytes;
    }
    glNamedBufferSubData(hostBuffer_.get(), 0, GLsizeiptr(bytes), hostPixels_.data());
}

} // namespace catlab::render
