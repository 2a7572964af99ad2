#pragma once

#include "render/gl_objects.hpp"

#include "catlab/cloud/cloud_size.hpp"

namespace catlab::render {

// The occupancy pyramid of the cloud density, which lets a march skip clear air: bricks of 4^3 cells
// holding the largest density either snapshot has in them (and in the one-cell apron that filtering
// reads), and regions of 16^3 cells holding the largest of their bricks (R8, one texel per brick or
// region). Built on the GPU by one compute pass whenever a snapshot arrives. Needs a current OpenGL 4.5
// context for its whole life.
class CloudOccupancy {
  public:
    static constexpr int kBrickCells = 4, kRegionCells = 16; // as in shaders/cloud_volume.glsl

    CloudOccupancy(); // throws catlab::Error when the shaders do not build

    // Rebuilds both levels from the two R8 density textures of `size` cells.
    void build(GLuint previous, GLuint newest, cloud::CloudSize size);

    GLuint bricks() const { return bricks_.get(); }
    GLuint regions() const { return regions_.get(); }

  private:
    GlProgram program_;
    GLint cells_ = -1;
    GlTexture bricks_, regions_;
    cloud::CloudSize size_{};
};

} // namespace catlab::render
