#pragma once

#include "render/gl_objects.hpp"

#include "catlab/rule.hpp"
#include "catlab/view.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace catlab::render {

enum class ColourMap {
    TwoState,         // live fraction from background to the live colour
    Decay,            // Generations rules: decaying cells fade through an ember ramp
    NeighbourDensity, // heat map of the live density around each pixel, at the scale of the rule's radius
};

const char* toString(ColourMap map);
std::optional<ColourMap> parseColourMap(std::string_view text); // "two-state", "decay", "density"

struct ViewStyle {
    ColourMap colourMap = ColourMap::TwoState;
    bool gridLines = true; // drawn once a cell spans a few pixels
};

// What the renderer needs to know about the automaton behind the picture.
struct ViewContent {
    int states = 2;
    int radius = 1;  // the rule's neighbourhood radius in cells
    GridSize grid{}; // the torus, for its seam lines; {0, 0} draws none
};

// Draws an exported view (a texture of ViewPixels, one texel per pixel, as view.hpp lays them out)
// into the current framebuffer with the view shader. Needs a current OpenGL 4.5 core context (a
// window's or a headless EGL one) for its whole life, and touches only GL state it sets itself
// (program, vertex array, texture unit 0, viewport).
class ViewRenderer {
  public:
    ViewRenderer(); // throws catlab::Error when the shaders do not build
    ViewRenderer(ViewRenderer&&) = default;
    ViewRenderer& operator=(ViewRenderer&&) = default;

    // `texture` holds window.width x window.height ViewPixels (row 0 = top of the view); the picture
    // fills the framebuffer rectangle with its bottom-left corner at (x, y) and the window's size.
    void draw(GLuint texture, const ViewWindow& window, const ViewContent& content, const ViewStyle& style, int x = 0,
              int y = 0) const;

  private:
    GlProgram program_;
    GlVertexArray vertexArray_; // core profile needs one bound even for attribute-less drawing
    GLint viewport_ = -1, colourMap_ = -1, states_ = -1, originFraction_ = -1, cellsPerPixel_ = -1, gridAlpha_ = -1,
          densityRadius_ = -1, gridSize_ = -1, originInGrid_ = -1;
};

// Opacity of the cell grid at this zoom (pixels per cell): none below 4, fading in up to 12.
float gridLineAlpha(double pixelsPerCell);

} // namespace catlab::render
