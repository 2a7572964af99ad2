#pragma once

#include "render/cloud_occupancy.hpp"
#include "render/gl_objects.hpp"
#include "render/orbit_camera.hpp"

#include "catlab/cloud/cloud_size.hpp"

namespace catlab::render {

// The light volumes of the cloud, one texel per 2^3 cells, computed on the GPU so that the view march
// reads a point's shadow with one filtered fetch: the optical depth toward the sun (RG16F: previous,
// newest snapshot; marched with the occupancy pyramid skipping clear air) and toward the zenith and the
// ground (RGBA16F: above previous, above newest, below previous, below newest; one column walk each).
// Depths are density x cells, before the extinction scale, and linear in density, so the march blends
// the snapshots' depths as it blends the snapshots. Needs a current OpenGL 4.5 context for its whole life.
class CloudLightVolume {
  public:
    static constexpr int kLightCells = 2; // cells per texel side, as in shaders/cloud_volume.glsl

    CloudLightVolume(); // throws catlab::Error when the shaders do not build

    // Recomputes both volumes for the two R8 density textures of `size` cells and their occupancy.
    // `sun` is the unit vector toward the sun; the sun march stops once both depths pass depthLimit.
    void build(GLuint previous, GLuint newest, const CloudOccupancy& occupancy, cloud::CloudSize size, Vec3 sun,
               float cutoff, float depthLimit);

    GLuint sunDepth() const { return sunDepth_.get(); }
    GLuint skyDepth() const { return skyDepth_.get(); }

  private:
    GlProgram sunProgram_, skyProgram_;
    GLint sunCells_ = -1, sunCutoff_ = -1, sunDirection_ = -1, depthLimit_ = -1, skyCells_ = -1, skyCutoff_ = -1;
    GlTexture sunDepth_, skyDepth_;
    cloud::CloudSize size_{};
};

} // namespace catlab::render
