// The view path into OpenGL, headless through EGL. On a CUDA machine: for the same state the CUDA-GL
// interop path puts the same texels in the texture as the host path (and as the CPU export), and the
// rendered frames are identical; a failed registration falls back to the host path with a notice.
// Without a CUDA device those tests skip, saying so; the host-path tests run anywhere EGL gives an
// OpenGL 4.5 context (Mesa's llvmpipe included). Without EGL everything skips, saying why.
#include "render/egl_context.hpp"
#include "render/gl_objects.hpp"
#include "render/view_renderer.hpp"
#include "render/view_source.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view_export.hpp"
#include "support/backend_names.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catlab::render {
namespace {

// One context for the whole program (EGL contexts are per thread; the tests run on one).
struct SharedContext {
    std::unique_ptr<EglContext> context;
    std::string whyNot;
};

const SharedContext& sharedContext() {
    static const SharedContext shared = [] {
        SharedContext s;
        try {
            s.context = std::make_unique<EglContext>();
            std::printf("[ render   ] %s\n", s.context->description().c_str());
        } catch (const Error& e) {
            s.whyNot = e.what();
        }
        return s;
    }();
    return shared;
}

std::optional<std::string> noCudaDevice() {
    return BackendRegistry::instance().find(testing::deviceBackendNames().front()).unavailableReason();
}

#define REQUIRE_EGL()                                                                                                  \
    if (!sharedContext().context) GTEST_SKIP() << "no headless OpenGL context: " << sharedContext().whyNot
#define REQUIRE_CUDA()                                                                                                 \
    if (auto why = noCudaDevice()) GTEST_SKIP() << "no CUDA device: " << *why

// The first width x height pixels of a view source's GL buffer.
std::vector<ViewPixel> texels(GLuint buffer, int width, int height) {
    std::vector<ViewPixel> pixels(std::size_t(width) * std::size_t(height));
    GLint64 bytes = 0;
    glGetNamedBufferParameteri64v(buffer, GL_BUFFER_SIZE, &bytes);
    const auto needed = GLint64(pixels.size() * sizeof(ViewPixel));
    EXPECT_GE(bytes, needed);
    if (bytes < needed) return {};
    glGetNamedBufferSubData(buffer, 0, GLsizeiptr(needed), pixels.data());
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return pixels;
}

std::vector<ViewPixel> cpuExport(const Simulator& sim, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    exportViewOnHost(hostBuffer(sim.snapshot()), sim.rule().states, window,
                     {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

long long firstDifferentPixel(const std::vector<ViewPixel>& a, const std::vector<ViewPixel>& b) {
    if (a.size() != b.size()) return 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!(a[i] == b[i])) return (long long)i;
    return -1;
}

// An RGBA8 framebuffer to draw frames into and read them back.
class Frame {
  public:
    Frame(int width, int height) : width_(width), height_(height) {
        colour_ = createTexture(GL_TEXTURE_2D);
        glTextureStorage2D(colour_.get(), 1, GL_RGBA8, width, height);
        framebuffer_ = createFramebuffer();
        glNamedFramebufferTexture(framebuffer_.get(), GL_COLOR_ATTACHMENT0, colour_.get(), 0);
        EXPECT_EQ(glCheckNamedFramebufferStatus(framebuffer_.get(), GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    }
    std::vector<unsigned char> draw(const ViewRenderer& renderer, GLuint texture, const ViewWindow& window,
                                    const ViewContent& content, const ViewStyle& style) {
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
        glClearColor(1, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        renderer.draw(texture, window, content, style);
        std::vector<unsigned char> rgba(std::size_t(width_) * std::size_t(height_) * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return rgba;
    }
    // The same picture written into the frame's texture by the compute pass.
    std::vector<unsigned char> drawInto(const ViewRenderer& renderer, GLuint pixels, const ViewWindow& window,
                                        const ViewContent& content, const ViewStyle& style) {
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
        glClearColor(1, 0, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        renderer.drawInto(colour_.get(), pixels, window, content, style);
        std::vector<unsigned char> rgba(std::size_t(width_) * std::size_t(height_) * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        return rgba;
    }

  private:
    int width_, height_;
    GlTexture colour_;
    GlFramebuffer framebuffer_;
};

ViewContent contentOf(const Rule& rule) {
    ViewContent content;
    content.states = rule.states;
    content.radius = rule.radius;
    return content;
}

ViewStyle styleOf(ColourMap map, bool gridLines) {
    ViewStyle style;
    style.colourMap = map;
    style.gridLines = gridLines;
    return style;
}

std::vector<ViewWindow> windows(GridSize g) {
    return {{0, 0, 1, 320, 200},
            {-17.25, 9.5, 0.35, 257, 131},
            {3.5, -2.5, 2.75, 199, 101},
            {0, 0, double(g.height) / 90.0, 160, 90},
            {g.width - 10.0, g.height - 7.0, 0.125, 96, 64}};
}

TEST(ViewSourceHostPath, TexelsAreTheExportAndFollowResizes) {
    REQUIRE_EGL();
    const Rule rule = testing::scaledRule(2, Neighbourhood::Moore, false, 4);
    Simulator sim(rule, {211, 157}, 0.4, 3, "cpu");
    sim.step(4);
    for (ViewUpload upload : {ViewUpload::Auto, ViewUpload::HostOnly}) {
        ViewSource source(upload);
        EXPECT_EQ(source.lastPath(), ViewPath::None);
        for (const ViewWindow& w : windows(sim.size())) {
            SCOPED_TRACE(std::to_string(w.width) + "x" + std::to_string(w.height));
            const GLuint texture = source.update(sim, w);
            ASSERT_NE(texture, 0u);
            EXPECT_EQ(source.lastPath(), ViewPath::HostUpload);
            EXPECT_EQ(firstDifferentPixel(texels(texture, w.width, w.height), cpuExport(sim, w)), -1);
        }
        EXPECT_TRUE(source.notice().empty()) << "host backends need no interop: " << source.notice();
        EXPECT_EQ(source.update(sim, {0, 0, 1, 0, 10}), 0u) << "a window without pixels shows nothing";
        EXPECT_THROW(source.update(sim, {0, 0, -1, 10, 10}), Error);
    }
}

TEST(ViewRendering, DrawsTheExportedGrid) {
    REQUIRE_EGL();
    Simulator sim(testing::scaledRule(1, Neighbourhood::Moore, false, 2), {64, 48}, 0.0, 1, "cpu-naive");
    std::vector<Cell> block(16 * 12, 1);
    sim.writeCells({8, 8, 16, 12}, block); // a live block in the top-left quarter
    ViewSource source;
    const ViewRenderer renderer;
    const ViewWindow window{0, 0, 0.5, 128, 96}; // 2 pixels per cell
    Frame frame(128, 96);
    const std::vector<unsigned char> rgba = frame.draw(renderer, source.update(sim, window), window,
                                                       contentOf(sim.rule()), styleOf(ColourMap::TwoState, false));
    // Rows of the read-back image count from the bottom: cell (12, 14) is inside the block, (48, 40) is not.
    auto at = [&](int px, int py) { return rgba.data() + (std::size_t(95 - py) * 128 + std::size_t(px)) * 4; };
    const unsigned char* live = at(2 * 12, 2 * 14);
    const unsigned char* dead = at(2 * 48, 2 * 40);
    EXPECT_GT(int(live[0]) + live[1] + live[2], int(dead[0]) + dead[1] + dead[2] + 300);
    EXPECT_NE(int(live[0]) * 1000 + live[1], 255 * 1000 + 0) << "the clear colour shows through";
}

TEST(ViewRendering, ComputePassColoursLikeTheFragmentPass) {
    REQUIRE_EGL();
    const Rule rule = testing::scaledRule(2, Neighbourhood::Moore, false, 5);
    Simulator sim(rule, {211, 157}, 0.4, 7, "cpu");
    sim.step(5);
    ViewSource source;
    const ViewRenderer renderer;
    for (const ViewWindow& w : windows(sim.size())) {
        SCOPED_TRACE(std::to_string(w.width) + "x" + std::to_string(w.height) + " at " +
                     std::to_string(w.cellsPerPixel));
        const GLuint pixels = source.update(sim, w);
        Frame frame(w.width, w.height);
        ViewContent content = contentOf(rule);
        content.grid = sim.size(); // seams too
        for (ColourMap map : {ColourMap::TwoState, ColourMap::Decay, ColourMap::NeighbourDensity}) {
            const ViewStyle style = styleOf(map, true);
            const auto fragment = frame.draw(renderer, pixels, w, content, style);
            const auto compute = frame.drawInto(renderer, pixels, w, content, style);
            EXPECT_EQ(compute, fragment) << toString(map);
            for (std::size_t i = 0; i < compute.size(); i += 4)
                ASSERT_FALSE(compute[i] == 255 && compute[i + 1] == 0 && compute[i + 2] == 255)
                    << "the clear colour shows through at pixel " << i / 4;
        }
    }
}

class InteropTest : public ::testing::TestWithParam<std::string> {};

TEST_P(InteropTest, SameTexelsAndFramesAsTheHostPath) {
    REQUIRE_EGL();
    REQUIRE_CUDA();
    const BackendSpec& info = BackendRegistry::instance().find(GetParam());
    for (const Rule& rule : {testing::scaledRule(5, Neighbourhood::Moore, false, 2),
                             testing::scaledRule(2, Neighbourhood::Moore, true, 5)}) {
        SCOPED_TRACE(rule.format());
        if (info.unsupportedReason(rule)) continue;
        Simulator sim(rule, {517, 389}, 0.35, 21, GetParam());
        sim.step(6);
        ViewSource interop(ViewUpload::Auto);
        ViewSource host(ViewUpload::HostOnly);
        const ViewRenderer renderer;
        for (const ViewWindow& w : windows(sim.size())) {
            SCOPED_TRACE(std::to_string(w.width) + "x" + std::to_string(w.height) + " at " +
                         std::to_string(w.cellsPerPixel));
            const GLuint a = interop.update(sim, w);
            ASSERT_EQ(interop.lastPath(), ViewPath::CudaInterop) << interop.notice();
            const GLuint b = host.update(sim, w);
            EXPECT_EQ(host.lastPath(), ViewPath::HostUpload);
            const std::vector<ViewPixel> viaInterop = texels(a, w.width, w.height);
            EXPECT_EQ(firstDifferentPixel(viaInterop, texels(b, w.width, w.height)), -1);
            EXPECT_EQ(firstDifferentPixel(viaInterop, cpuExport(sim, w)), -1);
            Frame frame(w.width, w.height);
            for (ColourMap map : {ColourMap::TwoState, ColourMap::Decay, ColourMap::NeighbourDensity}) {
                const ViewContent content = contentOf(rule);
                const ViewStyle style = styleOf(map, true);
                EXPECT_EQ(frame.draw(renderer, a, w, content, style), frame.draw(renderer, b, w, content, style))
                    << toString(map);
            }
        }
        EXPECT_TRUE(interop.notice().empty()) << interop.notice();
    }
}

INSTANTIATE_TEST_SUITE_P(AllGpuBackends, InteropTest, ::testing::ValuesIn(testing::deviceBackendNames()),
                         [](const auto& param) { return param.param; });

TEST(InteropFallback, FailedRegistrationFallsBackToTheHostPathWithANotice) {
    REQUIRE_EGL();
    REQUIRE_CUDA();
    Simulator sim(testing::scaledRule(3, Neighbourhood::Moore, false, 2), {300, 200}, 0.4, 2,
                  testing::deviceBackendNames().front());
    int attempts = 0;
    ViewSource source(ViewUpload::Auto, [&](std::size_t) -> CudaGlPixelBuffer {
        ++attempts;
        throw Error("registration refused by the test");
    });
    const ViewWindow w{5, 5, 0.7, 150, 100};
    for (int frame = 0; frame < 3; ++frame) {
        const GLuint texture = source.update(sim, w);
        EXPECT_EQ(source.lastPath(), ViewPath::HostUpload);
        EXPECT_EQ(firstDifferentPixel(texels(texture, w.width, w.height), cpuExport(sim, w)), -1);
        sim.step();
    }
    EXPECT_EQ(attempts, 1) << "a failed registration is not retried every frame";
    EXPECT_NE(source.notice().find("CUDA-GL interop is unavailable"), std::string::npos) << source.notice();
    EXPECT_NE(source.notice().find("registration refused by the test"), std::string::npos) << source.notice();
}

} // namespace
} // namespace catlab::render
