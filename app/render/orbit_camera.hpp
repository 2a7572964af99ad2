#pragma once

#include <array>

namespace catlab::render {

using Vec3 = std::array<float, 3>;

// A camera circling a target at the origin of a z-up world: yaw around z (0 looks along -x from +x),
// pitch above the horizon, distance from the target.
struct OrbitCamera {
    static constexpr double kMinPitch = -85.0, kMaxPitch = 85.0;
    static constexpr double kMinDistance = 0.2, kMaxDistance = 20.0;

    double yawDegrees = -55.0;
    double pitchDegrees = 20.0;
    double distance = 1.9;
    double fovYDegrees = 45.0;

    // Turns by these angles (pitch clamped) and scales the distance (clamped).
    void orbit(double yawDelta, double pitchDelta);
    void zoom(double factor);
};

// Where the camera is and how it is oriented: right and up span the image plane, forward points at
// the target; a pixel at normalised device coordinates (u, v) looks along
// forward + u * tanHalfFovY * aspect * right + v * tanHalfFovY * up.
struct CameraFrame {
    Vec3 position, forward, right, up;
    float tanHalfFovY;
};
CameraFrame cameraFrame(const OrbitCamera& camera);

// The unit vector toward a sun at this azimuth (degrees from +x toward +y) and elevation (above the horizon).
Vec3 sunDirection(double azimuthDegrees, double elevationDegrees);

} // namespace catlab::render
