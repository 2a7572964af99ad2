// The cloud density into OpenGL and the ray marcher, headless through EGL: the 3D textures hold the
// engine's density bytes (through host memory, and on a CUDA machine through CUDA-GL interop, which
// must give the same texels), the previous snapshot is kept for blending, and the ray-marched picture
// shows the clouds and changes with the sun. Without EGL everything skips; without CUDA the interop
// test skips; each says why.
#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"
#include "render/egl_context.hpp"
#include "render/gl_objects.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_random.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

namespace catlab::render {
namespace {

std::unique_ptr<EglContext>& context(std::string& whyNot) {
    static std::string reason;
    static std::unique_ptr<EglContext> shared = [] {
        try {
            return std::make_unique<EglContext>();
        } catch (const Error& e) {
            reason = e.what();
            return std::unique_ptr<EglContext>();
        }
    }();
    whyNot = reason;
    return shared;
}

#define REQUIRE_EGL()                                                                                                  \
    std::string whyNoEgl;                                                                                              \
    if (!context(whyNoEgl)) GTEST_SKIP() << "no headless OpenGL context: " << whyNoEgl

// Cloud cells in a pattern of their own (independent of the automaton), so the density has detail.
cloud::CloudCells patternCells(cloud::CloudSize size, std::uint32_t seed) {
    cloud::CloudCells cells(size);
    for (int z = 0; z < size.nz; ++z)
        for (int y = 0; y < size.ny; ++y)
            for (int x = 0; x < size.nx; ++x) {
                const cloud::Philox4 r =
                    cloud::philox4x32({{std::uint32_t(x), std::uint32_t(y), std::uint32_t(z), 1}}, seed, 0);
                if ((r.v[0] & 255u) < 100) cells.at(x, y, z) = cloud::kCld;
            }
    return cells;
}

std::vector<std::uint8_t> texels(GLuint texture, cloud::CloudSize s) {
    std::vector<std::uint8_t> bytes(std::size_t(s.cellCount()));
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(texture, 0, GL_RED, GL_UNSIGNED_BYTE, GLsizei(bytes.size()), bytes.data());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return bytes;
}

TEST(CloudRender, TexturesHoldTheDensityAndKeepThePreviousSnapshot) {
    REQUIRE_EGL();
    const cloud::CloudSize size{37, 21, 9}; // rows of 37 bytes: not a multiple of the default alignment
    auto sim = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    const cloud::CloudCells first = patternCells(size, 1), second = patternCells(size, 2);
    sim->load(first);
    CloudVolumeSource source(ViewUpload::HostOnly);
    source.snapshot(*sim, 1);
    EXPECT_EQ(source.lastPath(), ViewPath::HostUpload);
    EXPECT_EQ(source.size(), size);
    EXPECT_EQ(texels(source.newest(), size), cloud::cloudDensity(first, 1));
    EXPECT_EQ(texels(source.previous(), size), cloud::cloudDensity(first, 1)); // the first fills both
    sim->load(second);
    source.snapshot(*sim, 2);
    EXPECT_EQ(texels(source.newest(), size), cloud::cloudDensity(second, 2));
    EXPECT_EQ(texels(source.previous(), size), cloud::cloudDensity(first, 1));
    EXPECT_THROW(source.snapshot(*sim, 4), Error);
}

TEST(CloudRender, InteropGivesTheSameTexelsAsTheHostPath) {
    REQUIRE_EGL();
    if (auto why = cloud::cloudBackendUnavailable("cuda")) GTEST_SKIP() << "no CUDA device: " << *why;
    const cloud::CloudSize size{70, 33, 12};
    auto gpu = cloud::makeCloudSimulation("cuda", size, cloud::CloudParams{});
    const cloud::CloudCells cells = patternCells(size, 3);
    gpu->load(cells);
    CloudVolumeSource source;
    source.snapshot(*gpu, 1);
    ASSERT_EQ(source.lastPath(), ViewPath::CudaInterop) << source.notice();
    EXPECT_EQ(texels(source.newest(), size), cloud::cloudDensity(cells, 1));
    gpu->load(patternCells(size, 4));
    source.snapshot(*gpu, 3);
    EXPECT_EQ(texels(source.newest(), size), cloud::cloudDensity(patternCells(size, 4), 3));
    EXPECT_EQ(texels(source.previous(), size), cloud::cloudDensity(cells, 1));
}

// Draws into an RGBA8 framebuffer and reads it back.
std::vector<unsigned char> drawFrame(const CloudRenderer& renderer, const CloudVolumeSource& source,
                                     const OrbitCamera& camera, const CloudLook& look, int width, int height) {
    GlTexture colour = createTexture(GL_TEXTURE_2D);
    glTextureStorage2D(colour.get(), 1, GL_RGBA8, width, height);
    GlFramebuffer framebuffer = createFramebuffer();
    glNamedFramebufferTexture(framebuffer.get(), GL_COLOR_ATTACHMENT0, colour.get(), 0);
    EXPECT_EQ(glCheckNamedFramebufferStatus(framebuffer.get(), GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.get());
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.draw(source.previous(), source.newest(), 1.0f, source.size(), camera, look, 0, 0, width, height);
    std::vector<unsigned char> rgba(std::size_t(width) * std::size_t(height) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    return rgba;
}

double meanDifference(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b) {
    double sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) sum += std::abs(int(a[i]) - int(b[i]));
    return sum / double(a.size());
}

TEST(CloudRender, RayMarcherDrawsTheCloudsAndFollowsTheSun) {
    REQUIRE_EGL();
    const cloud::CloudSize size{40, 40, 12};
    auto sim = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    cloud::CloudCells cells(size);
    for (int z = 3; z < 9; ++z)
        for (int y = 10; y < 30; ++y)
            for (int x = 8; x < 32; ++x) cells.at(x, y, z) = cloud::kCld; // a slab of cloud
    const CloudRenderer renderer;
    CloudVolumeSource empty(ViewUpload::HostOnly), cloudy(ViewUpload::HostOnly);
    empty.snapshot(*sim, 1);
    sim->load(cells);
    cloudy.snapshot(*sim, 1);

    const OrbitCamera camera;
    CloudLook look;
    const int w = 96, h = 64;
    const auto sky = drawFrame(renderer, empty, camera, look, w, h);
    const auto clouds = drawFrame(renderer, cloudy, camera, look, w, h);
    // Every pixel drawn (no clear colour left), the clouds change the picture.
    for (std::size_t i = 0; i < sky.size(); i += 4) ASSERT_FALSE(sky[i] == 255 && sky[i + 1] == 0 && sky[i + 2] == 255);
    EXPECT_GT(meanDifference(sky, clouds), 5.0);
    // The cloud is brighter in front of the sun than with the sun behind the camera: forward scattering.
    look.sunAzimuthDegrees = camera.yawDegrees + 180.0;
    look.sunElevationDegrees = 20.0;
    const auto ahead = drawFrame(renderer, cloudy, camera, look, w, h);
    look.sunAzimuthDegrees = camera.yawDegrees;
    look.sunElevationDegrees = 60.0;
    const auto behind = drawFrame(renderer, cloudy, camera, look, w, h);
    EXPECT_GT(meanDifference(ahead, behind), 3.0);
    // The same inputs draw the same picture.
    EXPECT_EQ(drawFrame(renderer, cloudy, camera, look, w, h), behind);
}

} // namespace
} // namespace catlab::render
