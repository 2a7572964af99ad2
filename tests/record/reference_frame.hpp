#pragma once
// What catlab's view renderer draws of a simulator's state, rendered here in the test process through
// a headless EGL context, to compare recorded frames against.

#include "video/decoded_video.hpp"

#include "render/cloud_renderer.hpp"
#include "render/orbit_camera.hpp"
#include "render/view_renderer.hpp"

#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view.hpp"

#include <string>

namespace catlab::testing {

// Empty when this process has a headless OpenGL 4.5 context (made current on first use), else why not.
const std::string& whyNoHeadlessOpenGL();

// The window of the simulator's state drawn by the view renderer from the host export, top row first.
video::testing::RgbImage renderReference(const Simulator& simulator, const ViewWindow& window,
                                         const render::ViewStyle& style);

// The cloud simulation's current state ray marched at width x height as the camera sees it, from the
// density written through host memory, top row first.
video::testing::RgbImage renderCloudReference(const cloud::CloudSimulation& simulation, int densityRadius,
                                              const render::OrbitCamera& camera, const render::CloudLook& look,
                                              int width, int height);

} // namespace catlab::testing
