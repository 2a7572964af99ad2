#include "render/view_renderer.hpp"
#include "render/gl_program.hpp"

#include <algorithm>
#include <cmath>

namespace catlab::render {

const char* toString(ColourMap map) {
    switch (map) {
    case ColourMap::TwoState: return "two-state";
    case ColourMap::Decay: return "decay";
    case ColourMap::NeighbourDensity: return "density";
    }
    return "?";
}

std::optional<ColourMap> parseColourMap(std::string_view text) {
    for (ColourMap map : {ColourMap::TwoState, ColourMap::Decay, ColourMap::NeighbourDensity})
        if (text == toString(map)) return map;
    return std::nullopt;
}

float gridLineAlpha(double pixelsPerCell) {
    const double t = std::clamp((pixelsPerCell - 4.0) / 8.0, 0.0, 1.0);
    return pixelsPerCell < 4.0 ? 0.0f : float(0.25 + 0.35 * t);
}

ViewRenderer::ViewRenderer()
    : program_(buildProgram("view.vert.glsl", {"glsl_version.glsl", "view_colour.glsl", "view.frag.glsl"})),
      computeProgram_(buildComputeProgram({"glsl_version.glsl", "view_colour.glsl", "view.comp.glsl"})),
      vertexArray_(createVertexArray()), uniforms_(uniformsOf(program_)),
      computeUniforms_(uniformsOf(computeProgram_)) {}

ViewRenderer::Uniforms ViewRenderer::uniformsOf(const GlProgram& program) {
    Uniforms at;
    at.viewport = uniformLocation(program, "u_viewport");
    at.colourMap = uniformLocation(program, "u_colourMap");
    at.states = uniformLocation(program, "u_states");
    at.originFraction = uniformLocation(program, "u_originFraction");
    at.cellsPerPixel = uniformLocation(program, "u_cellsPerPixel");
    at.gridAlpha = uniformLocation(program, "u_gridAlpha");
    at.densityRadius = uniformLocation(program, "u_densityRadius");
    at.gridSize = uniformLocation(program, "u_gridSize");
    at.originInGrid = uniformLocation(program, "u_originInGrid");
    return at;
}

void ViewRenderer::setUniforms(GLuint program, const Uniforms& at, const ViewWindow& window, const ViewContent& content,
                               const ViewStyle& style, int x, int y) {
    const double pixelsPerCell = 1.0 / window.cellsPerPixel;
    // The neighbour-density window spans the rule's neighbourhood on screen, within limits that keep
    // the shader's loop cheap.
    const int densityRadius = int(std::clamp(std::lround(content.radius * pixelsPerCell), 1L, 12L));
    glProgramUniform4i(program, at.viewport, x, y, window.width, window.height);
    glProgramUniform1i(program, at.colourMap, int(style.colourMap));
    glProgramUniform1i(program, at.states, content.states);
    glProgramUniform2f(program, at.originFraction, float(window.originX - std::floor(window.originX)),
                       float(window.originY - std::floor(window.originY)));
    glProgramUniform1f(program, at.cellsPerPixel, float(window.cellsPerPixel));
    glProgramUniform1f(program, at.gridAlpha, style.gridLines ? gridLineAlpha(pixelsPerCell) : 0.0f);
    glProgramUniform1i(program, at.densityRadius, densityRadius);
    const GridSize grid = content.grid;
    const auto reduce = [](double v, int side) { return side > 0 ? v - std::floor(v / side) * side : 0.0; };
    glProgramUniform2f(program, at.gridSize, float(grid.width), float(grid.height));
    glProgramUniform2f(program, at.originInGrid, float(reduce(window.originX, grid.width)),
                       float(reduce(window.originY, grid.height)));
}

void ViewRenderer::draw(GLuint pixels, const ViewWindow& window, const ViewContent& content, const ViewStyle& style,
                        int x, int y) const {
    if (window.width <= 0 || window.height <= 0) return;
    const GLuint program = program_.get();
    glViewport(x, y, window.width, window.height);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program);
    setUniforms(program, uniforms_, window, content, style, x, y);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pixels);
    glBindVertexArray(vertexArray_.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glUseProgram(0);
}

void ViewRenderer::drawInto(GLuint texture, GLuint pixels, const ViewWindow& window, const ViewContent& content,
                            const ViewStyle& style) const {
    if (window.width <= 0 || window.height <= 0) return;
    const GLuint program = computeProgram_.get();
    glUseProgram(program);
    setUniforms(program, computeUniforms_, window, content, style, 0, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pixels);
    glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    constexpr GLuint kGroup = 16; // local_size of view.comp.glsl
    glDispatchCompute((GLuint(window.width) + kGroup - 1) / kGroup, (GLuint(window.height) + kGroup - 1) / kGroup, 1);
    glBindImageTexture(0, 0, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    glUseProgram(0);
    // Whatever reads the frame next (a draw, a blit, glReadPixels, a texture fetch) sees these writes.
    glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT | GL_PIXEL_BUFFER_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT);
}

} // namespace catlab::render
