#include "gui/scene_switch.hpp"
#include "gui/lab.hpp"

namespace catlab::gui {

void showScene(Lab& lab, SceneKind kind) {
    lab.sceneOf(kind).prepareToShow();
    if (kind != lab.shownKind) lab.metrics.restartSmoothing(); // the other automaton's step times
    lab.shownKind = kind;
}

} // namespace catlab::gui
