#pragma once

#include <cstddef>

namespace catlab::gui {

struct Lab;

// The scenes the window can show (Lab::scenes holds one of each).
enum class SceneKind { Grid, Cloud };
inline constexpr std::size_t kSceneKinds = 2;

// Shows this scene from now on (the panel's scene choice, the script command `scene`, --scene).
// Throws catlab::Error when it cannot be shown (the cloud simulation is made when first shown); the
// shown scene then stays.
void showScene(Lab& lab, SceneKind kind);

} // namespace catlab::gui
