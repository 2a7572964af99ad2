#pragma once

#include "render/gl_objects.hpp"
#include "render/orbit_camera.hpp"

#include "catlab/cloud/cloud_size.hpp"

namespace catlab::render {

// How the clouds look.
struct CloudLook {
    double sunAzimuthDegrees = 35.0;
    double sunElevationDegrees = 30.0;
    double densityScale = 1.0; // extinction of full density per cell width
    double cutoff = 0.12;      // densities below this draw as clear sky (lone cloud cells are haze otherwise)
    int maxSteps = 384;        // samples along a view ray, at most (about one per cell)
    int lightSteps = 6;        // samples toward the sun, for the shadow of each view sample
};

// Ray marches the cloud density through the current framebuffer's viewport: Beer-Lambert extinction
// along the view ray, single scattering of sunlight (Henyey-Greenstein phase) attenuated by a march
// toward the sun, sky light as ambient, and the sky (with the sun's disc) behind. The volume is centred
// on the origin, its longest side 1. Needs a current OpenGL 4.5 core context for its whole life, and
// touches only GL state it sets itself (program, vertex array, texture units 0 and 1, viewport).
class CloudRenderer {
  public:
    CloudRenderer(); // throws catlab::Error when the shaders do not build
    CloudRenderer(CloudRenderer&&) = default;
    CloudRenderer& operator=(CloudRenderer&&) = default;

    // Blends the 3D textures `previous` and `newest` (R8 density, size cells) by `blend` in 0..1 and
    // draws the picture into the rectangle (x, y, width, height) of the framebuffer.
    void draw(GLuint previous, GLuint newest, float blend, cloud::CloudSize size, const OrbitCamera& camera,
              const CloudLook& look, int x, int y, int width, int height) const;

  private:
    GlProgram program_;
    GlVertexArray vertexArray_;
    GLint viewport_ = -1, blend_ = -1, boxSize_ = -1, cellSize_ = -1, cameraPosition_ = -1, cameraForward_ = -1,
          cameraRight_ = -1, cameraUp_ = -1, tanHalfFov_ = -1, sunDirection_ = -1, densityScale_ = -1, cutoff_ = -1,
          maxSteps_ = -1, lightSteps_ = -1;
};

} // namespace catlab::render
