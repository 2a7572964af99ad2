#include "render/cloud_occupancy.hpp"
#include "render/gl_program.hpp"
#include "render/volume_texture.hpp"

namespace catlab::render {

CloudOccupancy::CloudOccupancy() : program_(buildComputeProgram({"cloud_volume.glsl", "cloud_bricks.comp.glsl"})) {
    cells_ = uniformLocation(program_, "u_cells");
}

void CloudOccupancy::build(GLuint previous, GLuint newest, cloud::CloudSize size) {
    const int rx = texelsFor(size.nx, kRegionCells), ry = texelsFor(size.ny, kRegionCells),
              rz = texelsFor(size.nz, kRegionCells);
    if (!bricks_ || !(size == size_)) {
        bricks_ = createVolumeTexture(GL_R8, texelsFor(size.nx, kBrickCells), texelsFor(size.ny, kBrickCells),
                                      texelsFor(size.nz, kBrickCells), GL_NEAREST);
        regions_ = createVolumeTexture(GL_R8, rx, ry, rz, GL_NEAREST);
        size_ = size;
    }
    glUseProgram(program_.get());
    glProgramUniform3i(program_.get(), cells_, size.nx, size.ny, size.nz);
    glBindTextureUnit(0, previous);
    glBindTextureUnit(1, newest);
    glBindImageTexture(0, bricks_.get(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R8);
    glBindImageTexture(1, regions_.get(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R8);
    glDispatchCompute(GLuint(rx), GLuint(ry), GLuint(rz)); // a work group per region
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);

    for (GLuint unit : {0u, 1u}) {
        glBindImageTexture(unit, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
        glBindTextureUnit(unit, 0);
    }
    glUseProgram(0);
}

} // namespace catlab::render
