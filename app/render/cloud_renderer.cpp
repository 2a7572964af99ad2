#include "render/cloud_renderer.hpp"
#include "render/blue_noise.hpp"
#include "render/gl_program.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace catlab::render {
namespace {

constexpr int kBlueNoiseSide = 64;
constexpr std::uint32_t kBlueNoiseSeed = 1;

// The blue-noise ranks as offsets in 0..1 (R32F, fetched per pixel, repeating every 64 pixels).
GlTexture createBlueNoiseTexture() {
    const std::vector<std::uint32_t> ranks = blueNoiseRanks(kBlueNoiseSide, kBlueNoiseSeed);
    std::vector<float> offsets(ranks.size());
    std::transform(ranks.begin(), ranks.end(), offsets.begin(),
                   [](std::uint32_t r) { return (float(r) + 0.5f) / float(kBlueNoiseSide * kBlueNoiseSide); });
    GlTexture texture = createTexture(GL_TEXTURE_2D);
    glTextureStorage2D(texture.get(), 1, GL_R32F, kBlueNoiseSide, kBlueNoiseSide);
    glTextureParameteri(texture.get(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(texture.get(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glTextureSubImage2D(texture.get(), 0, 0, 0, kBlueNoiseSide, kBlueNoiseSide, GL_RED, GL_FLOAT, offsets.data());
    return texture;
}

float clampedCutoff(const CloudLook& look) { return float(std::clamp(look.cutoff, 0.0, 0.95)); }
float clampedDensityScale(const CloudLook& look) { return float(std::clamp(look.densityScale, 0.0, 100.0)); }
int clampedOctaves(const CloudLook& look) { return std::clamp(look.scatteringOctaves, 1, 4); }
float clampedFalloff(const CloudLook& look) { return float(std::clamp(look.octaveFalloff, 0.05, 1.0)); }

// Past this optical depth toward the sun (density x cells) even the faintest octave is below 1e-3.
float sunDepthLimit(const CloudLook& look) {
    const float faintest = clampedDensityScale(look) * std::pow(clampedFalloff(look), float(clampedOctaves(look) - 1));
    return faintest > 0 ? std::min(7.0f / faintest, 60000.0f) : 60000.0f; // half floats reach 65504
}

} // namespace

CloudRenderer::CloudRenderer()
    : program_(buildComputeProgram({"cloud_volume.glsl", "cloud_view.glsl", "cloud_march.comp.glsl"})),
      compositeProgram_(
          buildProgram("view.vert.glsl", {"glsl_version.glsl", "cloud_view.glsl", "cloud_composite.frag.glsl"})),
      vertexArray_(createVertexArray()), blueNoise_(createBlueNoiseTexture()), marchView_(viewUniformsOf(program_)),
      compositeView_(viewUniformsOf(compositeProgram_)) {
    blend_ = uniformLocation(program_, "u_blend");
    cells_ = uniformLocation(program_, "u_cells");
    cameraCells_ = uniformLocation(program_, "u_cameraCells");
    densityScale_ = uniformLocation(program_, "u_densityScale");
    cutoff_ = uniformLocation(program_, "u_cutoff");
    maxSteps_ = uniformLocation(program_, "u_maxSteps");
    stepCells_ = uniformLocation(program_, "u_stepCells");
    minTransmittance_ = uniformLocation(program_, "u_minTransmittance");
    reference_ = uniformLocation(program_, "u_reference");
    lobes_ = uniformLocation(program_, "u_lobes");
    octaves_ = uniformLocation(program_, "u_octaves");
    octaveFalloff_ = uniformLocation(program_, "u_octaveFalloff");
    skyLight_ = uniformLocation(program_, "u_skyLight");
    groundLight_ = uniformLocation(program_, "u_groundLight");
    powder_ = uniformLocation(program_, "u_powder");
}

CloudRenderer::ViewUniforms CloudRenderer::viewUniformsOf(const GlProgram& program) {
    ViewUniforms at;
    at.viewport = uniformLocation(program, "u_viewport");
    at.pixelScale = uniformLocation(program, "u_pixelScale");
    at.frameSize = uniformLocation(program, "u_frameSize");
    at.cameraForward = uniformLocation(program, "u_cameraForward");
    at.cameraRight = uniformLocation(program, "u_cameraRight");
    at.cameraUp = uniformLocation(program, "u_cameraUp");
    at.tanHalfFov = uniformLocation(program, "u_tanHalfFovY");
    at.sunDirection = uniformLocation(program, "u_sunDirection");
    return at;
}

int CloudRenderer::rayStrideFor(const CloudLook& look, int width, int height) {
    if (look.march == CloudMarch::Reference) return 1;
    if (look.rayStride == 1 || look.rayStride == 2) return look.rayStride;
    return (long long)width * height > kFullRateRayPixels ? 2 : 1;
}

void CloudRenderer::draw(const CloudVolumeSource& source, float blend, const OrbitCamera& camera, const CloudLook& look,
                         int x, int y, int width, int height) {
    updateOccupancy(source, look);
    updateLight(source, look);
    march(source, blend, camera, look, x, y, width, height);
}

void CloudRenderer::updateOccupancy(const CloudVolumeSource& source, const CloudLook& look) {
    if (look.march == CloudMarch::Reference || source.snapshotId() == 0) return;
    if (occupancySnapshot_ == source.snapshotId()) return;
    occupancy_.build(source.previous(), source.newest(), source.size());
    occupancySnapshot_ = source.snapshotId();
}

void CloudRenderer::updateLight(const CloudVolumeSource& source, const CloudLook& look) {
    if (look.march == CloudMarch::Reference || source.snapshotId() == 0) return;
    updateOccupancy(source, look); // the sun march skips clear air with it
    const LightKey key{source.snapshotId(), sunDirection(look.sunAzimuthDegrees, look.sunElevationDegrees),
                       clampedCutoff(look), sunDepthLimit(look)};
    if (key == lightKey_) return;
    light_.build(source.previous(), source.newest(), occupancy_, source.size(), key.sun, key.cutoff, key.depthLimit);
    lightKey_ = key;
}

void CloudRenderer::march(const CloudVolumeSource& source, float blend, const OrbitCamera& camera,
                          const CloudLook& look, int x, int y, int width, int height) {
    if (width <= 0 || height <= 0 || source.size().nx <= 0) return;
    const int stride = rayStrideFor(look, width, height);
    ensureCloudTarget((width + stride - 1) / stride, (height + stride - 1) / stride);
    castRays(source, blend, camera, look, width, height, stride);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT); // the composite samples what the rays wrote
    composite(camera, look, x, y, width, height);
}

void CloudRenderer::ensureCloudTarget(int width, int height) {
    if (width == cloudTargetWidth_ && height == cloudTargetHeight_) return;
    cloudTarget_ = createTexture(GL_TEXTURE_2D);
    glTextureStorage2D(cloudTarget_.get(), 1, GL_RGBA16F, width, height);
    glTextureParameteri(cloudTarget_.get(), GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTextureParameteri(cloudTarget_.get(), GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTextureParameteri(cloudTarget_.get(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTextureParameteri(cloudTarget_.get(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    cloudTargetWidth_ = width;
    cloudTargetHeight_ = height;
}

void CloudRenderer::setViewUniforms(GLuint program, const ViewUniforms& at, const OrbitCamera& camera,
                                    const CloudLook& look, int x, int y, int width, int height, int stride) {
    const CameraFrame frame = cameraFrame(camera);
    const Vec3 sun = sunDirection(look.sunAzimuthDegrees, look.sunElevationDegrees);
    const int passWidth = (width + stride - 1) / stride, passHeight = (height + stride - 1) / stride;
    glProgramUniform4i(program, at.viewport, x, y, passWidth, passHeight);
    // A pass pixel spans width / passWidth frame pixels: with an odd side the last ray sits at the edge.
    glProgramUniform2f(program, at.pixelScale, float(width) / float(passWidth), float(height) / float(passHeight));
    glProgramUniform2f(program, at.frameSize, float(width), float(height));
    glProgramUniform3fv(program, at.cameraForward, 1, frame.forward.data());
    glProgramUniform3fv(program, at.cameraRight, 1, frame.right.data());
    glProgramUniform3fv(program, at.cameraUp, 1, frame.up.data());
    glProgramUniform1f(program, at.tanHalfFov, frame.tanHalfFovY);
    glProgramUniform3fv(program, at.sunDirection, 1, sun.data());
}

void CloudRenderer::castRays(const CloudVolumeSource& source, float blend, const OrbitCamera& camera,
                             const CloudLook& look, int width, int height, int stride) {
    const cloud::CloudSize size = source.size();
    const GLuint program = program_.get();
    const float longest = float(std::max({size.nx, size.ny, size.nz}));
    const CameraFrame frame = cameraFrame(camera);
    // World (the volume centred on the origin, its longest side 1) to cell coordinates.
    const Vec3 cameraCells{frame.position[0] * longest + 0.5f * float(size.nx),
                           frame.position[1] * longest + 0.5f * float(size.ny),
                           frame.position[2] * longest + 0.5f * float(size.nz)};
    const bool reference = look.march == CloudMarch::Reference;

    glUseProgram(program);
    setViewUniforms(program, marchView_, camera, look, 0, 0, width, height, stride);
    glProgramUniform1f(program, blend_, std::clamp(blend, 0.0f, 1.0f));
    glProgramUniform3i(program, cells_, size.nx, size.ny, size.nz);
    glProgramUniform3fv(program, cameraCells_, 1, cameraCells.data());
    glProgramUniform1f(program, densityScale_, clampedDensityScale(look));
    glProgramUniform1f(program, cutoff_, clampedCutoff(look));
    glProgramUniform1i(program, maxSteps_, std::clamp(look.maxSteps, 1, 8192));
    glProgramUniform1f(program, stepCells_, float(std::clamp(look.stepCells, 0.25, 4.0)));
    glProgramUniform1f(program, minTransmittance_, float(std::clamp(look.minTransmittance, 0.0, 0.5)));
    glProgramUniform1i(program, reference_, reference ? 1 : 0);
    glProgramUniform3f(program, lobes_, float(std::clamp(look.forwardEccentricity, 0.0, 0.95)),
                       float(std::clamp(look.backEccentricity, -0.95, 0.0)),
                       float(std::clamp(look.forwardWeight, 0.0, 1.0)));
    glProgramUniform1i(program, octaves_, clampedOctaves(look));
    glProgramUniform1f(program, octaveFalloff_, clampedFalloff(look));
    glProgramUniform1f(program, skyLight_, float(std::clamp(look.skyLight, 0.0, 4.0)));
    glProgramUniform1f(program, groundLight_, float(std::clamp(look.groundLight, 0.0, 4.0)));
    glProgramUniform1f(program, powder_, float(std::clamp(look.powder, 0.0, 1.0)));
    glBindTextureUnit(0, source.previous());
    glBindTextureUnit(1, source.newest());
    glBindTextureUnit(2, reference ? 0 : occupancy_.bricks());
    glBindTextureUnit(3, reference ? 0 : occupancy_.regions());
    glBindTextureUnit(4, reference ? 0 : light_.sunDepth());
    glBindTextureUnit(5, reference ? 0 : light_.skyDepth());
    glBindTextureUnit(6, blueNoise_.get());
    glBindImageTexture(0, cloudTarget_.get(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    constexpr GLuint kGroup = 8; // local_size of cloud_march.comp.glsl
    glDispatchCompute((GLuint(cloudTargetWidth_) + kGroup - 1) / kGroup,
                      (GLuint(cloudTargetHeight_) + kGroup - 1) / kGroup, 1);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    for (GLuint unit = 0; unit <= 6; ++unit) glBindTextureUnit(unit, 0);
    glUseProgram(0);
}

void CloudRenderer::composite(const OrbitCamera& camera, const CloudLook& look, int x, int y, int width, int height) {
    const GLuint program = compositeProgram_.get();
    glViewport(x, y, width, height);
    glUseProgram(program);
    setViewUniforms(program, compositeView_, camera, look, x, y, width, height, 1);
    glBindTextureUnit(0, cloudTarget_.get());
    glBindVertexArray(vertexArray_.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTextureUnit(0, 0);
    glUseProgram(0);
}

} // namespace catlab::render
