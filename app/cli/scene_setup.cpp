#include "cli/scene_setup.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/host_memory.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/presets.hpp"
#include "catlab/rle_stream.hpp"
#include "catlab/topology.hpp"

#include <algorithm>
#include <charconv>
#include <ostream>

namespace catlab::cli {
namespace {

// Room around a pattern that names no torus: at least the default size, and twice the pattern.
GridSize roomFor(GridSize pattern) {
    return {std::max(kDefaultSize.width, 2 * pattern.width), std::max(kDefaultSize.height, 2 * pattern.height)};
}

// A pattern file's metadata and bounding box, with its cells (whole) or only checked (streamed).
struct PatternInput {
    Pattern pattern; // no cells when streamed
    GridSize box;
    Cell highestState = 0;
    bool streamed = false;
};

// A distributed grid loaded from a whole pattern goes through rank 0 whole: it must fit what rank 0 may
// gather, as for a gathered grid (DistributedSimulator::checkGatherFits).
void checkWholeGridFits(const std::string& path, GridSize size) {
    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height), room = gatherHostBytes();
    if (cells > room)
        throw Error(path + " is read whole (only RLE streams into the bands) and its " + formatGridSize(size) +
                    " grid needs " + std::to_string((cells + (1 << 20) - 1) >> 20) +
                    " MiB on rank 0, which may gather only " + std::to_string(room >> 20) +
                    " MiB (free memory, CATLAB_GATHER_MEMORY_MIB)");
}

PatternInput readPatternInput(const std::string& path, PatternCells cells) {
    PatternInput input;
    if (cells == PatternCells::StreamRle && detectPatternFileFormat(path) == PatternFormat::Rle) {
        RleFileReader file(path);
        file.rle().readRows(nullptr, file.rle().rowsLeft(), 0); // checks every cell, holding none
        input.pattern = file.rle().metadata();
        input.box = file.rle().size();
        input.highestState = file.rle().highestState();
        input.streamed = true;
        return input;
    }
    input.pattern = readPatternFile(path);
    input.box = input.pattern.cells.size();
    const auto cellsRead = input.pattern.cells.cells();
    if (!cellsRead.empty()) input.highestState = *std::max_element(cellsRead.begin(), cellsRead.end());
    return input;
}

} // namespace

Scene setUpScene(const RunOptions& options, std::ostream& notices, Unbounded unbounded, const RoomForPattern& room,
                 PatternCells cells) {
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
        const PatternInput input = readPatternInput(*options.inPath, cells);
        const Pattern& pattern = input.pattern;
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
        const GridSize around = room ? room(input.box, scene.rule) : roomFor(input.box);
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
                scene.originX = posX - (scene.size.width - input.box.width) / 2;
                scene.originY = posY - (scene.size.height - input.box.height) / 2;
            } else {
                // A bounded grid around the pattern: the joins of the tube or strip stay, the rest is the room's.
                scene.rule.topology.unboundedWidth = scene.rule.topology.unboundedHeight = false;
            }
        }
        if (input.highestState >= scene.rule.states)
            throw Error(*options.inPath + " holds cells in state " + std::to_string(int(input.highestState)) +
                        " but rule " + scene.rule.format() + " has only " + std::to_string(scene.rule.states) +
                        " states");
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
                scene.originX = posX - (scene.size.width - input.box.width) / 2;
                scene.originY = posY - (scene.size.height - input.box.height) / 2;
            }
        }
        if (input.streamed) {
            checkGridSize(scene.size, &scene.rule, kMaxWideGridCells); // bands over ranks: no host grid
            placementOf(input.box, pattern, scene.size);               // refuses a pattern that does not fit
            scene.streamedRle = *options.inPath;
        } else {
            checkGridSize(scene.size, &scene.rule);
            if (cells == PatternCells::StreamRle) checkWholeGridFits(*options.inPath, scene.size);
            scene.initial = placePattern(pattern, scene.size);
        }
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
