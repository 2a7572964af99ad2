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

// The help of --gpus and --ranks, the same for the window and `catlab run`.
inline constexpr const char* kGpusHelp =
    "One grid over N GPUs of this machine (or all), cut into bands, halos exchanged with NCCL";
inline constexpr const char* kRanksHelp =
    "One grid over N ranks that are threads of this process, cut into bands: CPU backends, halos copied "
    "between the threads";

} // namespace catlab::cli
