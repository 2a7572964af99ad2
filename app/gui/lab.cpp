#include "gui/lab.hpp"
#include "gui/window_recording.hpp"

namespace catlab::gui {

Lab::Lab(const SceneStart& start) : session(start), shapeBase(start.rule) { view.setGrid(start.size); }

Lab::~Lab() = default;

} // namespace catlab::gui
