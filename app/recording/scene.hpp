#pragma once

#include "render/view_source.hpp"

#include <string>

namespace catlab::recording {

// Where a frame is drawn: width x height pixels at (0, 0) of the bound draw framebuffer. `texture` is
// that framebuffer's colour texture (RGBA8) when it is an offscreen frame, for passes that write it
// directly by compute, and 0 for a window's.
struct FrameTarget {
    int width = 0;
    int height = 0;
    GLuint texture = 0;
};

// Something shown frame after frame: an automaton's grid or the cloud automaton, as a headless
// recording films it (grid_scene.hpp, cloud_flight_scene.hpp, record_frames.hpp) or as the window
// shows it (gui/window_scene.hpp). Each frame draw() shows the current state and advance() moves on:
// the simulation steps, and a camera or a view may move with it.
class Scene {
  public:
    virtual ~Scene() = default;

    // Draws the current frame into the target. Throws catlab::Error when it cannot.
    virtual void draw(const FrameTarget& target) = 0;
    // Moves on to what the next frame shows.
    virtual void advance() = 0;

    // How the simulation's state reached OpenGL for the last frame drawn (None before the first).
    virtual render::ViewPath uploadPath() const = 0;
    // Empty, or why that was not through CUDA-GL interop although the simulation runs on the GPU.
    virtual const std::string& uploadNotice() const = 0;
};

} // namespace catlab::recording
