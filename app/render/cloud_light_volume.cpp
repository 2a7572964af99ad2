#include "render/cloud_light_volume.hpp"
#include "render/gl_program.hpp"
#include "render/volume_texture.hpp"

namespace catlab::render {
namespace {

constexpr int kSunLocal = 4; // work group side of the sun pass (4^3 texels)
constexpr int kSkyLocal = 8; // work group side of the sky pass (8^2 columns)

} // namespace

CloudLightVolume::CloudLightVolume()
    : sunProgram_(buildComputeProgram({"cloud_volume.glsl", "cloud_sun_light.comp.glsl"})),
      skyProgram_(buildComputeProgram({"cloud_volume.glsl", "cloud_sky_light.comp.glsl"})) {
    sunCells_ = uniformLocation(sunProgram_, "u_cells");
    sunCutoff_ = uniformLocation(sunProgram_, "u_cutoff");
    sunDirection_ = uniformLocation(sunProgram_, "u_sunDirection");
    depthLimit_ = uniformLocation(sunProgram_, "u_depthLimit");
    skyCells_ = uniformLocation(skyProgram_, "u_cells");
    skyCutoff_ = uniformLocation(skyProgram_, "u_cutoff");
}

void CloudLightVolume::build(GLuint previous, GLuint newest, const CloudOccupancy& occupancy, cloud::CloudSize size,
                             Vec3 sun, float cutoff, float depthLimit) {
    const int lx = texelsFor(size.nx, kLightCells), ly = texelsFor(size.ny, kLightCells),
              lz = texelsFor(size.nz, kLightCells);
    if (!sunDepth_ || !(size == size_)) {
        sunDepth_ = createVolumeTexture(GL_RG16F, lx, ly, lz, GL_LINEAR);
        skyDepth_ = createVolumeTexture(GL_RGBA16F, lx, ly, lz, GL_LINEAR);
        size_ = size;
    }
    glBindTextureUnit(0, previous);
    glBindTextureUnit(1, newest);
    glBindTextureUnit(2, occupancy.bricks());
    glBindTextureUnit(3, occupancy.regions());

    const GLuint sunProgram = sunProgram_.get();
    glUseProgram(sunProgram);
    glProgramUniform3i(sunProgram, sunCells_, size.nx, size.ny, size.nz);
    glProgramUniform1f(sunProgram, sunCutoff_, cutoff);
    glProgramUniform3fv(sunProgram, sunDirection_, 1, sun.data());
    glProgramUniform1f(sunProgram, depthLimit_, depthLimit);
    glBindImageTexture(0, sunDepth_.get(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RG16F);
    glDispatchCompute(groupsFor(lx, kSunLocal), groupsFor(ly, kSunLocal), groupsFor(lz, kSunLocal));

    const GLuint skyProgram = skyProgram_.get();
    glUseProgram(skyProgram);
    glProgramUniform3i(skyProgram, skyCells_, size.nx, size.ny, size.nz);
    glProgramUniform1f(skyProgram, skyCutoff_, cutoff);
    glBindImageTexture(0, skyDepth_.get(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA16F);
    glDispatchCompute(groupsFor(lx, kSkyLocal), groupsFor(ly, kSkyLocal), 1);
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);

    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    for (GLuint unit : {0u, 1u, 2u, 3u}) glBindTextureUnit(unit, 0);
    glUseProgram(0);
}

} // namespace catlab::render
