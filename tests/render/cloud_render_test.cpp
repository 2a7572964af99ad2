// The cloud density into OpenGL and the ray marcher, headless through EGL: the 3D textures hold the
// engine's density bytes (through host memory, and on a CUDA machine through CUDA-GL interop, which
// must give the same texels), the previous snapshot is kept for blending, and the ray-marched picture
// shows the clouds and changes with the sun. Without EGL everything skips; without CUDA the interop
// test skips; each says why.
#include "render/cloud_light_volume.hpp"
#include "render/cloud_occupancy.hpp"
#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"
#include "render/egl_context.hpp"
#include "render/gl_objects.hpp"

#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_random.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
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

// A few small clouds, so that most bricks are clear.
cloud::CloudCells sparseCells(cloud::CloudSize size, std::uint32_t seed) {
    cloud::CloudCells cells(size);
    for (int z = 0; z < size.nz; ++z)
        for (int y = 0; y < size.ny; ++y)
            for (int x = 0; x < size.nx; ++x) {
                const cloud::Philox4 r =
                    cloud::philox4x32({{std::uint32_t(x), std::uint32_t(y), std::uint32_t(z), 2}}, seed, 0);
                if ((r.v[0] & 1023u) < 6) cells.at(x, y, z) = cloud::kCld;
            }
    return cells;
}

TEST(CloudRender, OccupancyHoldsTheLargestDensityOfEachBrickAndItsApron) {
    REQUIRE_EGL();
    const cloud::CloudSize size{37, 21, 19}; // partial bricks and regions on every side
    auto sim = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    const cloud::CloudCells first = sparseCells(size, 1), second = sparseCells(size, 2);
    sim->load(first);
    CloudVolumeSource source(ViewUpload::HostOnly);
    source.snapshot(*sim, 1);
    sim->load(second);
    source.snapshot(*sim, 1);
    const std::vector<std::uint8_t> a = cloud::cloudDensity(first, 1), b = cloud::cloudDensity(second, 1);
    auto density = [&](int x, int y, int z) {
        if (x < 0 || y < 0 || z < 0 || x >= size.nx || y >= size.ny || z >= size.nz) return 0;
        const std::size_t i = (std::size_t(z) * size.ny + y) * size.nx + x;
        return int(std::max(a[i], b[i]));
    };
    // The largest density of either snapshot over side^3 cells at corner*side, widened by `apron` cells.
    auto largest = [&](int cx, int cy, int cz, int side, int apron) {
        int m = 0;
        for (int z = cz * side - apron; z < (cz + 1) * side + apron; ++z)
            for (int y = cy * side - apron; y < (cy + 1) * side + apron; ++y)
                for (int x = cx * side - apron; x < (cx + 1) * side + apron; ++x) m = std::max(m, density(x, y, z));
        return m;
    };
    auto readBack = [](GLuint texture, int nx, int ny, int nz) {
        std::vector<std::uint8_t> bytes(std::size_t(nx) * ny * nz);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTextureImage(texture, 0, GL_RED, GL_UNSIGNED_BYTE, GLsizei(bytes.size()), bytes.data());
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        return bytes;
    };
    CloudOccupancy occupancy;
    occupancy.build(source.previous(), source.newest(), size);
    const auto bricks = readBack(occupancy.bricks(), 10, 6, 5);
    const auto regions = readBack(occupancy.regions(), 3, 2, 2);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    int clearBricks = 0;
    for (int z = 0; z < 5; ++z)
        for (int y = 0; y < 6; ++y)
            for (int x = 0; x < 10; ++x) {
                const int expected = largest(x, y, z, 4, 1);
                EXPECT_EQ(bricks[(std::size_t(z) * 6 + y) * 10 + x], expected) << "brick " << x << "," << y << "," << z;
                clearBricks += expected == 0 ? 1 : 0;
            }
    EXPECT_GT(clearBricks, 0) << "the pattern should leave some bricks clear";
    for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 2; ++y)
            for (int x = 0; x < 3; ++x)
                EXPECT_EQ(regions[(std::size_t(z) * 2 + y) * 3 + x], largest(x, y, z, 16, 1))
                    << "region " << x << "," << y << "," << z;
}

// Texels of a float texture with `channels` channels (GL_RG or GL_RGBA), x fastest.
std::vector<float> floatTexels(GLuint texture, GLenum format, int channels, int nx, int ny, int nz) {
    std::vector<float> values(std::size_t(nx) * ny * nz * channels);
    glGetTextureImage(texture, 0, format, GL_FLOAT, GLsizei(values.size() * sizeof(float)), values.data());
    return values;
}

TEST(CloudRender, LightVolumesHoldTheDepthTowardTheSunTheZenithAndTheGround) {
    REQUIRE_EGL();
    // A flat layer of full density, cells z = 4..7, under an empty previous snapshot.
    const cloud::CloudSize size{40, 36, 16};
    auto sim = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    CloudVolumeSource source(ViewUpload::HostOnly);
    source.snapshot(*sim, 0);
    cloud::CloudCells layer(size);
    for (int z = 4; z < 8; ++z)
        for (int y = 0; y < size.ny; ++y)
            for (int x = 0; x < size.nx; ++x) layer.at(x, y, z) = cloud::kCld;
    sim->load(layer);
    source.snapshot(*sim, 0);
    CloudOccupancy occupancy;
    occupancy.build(source.previous(), source.newest(), size);
    CloudLightVolume light;
    const float cutoff = 0.12f, limit = 1000.0f;
    const int lx = 20, ly = 18, lz = 8; // a texel per 2^3 cells
    const int tx = 10, ty = 9;          // a column well inside the layer: texel centres at x = 21, y = 19
    auto at = [&](int k, int channels) { return ((std::size_t(k) * ly + ty) * lx + tx) * channels; };

    light.build(source.previous(), source.newest(), occupancy, size, sunDirection(0.0, 90.0), cutoff, limit);
    const std::vector<float> overhead = floatTexels(light.sunDepth(), GL_RG, 2, lx, ly, lz);
    const std::vector<float> sky = floatTexels(light.skyDepth(), GL_RGBA, 4, lx, ly, lz);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    // Texel k's centre is at height 2k + 1: the layer's cells at or above it lie above, the rest below.
    const float above[] = {4, 4, 3, 1, 0}, below[] = {0, 0, 1, 3, 4};
    for (int k = 0; k < 5; ++k) {
        EXPECT_FLOAT_EQ(sky[at(k, 4) + 0], 0.0f) << "the previous snapshot is clear, k " << k;
        EXPECT_NEAR(sky[at(k, 4) + 1], above[k], 0.01) << "above, k " << k;
        EXPECT_FLOAT_EQ(sky[at(k, 4) + 2], 0.0f);
        EXPECT_NEAR(sky[at(k, 4) + 3], below[k], 0.01) << "below, k " << k;
        EXPECT_FLOAT_EQ(overhead[at(k, 2) + 0], 0.0f);
        // The sun march samples the filtered density, whose edges ramp over a cell.
        EXPECT_NEAR(overhead[at(k, 2) + 1], above[k], 0.3) << "toward the sun overhead, k " << k;
    }
    // A sun 30 degrees up sees the layer along a path twice as long.
    light.build(source.previous(), source.newest(), occupancy, size, sunDirection(0.0, 30.0), cutoff, limit);
    const std::vector<float> slanted = floatTexels(light.sunDepth(), GL_RG, 2, lx, ly, lz);
    for (int k = 0; k < 5; ++k)
        EXPECT_NEAR(slanted[at(k, 2) + 1], 2 * above[k], 1.0) << "toward the sun 30 degrees up, k " << k;
    // The march stops once both depths pass the limit: a deep layer reads as about the limit.
    light.build(source.previous(), source.newest(), occupancy, size, sunDirection(0.0, 30.0), cutoff, 2.0f);
    const std::vector<float> limited = floatTexels(light.sunDepth(), GL_RG, 2, lx, ly, lz);
    EXPECT_GE(limited[at(0, 2) + 1], 2.0f);
    EXPECT_LT(limited[at(0, 2) + 1], 4.5f);
}

// Draws into an RGBA8 framebuffer and reads it back.
std::vector<unsigned char> drawFrame(CloudRenderer& renderer, const CloudVolumeSource& source,
                                     const OrbitCamera& camera, const CloudLook& look, int width, int height,
                                     float blend = 1.0f) {
    GlTexture colour = createTexture(GL_TEXTURE_2D);
    glTextureStorage2D(colour.get(), 1, GL_RGBA8, width, height);
    GlFramebuffer framebuffer = createFramebuffer();
    glNamedFramebufferTexture(framebuffer.get(), GL_COLOR_ATTACHMENT0, colour.get(), 0);
    EXPECT_EQ(glCheckNamedFramebufferStatus(framebuffer.get(), GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.get());
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    renderer.draw(source, blend, camera, look, 0, 0, width, height);
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
    CloudRenderer renderer;
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

// How far two RGBA frames are apart, per colour channel (alpha left out).
struct FrameDifference {
    double mean = 0; // mean absolute difference
    int p99 = 0;     // 99th percentile of the absolute differences
};

FrameDifference difference(const std::vector<unsigned char>& a, const std::vector<unsigned char>& b) {
    std::vector<int> d;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (i % 4 != 3) d.push_back(std::abs(int(a[i]) - int(b[i])));
    FrameDifference result;
    for (int v : d) result.mean += v;
    result.mean /= double(d.size());
    std::sort(d.begin(), d.end());
    result.p99 = d[d.size() * 99 / 100];
    return result;
}

// Clouds grown by the automaton itself (cpu backend, so it runs everywhere) from the default source:
// two snapshots a few steps apart, blended halfway as the window draws between steps.
struct GrownClouds {
    std::unique_ptr<cloud::CloudSimulation> simulation;
    CloudVolumeSource source{ViewUpload::HostOnly};
};

GrownClouds growClouds(cloud::CloudSize size) {
    cloud::CloudParams params;
    params.sources = {cloud::defaultCloudSource(size.nx, size.ny, size.nz)};
    params.wind = {0.2, 0.0, 0.6, 0.2};
    GrownClouds clouds{cloud::makeCloudSimulation("cpu", size, params)};
    clouds.simulation->step(240);
    clouds.source.snapshot(*clouds.simulation, 1);
    clouds.simulation->step(2);
    clouds.source.snapshot(*clouds.simulation, 1);
    return clouds;
}

TEST(CloudRender, FastMarchStaysCloseToTheBruteForceReference) {
    REQUIRE_EGL();
    const cloud::CloudSize size{72, 56, 20};
    GrownClouds clouds = growClouds(size);
    ASSERT_GT(clouds.simulation->counts().cld, 2000) << "the automaton should have grown clouds";
    CloudRenderer renderer;
    OrbitCamera camera;
    camera.distance = 1.4; // the clouds fill much of the frame
    CloudLook fast;
    CloudLook reference = fast;
    reference.march = CloudMarch::Reference;
    const int w = 160, h = 96;
    const auto fastFrame = drawFrame(renderer, clouds.source, camera, fast, w, h, 0.5f);
    const auto referenceFrame = drawFrame(renderer, clouds.source, camera, reference, w, h, 0.5f);

    // What the clouds change in the picture: against the same sky with no clouds at all.
    CloudVolumeSource clear(ViewUpload::HostOnly);
    auto empty = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    clear.snapshot(*empty, 1);
    const FrameDifference cloudsVsSky = difference(drawFrame(renderer, clear, camera, reference, w, h), referenceFrame);
    ASSERT_GT(cloudsVsSky.mean, 12.0) << "the clouds should cover a good part of the frame";

    // The fast march differs from the reference where its approximations show: the light volumes'
    // two-cell texels blur shadows and sky light over about a cell, its view steps are a cell (two in
    // clear air and deep inside) where the reference's are half a cell, and its rays stop at 1%
    // transmittance. On Mesa's llvmpipe this frame measures a mean of 0.7 levels and a 99th percentile of
    // 12; the bounds leave about twice that for other GPUs' filtering, and stay a small fraction of what
    // the clouds themselves change.
    const FrameDifference fastVsReference = difference(fastFrame, referenceFrame);
    EXPECT_LT(fastVsReference.mean, 1.5) << "clouds change the picture by " << cloudsVsSky.mean << " on average";
    EXPECT_LE(fastVsReference.p99, 24);
    EXPECT_LT(fastVsReference.mean, 0.1 * cloudsVsSky.mean);
    // Rays per 2x2 pixels (frames beyond 4K by default) add the softening of a ray's width: on llvmpipe a mean
    // of 1.3 and a 99th percentile of 25 here, still well inside what a wrong picture gives (below).
    CloudLook perQuad = fast;
    perQuad.rayStride = 2;
    const FrameDifference quadsVsReference =
        difference(drawFrame(renderer, clouds.source, camera, perQuad, w, h, 0.5f), referenceFrame);
    EXPECT_LT(quadsVsReference.mean, 2.5);
    EXPECT_LE(quadsVsReference.p99, 40);
    EXPECT_LT(quadsVsReference.mean, 0.15 * cloudsVsSky.mean);

    // The bounds, the looser ones of rays per 2x2 pixels too, are far too tight for a picture that is
    // wrong: the reference lit from elsewhere or without the light of multiple scattering fails them.
    const auto wrongPicture = [&](const CloudLook& look) {
        const FrameDifference d =
            difference(drawFrame(renderer, clouds.source, camera, look, w, h, 0.5f), referenceFrame);
        EXPECT_GT(d.mean, 2.5);
        EXPECT_GT(d.p99, 40);
        return d;
    };
    CloudLook turned = reference;
    turned.sunAzimuthDegrees += 150.0;
    const FrameDifference wrongSun = wrongPicture(turned);
    CloudLook single = reference;
    single.scatteringOctaves = 1;
    const FrameDifference singleScattering = wrongPicture(single);
    std::cout << "fast vs reference: mean " << fastVsReference.mean << ", p99 " << fastVsReference.p99
              << "; per 2x2 pixels: mean " << quadsVsReference.mean << ", p99 " << quadsVsReference.p99
              << "; clouds vs sky: mean " << cloudsVsSky.mean << "; sun turned: mean " << wrongSun.mean << ", p99 "
              << wrongSun.p99 << "; single scattering: mean " << singleScattering.mean << ", p99 "
              << singleScattering.p99 << '\n';
}

TEST(CloudRender, RaysPerTwoByTwoPixelsStayCloseToRaysThroughEveryPixel) {
    REQUIRE_EGL();
    const cloud::CloudSize size{72, 56, 20};
    GrownClouds clouds = growClouds(size);
    CloudRenderer renderer;
    OrbitCamera camera;
    camera.distance = 1.4;
    CloudLook everyPixel;
    everyPixel.rayStride = 1;
    CloudLook perQuad = everyPixel;
    perQuad.rayStride = 2;
    const int w = 161, h = 97; // odd: the last column and row of rays sit on the frame's edge
    const auto full = drawFrame(renderer, clouds.source, camera, everyPixel, w, h, 0.5f);
    const auto quads = drawFrame(renderer, clouds.source, camera, perQuad, w, h, 0.5f);

    // The sky alone is drawn per pixel either way: the same picture, the sun's disc included.
    CloudVolumeSource clear(ViewUpload::HostOnly);
    auto empty = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    clear.snapshot(*empty, 1);
    const auto sky = drawFrame(renderer, clear, camera, everyPixel, w, h);
    EXPECT_EQ(drawFrame(renderer, clear, camera, perQuad, w, h), sky);

    // With clouds, a quarter of the rays softens their detail over a ray's width and no more.
    const FrameDifference quadsVsFull = difference(quads, full);
    const FrameDifference cloudsVsSky = difference(full, sky);
    ASSERT_GT(cloudsVsSky.mean, 12.0) << "the clouds should cover a good part of the frame";
    EXPECT_GT(quadsVsFull.mean, 0.0) << "rays per 2x2 pixels should not be rays through every pixel";
    EXPECT_LT(quadsVsFull.mean, 0.1 * cloudsVsSky.mean);
    EXPECT_LE(quadsVsFull.p99, 32);
    std::cout << "rays per 2x2 pixels vs every pixel: mean " << quadsVsFull.mean << ", p99 " << quadsVsFull.p99
              << "; clouds vs sky: mean " << cloudsVsSky.mean << '\n';

    // The default casts a ray through every pixel up to 4K, and per 2x2 pixels beyond.
    const CloudLook automatic;
    EXPECT_EQ(CloudRenderer::rayStrideFor(automatic, 1920, 1080), 1);
    EXPECT_EQ(CloudRenderer::rayStrideFor(automatic, 3840, 2160), 1);
    EXPECT_EQ(CloudRenderer::rayStrideFor(automatic, 3840, 2161), 2);
    EXPECT_EQ(CloudRenderer::rayStrideFor(automatic, 7680, 4320), 2);
    CloudLook reference;
    reference.march = CloudMarch::Reference;
    reference.rayStride = 2;
    EXPECT_EQ(CloudRenderer::rayStrideFor(reference, 3840, 2160), 1);
}

TEST(CloudRender, OccupancySkipsOnlyClearAir) {
    REQUIRE_EGL();
    // A single small cloud: the fast march, which skips whole clear bricks, still finds it, and where
    // the cutoff clears every brick it draws exactly the empty sky.
    const cloud::CloudSize size{50, 34, 18};
    auto sim = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    cloud::CloudCells cells(size);
    for (int z = 7; z < 10; ++z)
        for (int y = 15; y < 18; ++y)
            for (int x = 23; x < 27; ++x) cells.at(x, y, z) = cloud::kCld;
    sim->load(cells);
    CloudVolumeSource cloudy(ViewUpload::HostOnly), clear(ViewUpload::HostOnly);
    cloudy.snapshot(*sim, 1);
    sim->load(cloud::CloudCells(size));
    clear.snapshot(*sim, 1);
    CloudRenderer renderer;
    OrbitCamera camera;
    camera.distance = 0.9;
    CloudLook look;
    const int w = 96, h = 64;
    const auto sky = drawFrame(renderer, clear, camera, look, w, h);
    const auto fast = drawFrame(renderer, cloudy, camera, look, w, h);
    CloudLook reference = look;
    reference.march = CloudMarch::Reference;
    const auto brute = drawFrame(renderer, cloudy, camera, reference, w, h);
    const double seen = meanDifference(sky, brute);
    EXPECT_GT(seen, 0.5) << "the small cloud should show";
    EXPECT_GT(meanDifference(sky, fast), 0.6 * seen);
    EXPECT_LT(meanDifference(fast, brute), 0.3 * seen);
    look.cutoff = 0.95; // above every density: all clear
    EXPECT_EQ(drawFrame(renderer, cloudy, camera, look, w, h), sky);
}

TEST(CloudRender, AFrameOfTheNewestSnapshotAloneIgnoresThePreviousOne) {
    REQUIRE_EGL();
    // The occupancy covers both snapshots, so what the fast march skips depends on the previous one;
    // at blend 1 the picture must not (a recorded frame shows one state).
    const cloud::CloudSize size{44, 38, 14};
    GrownClouds clouds = growClouds(size);
    auto other = cloud::makeCloudSimulation("cpu", size, cloud::CloudParams{});
    other->load(patternCells(size, 9)); // haze and cloud everywhere: nothing of it can be skipped
    CloudVolumeSource afterOther(ViewUpload::HostOnly), alone(ViewUpload::HostOnly);
    afterOther.snapshot(*other, 1);
    afterOther.snapshot(*clouds.simulation, 1);
    alone.snapshot(*clouds.simulation, 1);
    CloudRenderer renderer;
    const OrbitCamera camera;
    const CloudLook look;
    const auto expected = drawFrame(renderer, alone, camera, look, 96, 64);
    EXPECT_EQ(drawFrame(renderer, afterOther, camera, look, 96, 64), expected);
    EXPECT_GT(meanDifference(drawFrame(renderer, afterOther, camera, look, 96, 64, 0.0f), expected), 1.0)
        << "at blend 0 the previous snapshot shows";
}

TEST(CloudRender, LightingFollowsTheLookKnobs) {
    REQUIRE_EGL();
    const cloud::CloudSize size{48, 40, 16};
    GrownClouds clouds = growClouds(size);
    CloudRenderer renderer;
    const OrbitCamera camera;
    const int w = 96, h = 64;
    CloudLook look;
    const auto base = drawFrame(renderer, clouds.source, camera, look, w, h);
    auto brightness = [](const std::vector<unsigned char>& rgba) {
        double sum = 0;
        for (std::size_t i = 0; i < rgba.size(); ++i)
            if (i % 4 != 3) sum += rgba[i];
        return sum / double(rgba.size());
    };
    // More scattering octaves let more light through: the clouds get brighter.
    CloudLook single = look;
    single.scatteringOctaves = 1;
    EXPECT_LT(brightness(drawFrame(renderer, clouds.source, camera, single, w, h)), brightness(base));
    // No sky and no ground light: darker.
    CloudLook unlit = look;
    unlit.skyLight = 0.0;
    unlit.groundLight = 0.0;
    EXPECT_LT(brightness(drawFrame(renderer, clouds.source, camera, unlit, w, h)), brightness(base));
    // A moved sun rebuilds the light volume: the picture changes, and moving it back restores it.
    CloudLook moved = look;
    moved.sunElevationDegrees = 70.0;
    EXPECT_GT(meanDifference(drawFrame(renderer, clouds.source, camera, moved, w, h), base), 0.5);
    EXPECT_EQ(drawFrame(renderer, clouds.source, camera, look, w, h), base);
}

} // namespace
} // namespace catlab::render
