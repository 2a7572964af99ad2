#pragma once

#include "render/cloud_light_volume.hpp"
#include "render/cloud_occupancy.hpp"
#include "render/cloud_volume_source.hpp"
#include "render/gl_objects.hpp"
#include "render/orbit_camera.hpp"

#include <array>
#include <cstdint>

namespace catlab::render {

// How the view ray is marched: fast (empty-space skipping, adaptive steps, early termination, light from
// the light volumes) or the brute-force reference it approximates (fixed half-cell steps, a march toward
// the sun, the zenith and the ground from every sample).
enum class CloudMarch { Fast, Reference };

// Frames up to this many pixels (3840x2160) get a ray through every pixel by default.
inline constexpr long long kFullRateRayPixels = 3840LL * 2160;

// How the clouds look.
struct CloudLook {
    double sunAzimuthDegrees = 35.0;
    double sunElevationDegrees = 30.0;
    double densityScale = 1.0; // extinction of full density per cell width
    double cutoff = 0.12;      // densities below this draw as clear sky (lone cloud cells are haze otherwise)

    CloudMarch march = CloudMarch::Fast;
    int maxSteps = 768;             // the fast view step is at least the path through the volume / this
    double stepCells = 1.0;         // the fast view step near cloud, in cells (0.25..4)
    double minTransmittance = 0.01; // the fast march stops once less than this of the background shows
    // Rays of the fast march: 1 through every pixel, 2 through every 2x2 pixels (their light filtered up
    // to each pixel over its own sky), 0 to choose: 1 up to kFullRateRayPixels pixels, else 2. The
    // reference casts one through every pixel.
    int rayStride = 0;

    double forwardEccentricity = 0.75; // the forward lobe of the phase: the silver lining around the sun
    double backEccentricity = -0.25;   // the back lobe: the glow of clouds with the sun behind the camera
    double forwardWeight = 0.7;        // share of the forward lobe
    int scatteringOctaves = 3;         // orders of scattering approximated (1 = single scattering; up to 4)
    double octaveFalloff = 0.5;        // per octave: scattering, extinction and eccentricity scale by this
    double skyLight = 1.0;             // strength of the sky light from above
    double groundLight = 1.0;          // strength of the light from the ground below
    double powder = 0.5;               // 0..1: darkening of thin cloud seen away from the sun
};

// Ray marches the cloud density through the current framebuffer's viewport: Beer-Lambert extinction
// along the view ray, sunlight scattered by a two-lobe Henyey-Greenstein phase with an octave
// approximation of multiple scattering, sky light from above and ground light from below, the sky (with
// the sun's disc) behind. The fast march uses the occupancy pyramid and the light volumes, which it
// rebuilds on the GPU when the source has a new snapshot (or the sun or the cutoff moved), and jitters
// each pixel's start by a blue-noise tile. The volume is centred on the origin, its longest side 1.
// The rays are cast by a compute pass into a texture of the clouds' light and transmittance, which a
// full-frame pass puts over each pixel's sky; large frames cast one ray per 2x2 pixels
// (CloudLook::rayStride). Needs a current OpenGL 4.5 core context for its whole life, and touches only
// GL state it sets itself (programs, vertex array, texture units 0..6, image units 0 and 1, viewport).
class CloudRenderer {
  public:
    CloudRenderer(); // throws catlab::Error when the shaders do not build
    CloudRenderer(CloudRenderer&&) = default;
    CloudRenderer& operator=(CloudRenderer&&) = default;

    // Draws the source's two snapshots blended by `blend` in 0..1 into the rectangle (x, y, width,
    // height) of the current framebuffer: updateOccupancy, updateLight, march.
    void draw(const CloudVolumeSource& source, float blend, const OrbitCamera& camera, const CloudLook& look, int x,
              int y, int width, int height);

    // The passes of draw, for timing each: each update does nothing when what it derives from is
    // unchanged or the look marches the reference way.
    void updateOccupancy(const CloudVolumeSource& source, const CloudLook& look);
    void updateLight(const CloudVolumeSource& source, const CloudLook& look);
    void march(const CloudVolumeSource& source, float blend, const OrbitCamera& camera, const CloudLook& look, int x,
               int y, int width, int height);

    // The ray stride `look` gives a frame of width x height pixels (see CloudLook::rayStride).
    static int rayStrideFor(const CloudLook& look, int width, int height);

  private:
    // Where the camera and the sun are, for a pass whose pixels are `pixelScale` frame pixels wide.
    struct ViewUniforms {
        GLint viewport = -1, pixelScale = -1, frameSize = -1, cameraForward = -1, cameraRight = -1, cameraUp = -1,
              tanHalfFov = -1, sunDirection = -1;
    };
    static ViewUniforms viewUniformsOf(const GlProgram& program);
    static void setViewUniforms(GLuint program, const ViewUniforms& at, const OrbitCamera& camera,
                                const CloudLook& look, int x, int y, int width, int height, int stride);
    // Casts the rays of a width x height frame, one per stride x stride pixels, into cloudTarget_: the
    // clouds' light and transmittance along each.
    void castRays(const CloudVolumeSource& source, float blend, const OrbitCamera& camera, const CloudLook& look,
                  int width, int height, int stride);
    void composite(const OrbitCamera& camera, const CloudLook& look, int x, int y, int width, int height);
    void ensureCloudTarget(int width, int height);

    // What the light volumes were last computed for.
    struct LightKey {
        std::uint64_t snapshot = 0;
        Vec3 sun{};
        float cutoff = -1, depthLimit = -1;
        bool operator==(const LightKey&) const = default;
    };

    GlProgram program_, compositeProgram_;
    GlVertexArray vertexArray_;
    GlTexture blueNoise_;
    ViewUniforms marchView_, compositeView_;
    GlTexture cloudTarget_; // light and transmittance along each ray (RGBA16F)
    int cloudTargetWidth_ = 0, cloudTargetHeight_ = 0;
    CloudOccupancy occupancy_;
    CloudLightVolume light_;
    std::uint64_t occupancySnapshot_ = 0;
    LightKey lightKey_;
    GLint blend_ = -1, cells_ = -1, cameraCells_ = -1, densityScale_ = -1, cutoff_ = -1, maxSteps_ = -1,
          stepCells_ = -1, minTransmittance_ = -1, reference_ = -1, lobes_ = -1, octaves_ = -1, octaveFalloff_ = -1,
          skyLight_ = -1, groundLight_ = -1, powder_ = -1;
};

} // namespace catlab::render
