#pragma once

#include "render/cuda_gl_pixel_buffer.hpp"
#include "render/cuda_gl_volume_texture.hpp"
#include "render/gl_objects.hpp"
#include "render/view_source.hpp"

#include "catlab/cloud/cloud_simulation.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace catlab::render {

// The cloud density as two 3D textures (R8, one texel per cell, x y z as in the engine): the newest
// snapshot and the one before, which the ray marcher blends so that motion looks smooth between
// simulation steps. For the CUDA backend the density goes from the engine's filter kernel into a
// registered pixel buffer and from there into the texture, never through the host: by a CUDA copy into
// the registered texture where the texture registers, else by a GL upload from the buffer. Otherwise (or
// when interop registration fails, which sets notice()) it is written to host memory and uploaded.
// Needs a current OpenGL 4.5 context for its whole life.
class CloudVolumeSource {
  public:
    explicit CloudVolumeSource(ViewUpload upload = ViewUpload::Auto);

    // The density of the simulation's current state (filter radius 0..3) becomes the newest snapshot;
    // the first snapshot after a size change fills both textures. Throws catlab::Error for a bad radius
    // or a CUDA failure.
    void snapshot(const cloud::CloudSimulation& simulation, int radius);

    GLuint previous() const { return textures_[1 - newest_].get(); }
    GLuint newest() const { return textures_[newest_].get(); }
    cloud::CloudSize size() const { return size_; }
    // Names the snapshot pair now held: different for every snapshot of every source in the process, so
    // that what is derived from the pair (occupancy, light) knows when it is out of date. 0 before the first.
    std::uint64_t snapshotId() const { return snapshotId_; }
    ViewPath lastPath() const { return lastPath_; }
    const std::string& notice() const { return notice_; }

  private:
    void resize(cloud::CloudSize size);
    bool writeThroughInterop(const cloud::CloudSimulation& simulation, int radius, int target);
    CudaGlVolumeTexture* registeredTexture(int target);
    void writeThroughHost(const cloud::CloudSimulation& simulation, int radius, GLuint texture);

    ViewUpload upload_;
    std::array<GlTexture, 2> textures_;
    int newest_ = 0;
    bool filled_ = false;
    cloud::CloudSize size_{};
    std::uint64_t snapshotId_ = 0;
    std::unique_ptr<CudaGlPixelBuffer> pixelBuffer_;
    std::array<std::unique_ptr<CudaGlVolumeTexture>, 2> registered_; // of textures_, where they register
    bool textureInteropFailed_ = false;
    bool interopFailed_ = false;
    std::vector<std::uint8_t> hostDensity_;
    ViewPath lastPath_ = ViewPath::None;
    std::string notice_;
};

} // namespace catlab::render
