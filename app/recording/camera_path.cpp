#include "recording/camera_path.hpp"

namespace catlab::recording {

render::OrbitCamera CameraPath::at(double t) const {
    render::OrbitCamera camera = start;
    camera.yawDegrees = start.yawDegrees + orbitDegrees * t;
    camera.pitchDegrees = start.pitchDegrees + (endPitchDegrees - start.pitchDegrees) * t;
    camera.distance = start.distance + (endDistance - start.distance) * t;
    return camera;
}

double pathFraction(long long frame, long long frames) { return frames > 1 ? double(frame) / double(frames - 1) : 0.0; }

} // namespace catlab::recording
