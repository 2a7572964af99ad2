#pragma once

#include "recording/scene.hpp"
#include "render/view_renderer.hpp"
#include "render/view_source.hpp"

#include "catlab/simulator.hpp"
#include "catlab/view.hpp"

namespace catlab::recording {

// The view of a running automaton: each frame shows the exported view window of the simulator's
// state (through CUDA-GL interop for GPU backends, render/view_source.hpp), and advance() steps
// `generationsPerFrame` generations. The simulator must outlive the scene; the GL context must be
// current for the scene's whole life.
class GridScene final : public Scene {
  public:
    GridScene(Simulator& simulator, const ViewWindow& window, const render::ViewStyle& style, int generationsPerFrame,
              render::ViewUpload upload = render::ViewUpload::Auto);

    void draw(const FrameTarget& target) override;
    void advance() override;
    render::ViewPath uploadPath() const override { return source_.lastPath(); }
    const std::string& uploadNotice() const override { return source_.notice(); }

  private:
    Simulator& simulator_;
    ViewWindow window_;
    render::ViewStyle style_;
    int generationsPerFrame_;
    render::ViewSource source_;
    render::ViewRenderer renderer_;
};

} // namespace catlab::recording
