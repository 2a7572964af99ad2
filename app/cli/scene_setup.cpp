#include "cli/scene_setup.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/presets.hpp"
#include "catlab/topology.hpp"

#include <charconv>
#include <ostream>

namespace catlab::cli {
namespace {

// Room around a pattern that names no torus: at least the default size, and twice the pattern.
GridSize roomFor(const Grid& pattern) {
    return {std::max(kDefaultSize.width, 2 * pattern.width()), std::max(kDefaultSize.height, 2 * pattern.height())};
}

} // namespace

Scene setUpScene(const RunOptions& options, std::ostream& notices, Unbounded unbounded, const RoomForPattern& room) {
    Scene scene;
    std::optional<RuleSpec> cliRule;
    const Preset* preset = nullptr;
    if (options.rule) {
        ResolvedRule resolved = resolveRule(*options.rule);
        cliRule = resolved.spec;
        preset = resolved.preset;
    }
    const std::optional<GridSize> cliSize = options.size ? std::optional(parseGridSize(*options.size)) : std::nullopt;

    if (options.inPath) {
        if (options.density) throw Error("--density sets a random start and cannot be combined with --in");
        Pattern pattern = readPatternFile(*options.inPath);
        const std::optional<RuleSpec>& fileRule = pattern.rule;
        if (cliRule && fileRule && !(cliRule->rule == fileRule->rule))
            notices << "catlab: note: --rule " << cliRule->rule.format() << " overrides the rule "
                    << fileRule->rule.format() << " named in " << *options.inPath << '\n';
        if (!cliRule && !fileRule) throw Error(*options.inPath + " names no rule: give one with --rule");
        const RuleSpec spec = cliRule ? *cliRule : *fileRule;
        scene.rule = spec.rule;

        // Size: --size, else the torus of the --rule string, else the file's torus, else room around it.
        std::optional<GridSize> fileTorus = fileRule ? fileRule->size : std::nullopt;
        if (cliSize && fileTorus && *cliSize != *fileTorus)
            notices << "catlab: note: --size " << formatGridSize(*cliSize) << " overrides the torus "
                    << formatGridSize(*fileTorus) << " named in " << *options.inPath << '\n';
        if (cliSize && cliRule && cliRule->size && *cliSize != *cliRule->size)
            throw Error("--size " + formatGridSize(*cliSize) + " contradicts the torus " +
                        formatGridSize(*cliRule->size) + " in --rule");
        const std::optional<GridSize> named = cliSize ? cliSize : cliRule && cliRule->size ? cliRule->size : fileTorus;
        const GridSize around = room ? room(pattern.cells, scene.rule) : roomFor(pattern.cells);
        scene.size = named ? *named : around;
        // A side of 0 (a tube :T0,h, a strip :Pw,0) is unbounded: room around the pattern that way.
        const bool unboundedSide = named && (named->width == 0 || named->height == 0);
        if (unboundedSide) {
            if (!cliRule || !cliRule->size) scene.rule.topology = fileRule->rule.topology;
            if (named->width == 0) scene.size.width = around.width;
            if (named->height == 0) scene.size.height = around.height;
            if (unbounded == Unbounded::GrowingPlane) {
                if (scene.rule.birth.contains(0))
                    throw Error("rule " + scene.rule.format() +
                                " has B0: cells are born with no live neighbour, so "
                                "the unbounded side of the " +
                                describeTopology(scene.rule.topology) +
                                " would fill at once; give the pattern a bounded topology");
                scene.growing = true;
                const auto [posX, posY] = pattern.position.value_or(std::pair<long long, long long>{0, 0});
                scene.originX = posX - (scene.size.width - pattern.cells.width()) / 2;
                scene.originY = posY - (scene.size.height - pattern.cells.height()) / 2;
            } else {
                // A bounded grid around the pattern: the joins of the tube or strip stay, the rest is the room's.
                scene.rule.topology.unboundedWidth = scene.rule.topology.unboundedHeight = false;
            }
        }
        for (Cell c : pattern.cells.cells())
            if (c >= scene.rule.states)
                throw Error(*options.inPath + " holds cells in state " + std::to_string(int(c)) + " but rule " +
                            scene.rule.format() + " has only " + std::to_string(scene.rule.states) + " states");
        const bool namesNoTopology = !named;
        if (namesNoTopology && unbounded == Unbounded::GrowingPlane) {
            if (scene.rule.birth.contains(0)) {
                notices << "catlab: note: rule " << scene.rule.format()
                        << " has B0, which would fill an unbounded plane at once: " << *options.inPath
                        << " is placed on a " << formatGridSize(scene.size) << " torus\n";
            } else {
                scene.rule.topology.kind = TopologyKind::Plane;
                scene.growing = true;
                // placePattern centres the cells; the file's own coordinates (Golly's) put them at Pos.
                const auto [posX, posY] = pattern.position.value_or(std::pair<long long, long long>{0, 0});
                scene.originX = posX - (scene.size.width - pattern.cells.width()) / 2;
                scene.originY = posY - (scene.size.height - pattern.cells.height()) / 2;
            }
        }
        checkGridSize(scene.size, &scene.rule);
        scene.initial = placePattern(pattern, scene.size);
        scene.ruleName = preset ? preset->name : pattern.name;
        scene.comments = pattern.comments;
    } else {
        const RuleSpec spec = cliRule ? *cliRule : RuleSpec{defaultPreset().rule, std::nullopt};
        if (!cliRule) preset = &defaultPreset();
        scene.rule = spec.rule;
        if (spec.size && (spec.size->width == 0 || spec.size->height == 0))
            throw Error("rule " + formatRuleSpec(spec) +
                        " leaves a side unbounded (0), which grows with a pattern: "
                        "open one with --in, or give the random start a bounded grid");
        if (cliSize && spec.size && *cliSize != *spec.size)
            throw Error("--size " + formatGridSize(*cliSize) + " contradicts the torus " + formatGridSize(*spec.size) +
                        " in --rule");
        scene.size = cliSize ? *cliSize : spec.size ? *spec.size : kDefaultSize;
        scene.density = options.density ? *options.density : preset ? preset->density : 0.5;
        if (!(scene.density >= 0.0 && scene.density <= 1.0))
            throw Error("--density " + std::to_string(scene.density) + " is outside 0..1");
        checkGridSize(scene.size, &scene.rule, kMaxWideGridCells); // no host grid: the backend's limit applies
        scene.ruleName = preset ? preset->name : std::string();
    }
    scene.backend = options.backend ? *options.backend : std::string(kAutoBackend);
    return scene;
}

RleExtras outputExtras(const Scene& scene, std::uint64_t generation,
                       std::optional<std::pair<std::int64_t, std::int64_t>> origin) {
    return RleExtras{.name = scene.ruleName.empty() ? std::string()
                                                    : scene.ruleName + ", generation " + std::to_string(generation),
                     .comments = scene.comments,
                     .generation = generation,
                     .unboundedOrigin = scene.growing ? origin : std::nullopt};
}

} // namespace catlab::cli
