#pragma once

#include "gui/cloud_mouse.hpp"
#include "gui/window_scene.hpp"

#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"

#include <optional>

namespace catlab::gui {

struct Lab;

// The cloud automaton in the window (cloudSession(lab)), ray marched as its camera sees it. It steps
// every framesPerSnapshot frames while playing, and the picture blends the last two density snapshots
// in between; dragging orbits the camera. The ray marcher and the density textures are made when the
// scene is first drawn; they need the window's OpenGL context from then on.
class CloudWindowScene final : public WindowScene {
  public:
    explicit CloudWindowScene(Lab& lab) : lab_(lab) {}

    void prepareToShow() override;
    void draw(const recording::FrameTarget& target) override;
    void advance() override;
    render::ViewPath uploadPath() const override;
    const std::string& uploadNotice() const override;

    void handleMouse(const MouseInput& mouse) override;
    void drawPanelSections(PanelState& state) override;
    void fit() override;
    void reset() override;
    std::string statusText() const override;
    std::string_view pictureName() const override { return "the clouds"; }

  private:
    Lab& lab_;
    CloudMouse mouse_;
    std::optional<render::CloudRenderer> renderer_;
    std::optional<render::CloudVolumeSource> source_;
};

} // namespace catlab::gui
