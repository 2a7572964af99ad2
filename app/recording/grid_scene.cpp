#include "recording/grid_scene.hpp"

#include "catlab/error.hpp"

namespace catlab::recording {

GridScene::GridScene(Simulator& simulator, const ViewWindow& window, const render::ViewStyle& style,
                     int generationsPerFrame, render::ViewUpload upload)
    : simulator_(simulator), window_(window), style_(style), generationsPerFrame_(generationsPerFrame),
      source_(upload) {
    if (generationsPerFrame < 1) throw Error("a recording advances at least one generation per frame");
    makeViewMapping(window, simulator.size(), simulator.rule().states); // a bad window fails before any frame
}

void GridScene::draw(const FrameTarget& target) {
    if (target.width != window_.width || target.height != window_.height)
        throw Error("the grid's view is " + std::to_string(window_.width) + "x" + std::to_string(window_.height) +
                    ", not the " + std::to_string(target.width) + "x" + std::to_string(target.height) + " frame");
    const GLuint pixels = source_.update(simulator_, window_);
    // The frame shows the grid alone: no torus seams (the recording's window is chosen, not panned).
    const render::ViewContent content{simulator_.rule().states, simulator_.rule().radius, GridSize{0, 0}};
    if (target.texture != 0)
        renderer_.drawInto(target.texture, pixels, window_, content, style_);
    else
        renderer_.draw(pixels, window_, content, style_);
}

void GridScene::advance() { simulator_.step(generationsPerFrame_); }

} // namespace catlab::recording
