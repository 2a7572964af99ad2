// `catlab identify`: what a pattern is (still life, oscillator, spaceship...), as LifeViewer's Identify.
#include "cli/commands.hpp"
#include "cli/number_options.hpp"
#include "cli/run_options.hpp"
#include "cli/scene_setup.hpp"

#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/identify.hpp"

#include <algorithm>
#include <iostream>

namespace catlab::cli {
namespace {

struct IdentifyCommandOptions {
    RunOptions scene; // --in, --rule, --size, --backend
    long long maxGenerations = 1000;
    bool json = false;
};

// Largest side of the torus chosen for a pattern that names none: beyond it, --size.
constexpr int kLargestRoomSide = 4096;

// Room for the pattern to grow at the speed of light (the radius, each generation, every way) for every
// generation looked at, so that nothing it does meets itself round the torus; at most kLargestRoomSide.
int roomSide(int patternSide, int radius, long long generations) {
    const long long side = patternSide + 2 * radius * (generations + 1);
    return int(std::clamp<long long>(side, 2 * radius + 1, std::max(kLargestRoomSide, patternSide)));
}

int runIdentify(const IdentifyCommandOptions& o, std::ostream& out) {
    if (!o.scene.inPath) throw Error("identify needs a pattern: --in FILE");
    bool roomCapped = false;
    const Scene scene = setUpScene(o.scene, std::cerr, Unbounded::Torus, [&](GridSize pattern, const Rule& rule) {
        const GridSize room{roomSide(pattern.width, rule.radius, o.maxGenerations),
                            roomSide(pattern.height, rule.radius, o.maxGenerations)};
        roomCapped = room.width == kLargestRoomSide || room.height == kLargestRoomSide;
        return room;
    });
    if (roomCapped)
        std::cerr << "catlab: note: " << *o.scene.inPath << " is identified on a " << formatGridSize(scene.size)
                  << " torus, less than " << o.maxGenerations
                  << " generations of growth at the speed of light need; --size gives it more room\n";
    IdentifyOptions options;
    options.backend = scene.backend;
    options.maxGenerations = o.maxGenerations;
    const IdentifyResult result = identify(scene.rule, *scene.initial, options);
    if (o.json) {
        out << identifyJson(result);
        return 0;
    }
    out << "pattern     " << *o.scene.inPath;
    if (!scene.ruleName.empty()) out << " (" << scene.ruleName << ")";
    out << "\nrule        " << scene.rule.format() << "\ngrid        " << formatGridSize(scene.size) << " torus\n"
        << identifyReport(result);
    return 0;
}

} // namespace

void addIdentifyCommand(CLI::App& app) {
    auto options = std::make_shared<IdentifyCommandOptions>();
    CLI::App* command = app.add_subcommand(
        "identify", "Run a pattern until it repeats and say what it is: still life, oscillator or spaceship");
    command->add_option("--in", options->scene.inPath, "The pattern (RLE or another of Golly's formats)")->required();
    command->add_option("--rule", options->scene.rule, "Preset id/name or Golly rule string (default: the file's)");
    command->add_option("--size", options->scene.size,
                        "Torus size WxH (or N for NxN); default: the file's, else room for the generations looked at");
    command
        ->add_option("--backend", options->scene.backend,
                     "Backend (see `catlab backends`), or auto: the fastest exact one here")
        ->default_str("auto");
    addIntegerOption(*command, "--max-generations", options->maxGenerations,
                     "Generations to look for a repeat before giving up", 1LL, IdentifyOptions::kMaxGenerations)
        ->capture_default_str();
    command->add_flag("--json", options->json, "Print the result as one JSON object");
    command->callback([options] {
        if (const int code = runIdentify(*options, std::cout); code != 0) throw CLI::RuntimeError(code);
    });
}

} // namespace catlab::cli
