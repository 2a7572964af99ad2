#include "render/orbit_camera.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace catlab::render {
namespace {

double radians(double degrees) { return degrees * std::numbers::pi / 180.0; }

Vec3 normalised(double x, double y, double z) {
    const double length = std::sqrt(x * x + y * y + z * z);
    return {float(x / length), float(y / length), float(z / length)};
}

} // namespace

void OrbitCamera::orbit(double yawDelta, double pitchDelta) {
    yawDegrees = std::fmod(yawDegrees + yawDelta, 360.0);
    pitchDegrees = std::clamp(pitchDegrees + pitchDelta, kMinPitch, kMaxPitch);
}

void OrbitCamera::zoom(double factor) {
    if (factor > 0) distance = std::clamp(distance * factor, kMinDistance, kMaxDistance);
}

CameraFrame cameraFrame(const OrbitCamera& camera) {
    const double yaw = radians(camera.yawDegrees), pitch = radians(camera.pitchDegrees);
    const double px = camera.distance * std::cos(pitch) * std::cos(yaw);
    const double py = camera.distance * std::cos(pitch) * std::sin(yaw);
    const double pz = camera.distance * std::sin(pitch);
    const Vec3 forward = normalised(-px, -py, -pz);
    // right = forward x z, up = right x forward (pitch stays below 90 degrees, so right is defined)
    const Vec3 right = normalised(forward[1], -forward[0], 0.0);
    const Vec3 up = {right[1] * forward[2] - right[2] * forward[1], right[2] * forward[0] - right[0] * forward[2],
                     right[0] * forward[1] - right[1] * forward[0]};
    return {{float(px), float(py), float(pz)}, forward, right, up, float(std::tan(radians(camera.fovYDegrees) / 2))};
}

Vec3 sunDirection(double azimuthDegrees, double elevationDegrees) {
    const double a = radians(azimuthDegrees), e = radians(elevationDegrees);
    return normalised(std::cos(e) * std::cos(a), std::cos(e) * std::sin(a), std::sin(e));
}

} // namespace catlab::render
