#pragma once

#include "recording/camera_path.hpp"
#include "recording/scene.hpp"
#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"

#include "catlab/cloud/cloud_simulation.hpp"

namespace catlab::recording {

// The cloud automaton filmed along a camera path: each frame ray marches the density of the current
// state (written into the 3D texture through CUDA-GL interop for the cuda backend) as the camera sees
// it at that point of the path; advance() steps the simulation `stepsPerFrame` steps and moves the
// camera on. The simulation must outlive the scene; the GL context must be current for its whole life.
class CloudFlightScene final : public Scene {
  public:
    // `frames`: how many frames the path is spread over. Throws catlab::Error for a bad density radius
    // or steps per frame below 1.
    CloudFlightScene(cloud::CloudSimulation& simulation, const CameraPath& path, const render::CloudLook& look,
                     long long frames, int stepsPerFrame, int densityRadius,
                     render::ViewUpload upload = render::ViewUpload::Auto);

    void draw(const FrameTarget& target) override;
    void advance() override;
    // How the last density snapshot reached GL, and why not through interop where it applies.
    render::ViewPath uploadPath() const override { return source_.lastPath(); }
    const std::string& uploadNotice() const override { return source_.notice(); }

    // The camera of the frame draw() shows next.
    render::OrbitCamera camera() const { return path_.at(pathFraction(frame_, frames_)); }

  private:
    cloud::CloudSimulation& simulation_;
    CameraPath path_;
    render::CloudLook look_;
    long long frames_;
    int stepsPerFrame_;
    int densityRadius_;
    long long frame_ = 0;
    render::CloudVolumeSource source_;
    render::CloudRenderer renderer_;
};

} // namespace catlab::recording
