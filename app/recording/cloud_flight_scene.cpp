#include "recording/cloud_flight_scene.hpp"

#include "catlab/error.hpp"

namespace catlab::recording {

CloudFlightScene::CloudFlightScene(cloud::CloudSimulation& simulation, const CameraPath& path,
                                   const render::CloudLook& look, long long frames, int stepsPerFrame,
                                   int densityRadius, render::ViewUpload upload)
    : simulation_(simulation), path_(path), look_(look), frames_(frames), stepsPerFrame_(stepsPerFrame),
      densityRadius_(densityRadius), source_(upload) {
    if (stepsPerFrame < 1) throw Error("a cloud recording advances at least one step per frame");
    source_.snapshot(simulation_, densityRadius_); // throws for a bad radius
}

void CloudFlightScene::draw(const FrameTarget& target) {
    // Each frame shows one state: the newest snapshot alone, no blend with the one before.
    renderer_.draw(source_, 1.0f, camera(), look_, 0, 0, target.width, target.height);
}

void CloudFlightScene::advance() {
    simulation_.step(stepsPerFrame_);
    source_.snapshot(simulation_, densityRadius_);
    ++frame_;
}

} // namespace catlab::recording
