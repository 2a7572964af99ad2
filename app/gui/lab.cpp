#include "gui/lab.hpp"
#include "gui/cloud_window_scene.hpp"
#include "gui/grid_window_scene.hpp"
#include "gui/window_recording.hpp"

namespace catlab::gui {

Lab::Lab(const SceneStart& start) : session(start), library(RecentFiles::defaultListPath()), shapeBase(start.rule) {
    view.setGrid(start.size);
    scenes[std::size_t(SceneKind::Grid)] = std::make_unique<GridWindowScene>(*this);
    scenes[std::size_t(SceneKind::Cloud)] = std::make_unique<CloudWindowScene>(*this);
}

Lab::~Lab() = default;

} // namespace catlab::gui
