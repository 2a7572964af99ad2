#include "render/cloud_renderer.hpp"
#include "render/gl_program.hpp"

#include <algorithm>

namespace catlab::render {

CloudRenderer::CloudRenderer()
    : program_(buildProgram("view.vert.glsl", {"cloud.frag.glsl"})), vertexArray_(createVertexArray()) {
    viewport_ = uniformLocation(program_, "u_viewport");
    blend_ = uniformLocation(program_, "u_blend");
    boxSize_ = uniformLocation(program_, "u_boxSize");
    cellSize_ = uniformLocation(program_, "u_cellSize");
    cameraPosition_ = uniformLocation(program_, "u_cameraPosition");
    cameraForward_ = uniformLocation(program_, "u_cameraForward");
    cameraRight_ = uniformLocation(program_, "u_cameraRight");
    cameraUp_ = uniformLocation(program_, "u_cameraUp");
    tanHalfFov_ = uniformLocation(program_, "u_tanHalfFovY");
    sunDirection_ = uniformLocation(program_, "u_sunDirection");
    densityScale_ = uniformLocation(program_, "u_densityScale");
    cutoff_ = uniformLocation(program_, "u_cutoff");
    maxSteps_ = uniformLocation(program_, "u_maxSteps");
    lightSteps_ = uniformLocation(program_, "u_lightSteps");
}

void CloudRenderer::draw(GLuint previous, GLuint newest, float blend, cloud::CloudSize size, const OrbitCamera& camera,
                         const CloudLook& look, int x, int y, int width, int height) const {
    if (width <= 0 || height <= 0 || size.nx <= 0) return;
    const GLuint program = program_.get();
    const float longest = float(std::max({size.nx, size.ny, size.nz}));
    const CameraFrame frame = cameraFrame(camera);
    const Vec3 sun = sunDirection(look.sunAzimuthDegrees, look.sunElevationDegrees);

    glViewport(x, y, width, height);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program);
    glProgramUniform4i(program, viewport_, x, y, width, height);
    glProgramUniform1f(program, blend_, std::clamp(blend, 0.0f, 1.0f));
    glProgramUniform3f(program, boxSize_, float(size.nx) / longest, float(size.ny) / longest, float(size.nz) / longest);
    glProgramUniform1f(program, cellSize_, 1.0f / longest);
    glProgramUniform3fv(program, cameraPosition_, 1, frame.position.data());
    glProgramUniform3fv(program, cameraForward_, 1, frame.forward.data());
    glProgramUniform3fv(program, cameraRight_, 1, frame.right.data());
    glProgramUniform3fv(program, cameraUp_, 1, frame.up.data());
    glProgramUniform1f(program, tanHalfFov_, frame.tanHalfFovY);
    glProgramUniform3fv(program, sunDirection_, 1, sun.data());
    glProgramUniform1f(program, densityScale_, float(std::max(look.densityScale, 0.0)));
    glProgramUniform1f(program, cutoff_, float(std::clamp(look.cutoff, 0.0, 0.95)));
    glProgramUniform1i(program, maxSteps_, std::clamp(look.maxSteps, 1, 4096));
    glProgramUniform1i(program, lightSteps_, std::clamp(look.lightSteps, 0, 64));
    glBindTextureUnit(0, previous);
    glBindTextureUnit(1, newest);
    glBindVertexArray(vertexArray_.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTextureUnit(0, 0);
    glBindTextureUnit(1, 0);
    glUseProgram(0);
}

} // namespace catlab::render
