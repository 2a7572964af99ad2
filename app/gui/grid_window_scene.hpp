#pragma once

#include "gui/mouse_tools.hpp"
#include "gui/population_follower.hpp"
#include "gui/window_scene.hpp"

#include "render/view_renderer.hpp"
#include "render/view_source.hpp"

namespace catlab::gui {

struct Lab;

// The 2D automaton in the window: lab.session seen through lab.view in lab.style, stepped as lab.run
// says, edited and navigated with the mouse tools; with lab.follow the view follows the population.
// Needs the window's OpenGL context for its whole life.
class GridWindowScene final : public WindowScene {
  public:
    explicit GridWindowScene(Lab& lab) : lab_(lab) {}

    void draw(const recording::FrameTarget& target) override;
    void advance() override;
    render::ViewPath uploadPath() const override { return source_.lastPath(); }
    const std::string& uploadNotice() const override { return source_.notice(); }

    void handleMouse(const MouseInput& mouse) override;
    void drawPanelSections(PanelState& state) override;
    void fit() override;
    void reset() override;
    std::string statusText() const override;
    std::string_view pictureName() const override { return "the view"; }

  private:
    Lab& lab_;
    render::ViewSource source_;
    const render::ViewRenderer renderer_;
    MouseTools mouse_;
    PopulationFollower follower_;
};

} // namespace catlab::gui
