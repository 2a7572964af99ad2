#pragma once

#include "render/cuda_gl_pixel_buffer.hpp"
#include "render/gl_objects.hpp"

#include "catlab/simulator.hpp"
#include "catlab/view.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace catlab::render {

// How the exported pixels reach the GL buffer the view shader reads.
enum class ViewPath {
    None,        // nothing exported yet
    HostUpload,  // exported into host memory, uploaded with glNamedBufferSubData
    CudaInterop, // exported by CUDA straight into a registered GL buffer
};

const char* toString(ViewPath path);

enum class ViewUpload {
    Auto,     // CUDA-GL interop for device backends, falling back to the host path if it fails
    HostOnly, // always through host memory
};

// Fills a GL buffer (one ViewPixel per window pixel, row-major, row 0 = the view's top row) with the
// engine's export of a view window, every frame; the view shader reads it as a storage buffer, so no
// texture upload stands between the export and the draw. For device backends the CUDA export writes
// straight into a registered GL buffer; for host backends (or when interop registration fails, which
// sets notice()) the pixels are exported into host memory and uploaded. Only screen-sized pixels move:
// the grid is never copied. The buffers grow when the window does. Needs a current OpenGL 4.5 context
// for its whole life.
class ViewSource {
  public:
    // Makes the interop pixel buffer; replaceable so that tests can make registration fail.
    using PixelBufferFactory = std::function<CudaGlPixelBuffer(std::size_t bytes)>;

    explicit ViewSource(ViewUpload upload = ViewUpload::Auto, PixelBufferFactory makePixelBuffer = {});

    // Exports `window` of the simulator's state and returns the GL buffer holding the pixels (0 when the
    // window has no pixels). Throws catlab::Error for a bad window (view.hpp) or a CUDA failure.
    GLuint update(const Simulator& simulator, const ViewWindow& window);
    // Exports the pixels of a window into a target: a simulator's exportView, or a distributed grid's.
    using ViewExport = std::function<void(ViewTarget target)>;
    // The same for pixels that `exportTo` writes, best into memory of `space` (Device: through interop);
    // the caller has checked the window.
    GLuint update(const ViewWindow& window, MemorySpace space, const ViewExport& exportTo);

    GLuint pixels() const { return pixels_; } // the buffer update() last returned
    ViewPath lastPath() const { return lastPath_; }
    // Empty, or why the GPU path is not used although the backend is on the GPU (for the panel).
    const std::string& notice() const { return notice_; }

  private:
    bool exportThroughInterop(const ViewWindow& window, const ViewExport& exportTo);
    void exportThroughHost(const ViewWindow& window, const ViewExport& exportTo);

    ViewUpload upload_;
    PixelBufferFactory makePixelBuffer_;
    GLuint pixels_ = 0;
    std::unique_ptr<CudaGlPixelBuffer> pixelBuffer_;
    GlBuffer hostBuffer_;
    std::size_t hostBufferBytes_ = 0;
    bool interopFailed_ = false;
    std::vector<ViewPixel> hostPixels_;
    ViewPath lastPath_ = ViewPath::None;
    std::string notice_;
};

} // namespace catlab::render
