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

// Colours an exported view (a GL buffer of ViewPixels, one per pixel, as view.hpp and ViewSource lay
// them out): into the current framebuffer with a fragment pass, or into an RGBA8 texture with a compute
// pass, the same colours either way. Needs a current OpenGL 4.5 core context (a window's or a headless
// EGL one) for its whole life, and touches only GL state it sets itself (programs, vertex array, shader
// storage binding 0, image unit 0, viewport).
class ViewRenderer {
  public:
    ViewRenderer(); // throws catlab::Error when the shaders do not build
    ViewRenderer(ViewRenderer&&) = default;
    ViewRenderer& operator=(ViewRenderer&&) = default;

    // `pixels` holds window.width x window.height ViewPixels (row 0 = top of the view); the picture
    // fills the framebuffer rectangle with its bottom-left corner at (x, y) and the window's size.
    void draw(GLuint pixels, const ViewWindow& window, const ViewContent& content, const ViewStyle& style, int x = 0,
              int y = 0) const;
    // The same picture written into `texture` (RGBA8, at least the window's size; rows from the bottom
    // as a framebuffer's), by a compute pass: offscreen frames on data-centre GPUs, which shade
    // fragments on a few of their multiprocessors only. Later reads of the texture see it.
    void drawInto(GLuint texture, GLuint pixels, const ViewWindow& window, const ViewContent& content,
                  const ViewStyle& style) const;

  private:
    // Uniform locations of one of the two programs.
    struct Uniforms {
        GLint viewport = -1, colourMap = -1, states = -1, originFraction = -1, cellsPerPixel = -1, gridAlpha = -1,
              densityRadius = -1, gridSize = -1, originInGrid = -1;
    };
    static Uniforms uniformsOf(const GlProgram& program);
    static void setUniforms(GLuint program, const Uniforms& at, const ViewWindow& window, const ViewContent& content,
                            const ViewStyle& style, int x, int y);

    GlProgram program_, computeProgram_;
    GlVertexArray vertexArray_; // core profile needs one bound even for attribute-less drawing
    Uniforms uniforms_, computeUniforms_;
};

// Opacity of the cell grid at this zoom (pixels per cell): none below 4, fading in up to 12.
float gridLineAlpha(double pixelsPerCell);

} // namespace catlab::render
