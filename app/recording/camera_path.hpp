#pragma once

#include "render/orbit_camera.hpp"

namespace catlab::recording {

// A flight around the cloud volume for a recording: the orbit camera turns by `orbitDegrees` about the
// vertical axis at a constant rate, while its pitch and distance move linearly from the start camera's
// to `endPitchDegrees` and `endDistance`.
struct CameraPath {
    render::OrbitCamera start;
    double orbitDegrees = 0;
    double endPitchDegrees = start.pitchDegrees;
    double endDistance = start.distance;

    // The camera at fraction t of the way (0: the start, 1: the end).
    render::OrbitCamera at(double t) const;
};

// How far along the path frame `frame` of `frames` is: 0 for the first, 1 for the last (0 for a lone frame).
double pathFraction(long long frame, long long frames);

} // namespace catlab::recording
