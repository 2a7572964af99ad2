#include "render/cloud_occupancy.hpp"
#include "render/gl_program.hpp"
#include "render/volume_texture.hpp"

namespace catlab::render {
namespace {

constexpr int kLocal = 4; // work group side of both passes

} // namespace

CloudOccupancy::CloudOccupancy()
    : brickProgram_(buildComputeProgram({"cloud_volume.glsl", "cloud_bricks.comp.glsl"})),
      regionProgram_(buildComputeProgram({"cloud_volume.glsl", "cloud_regions.comp.glsl"})) {
    brickCells_ = uniformLocation(brickProgram_, "u_cells");
}

void CloudOccupancy::build(GLuint previous, GLuint newest, cloud::CloudSize size) {
    const int bx = texelsFor(size.nx, kBrickCells), by = texelsFor(size.ny, kBrickCells),
              bz = texelsFor(size.nz, kBrickCells);
    const int rx = texelsFor(size.nx, kRegionCells), ry = texelsFor(size.ny, kRegionCells),
              rz = texelsFor(size.nz, kRegionCells);
    if (!bricks_ || !(size == size_)) {
        bricks_ = createVolumeTexture(GL_R8, bx, by, bz, GL_NEAREST);
        regions_ = createVolumeTexture(GL_R8, rx, ry, rz, GL_NEAREST);
        size_ = size;
    }

    glUseProgram(brickProgram_.get());
    glProgramUniform3i(brickProgram_.get(), brickCells_, size.nx, size.ny, size.nz);
    glBindTextureUnit(0, previous);
    glBindTextureUnit(1, newest);
    glBindImageTexture(0, bricks_.get(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R8);
    glDispatchCompute(groupsFor(bx, kLocal), groupsFor(by, kLocal), groupsFor(bz, kLocal));
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);

    glUseProgram(regionProgram_.get());
    glBindTextureUnit(2, bricks_.get());
    glBindImageTexture(0, regions_.get(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R8);
    glDispatchCompute(groupsFor(rx, kLocal), groupsFor(ry, kLocal), groupsFor(rz, kLocal));
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);

    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    for (GLuint unit : {0u, 1u, 2u}) glBindTextureUnit(unit, 0);
    glUseProgram(0);
}

} // namespace catlab::render
