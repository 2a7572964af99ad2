#pragma once

namespace catlab::recording {

// What a headless recording films, frame after frame. The grid of an automaton is one scene
// (grid_scene.hpp); a 3D scene, such as a cloud automaton flown through along a camera path, is
// another: it draws its picture and moves its simulation and camera on in advance().
class RecordingScene {
  public:
    virtual ~RecordingScene() = default;

    // Draws the current frame into the bound draw framebuffer, filling width x height pixels at (0, 0).
    virtual void draw(int width, int height) = 0;
    // Moves on to what the next frame shows.
    virtual void advance() = 0;
};

} // namespace catlab::recording
