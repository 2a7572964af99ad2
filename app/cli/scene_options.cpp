#include "cli/scene_options.hpp"
#include "cli/number_options.hpp"

#include <string>

namespace catlab::cli {

void addSceneOptions(CLI::App& command, RunOptions& options, SceneOptionsFor scenes) {
    const bool cloud = scenes == SceneOptionsFor::GridOrCloud;
    command.add_option("--rule", options.rule, "Preset id/name (see `catlab rules`) or Golly rule string");
    command.add_option("--size", options.size,
                       std::string("Torus size WxH (or N for NxN)") +
                           (cloud ? "; the cloud scene: XxYxZ (128x128x32)" : ""));
    addNumberOption(command, "--density", options.density, "Initial fraction of live cells for a random start", 0, 1);
    addIntegerOption(command, "--seed", options.seed, "Seed of the random start")->capture_default_str();
    command
        .add_option("--backend", options.backend,
                    std::string("Backend (see `catlab backends`") + (cloud ? "; the cloud scene: cpu or cuda" : "") +
                        "), or auto: the fastest exact one here")
        ->default_str("auto");
    command.add_option("--in", options.inPath, "Start from this RLE pattern");
}

} // namespace catlab::cli
