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
    : program_(buildProgram("view.vert.glsl", {"view.frag.glsl"})), vertexArray_(createVertexArray()) {
    viewport_ = uniformLocation(program_, "u_viewport");
    colourMap_ = uniformLocation(program_, "u_colourMap");
    states_ = uniformLocation(program_, "u_states");
    originFraction_ = uniformLocation(program_, "u_originFraction");
    cellsPerPixel_ = uniformLocation(program_, "u_cellsPerPixel");
    gridAlpha_ = uniformLocation(program_, "u_gridAlpha");
    densityRadius_ = uniformLocation(program_, "u_densityRadius");
    gridSize_ = uniformLocation(program_, "u_gridSize");
    originInGrid_ = uniformLocation(program_, "u_originInGrid");
}

void ViewRenderer::draw(GLuint texture, const ViewWindow& window, const ViewContent& content, const ViewStyle& style,
                        int x, int y) const {
    if (window.width <= 0 || window.height <= 0) return;
    const GLuint program = program_.get();
    const double pixelsPerCell = 1.0 / window.cellsPerPixel;
    // The neighbour-density window spans the rule's neighbourhood on screen, within limits that keep
    // the shader's loop cheap.
    const int densityRadius = int(std::clamp(std::lround(content.radius * pixelsPerCell), 1L, 12L));

    glViewport(x, y, window.width, window.height);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glUseProgram(program);
    glProgramUniform4i(program, viewport_, x, y, window.width, window.height);
    glProgramUniform1i(program, colourMap_, int(style.colourMap));
    glProgramUniform1i(program, states_, content.states);
    glProgramUniform2f(program, originFraction_, float(window.originX - std::floor(window.originX)),
                       float(window.originY - std::floor(window.originY)));
    glProgramUniform1f(program, cellsPerPixel_, float(window.cellsPerPixel));
    glProgramUniform1f(program, gridAlpha_, style.gridLines ? gridLineAlpha(pixelsPerCell) : 0.0f);
    glProgramUniform1i(program, densityRadius_, densityRadius);
    const GridSize grid = content.grid;
    const auto reduce = [](double v, int side) { return side > 0 ? v - std::floor(v / side) * side : 0.0; };
    glProgramUniform2f(program, gridSize_, float(grid.width), float(grid.height));
    glProgramUniform2f(program, originInGrid_, float(reduce(window.originX, grid.width)),
                       float(reduce(window.originY, grid.height)));
    glBindTextureUnit(0, texture);
    glBindVertexArray(vertexArray_.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTextureUnit(0, 0);
    glUseProgram(0);
}

} // namespace catlab::render
