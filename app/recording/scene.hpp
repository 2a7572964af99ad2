#pragma once

#include "render/view_source.hpp"

#include <string>

namespace catlab::recording {

// Something shown frame after frame: an automaton's grid or the cloud automaton, as a headless
// recording films it (grid_scene.hpp, cloud_flight_scene.hpp, record_frames.hpp) or as the window
// shows it (gui/window_scene.hpp). Each frame draw() shows the current state and advance() moves on:
// the simulation steps, and a camera or a view may move with it.
class Scene {
  public:
    virtual ~Scene() = default;

    // Draws the current frame into the bound draw framebuffer, filling width x height pixels at (0, 0).
    // Throws catlab::Error when it cannot.
    virtual void draw(int width, int height) = 0;
    // Moves on to what the next frame shows.
    virtual void advance() = 0;

    // How the simulation's state reached OpenGL for the last frame drawn (None before the first).
    virtual render::ViewPath uploadPath() const = 0;
    // Empty, or why that was not through CUDA-GL interop although the simulation runs on the GPU.
    virtual const std::string& uploadNotice() const = 0;
};

} // namespace catlab::recording
