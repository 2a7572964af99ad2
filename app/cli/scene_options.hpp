#pragma once

#include "cli/run_options.hpp"

#include <CLI/CLI.hpp>

namespace catlab::cli {

// The scenes a command's scene options describe.
enum class SceneOptionsFor {
    Grid,       // a 2D automaton (the window, `catlab run`)
    GridOrCloud // a 2D automaton or, with --scene cloud, the cloud automaton (`catlab record`)
};

// Adds --rule, --size, --density, --seed, --backend and --in, the scene of `catlab`, `catlab run` and
// `catlab record`, with one wording everywhere. For GridOrCloud the help of --size and --backend also
// says what they mean for the cloud scene.
void addSceneOptions(CLI::App& command, RunOptions& options, SceneOptionsFor scenes = SceneOptionsFor::Grid);

} // namespace catlab::cli
