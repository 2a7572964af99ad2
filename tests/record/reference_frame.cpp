#include "record/reference_frame.hpp"

#include "render/cloud_volume_source.hpp"
#include "render/egl_context.hpp"
#include "render/offscreen_frame.hpp"
#include "render/view_source.hpp"

#include "catlab/error.hpp"

#include <memory>

namespace catlab::testing {
namespace {

struct SharedContext {
    std::unique_ptr<render::EglContext> context;
    std::string whyNot;
};

// One context for the whole process (EGL contexts are current per thread; the tests run on one).
SharedContext& sharedContext() {
    static SharedContext shared = [] {
        SharedContext s;
        try {
            s.context = std::make_unique<render::EglContext>();
        } catch (const Error& e) {
            s.whyNot = e.what();
        }
        return s;
    }();
    return shared;
}

// The current read framebuffer's width x height pixels at (0, 0) as RGB, top row first.
video::testing::RgbImage readFrame(int width, int height) {
    std::vector<std::uint8_t> rgba(std::size_t(width) * std::size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    video::testing::RgbImage image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 3)};
    for (int y = 0; y < height; ++y) // GL rows run bottom to top
        for (int x = 0; x < width; ++x)
            for (int c = 0; c < 3; ++c)
                image.rgb[(std::size_t(y) * width + x) * 3 + c] =
                    rgba[(std::size_t(height - 1 - y) * width + x) * 4 + c];
    return image;
}

void requireContext() {
    if (!sharedContext().context) throw Error("no headless OpenGL: " + sharedContext().whyNot);
}

} // namespace

const std::string& whyNoHeadlessOpenGL() { return sharedContext().whyNot; }

video::testing::RgbImage renderReference(const Simulator& simulator, const ViewWindow& window,
                                         const render::ViewStyle& style) {
    requireContext();
    render::ViewSource source(render::ViewUpload::HostOnly);
    const render::ViewRenderer renderer;
    const render::OffscreenFrame target(window.width, window.height);
    const GLuint pixels = source.update(simulator, window);
    // As catlab record draws: the grid alone, no torus seams, by the compute pass into the frame's texture.
    renderer.drawInto(target.colour(), pixels, window,
                      {simulator.rule().states, simulator.rule().radius, GridSize{0, 0}}, style);
    return readFrame(window.width, window.height);
}

video::testing::RgbImage renderCloudReference(const cloud::CloudSimulation& simulation, int densityRadius,
                                              const render::OrbitCamera& camera, const render::CloudLook& look,
                                              int width, int height) {
    requireContext();
    render::CloudVolumeSource source(render::ViewUpload::HostOnly);
    render::CloudRenderer renderer;
    const render::OffscreenFrame target(width, height);
    source.snapshot(simulation, densityRadius);
    renderer.draw(source, 1.0f, camera, look, 0, 0, width, height);
    return readFrame(width, height);
}

} // namespace catlab::testing
