#include "gui/lab_actions.hpp"
#include "gui/library_actions.hpp"
#include "gui/undo_actions.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/presets.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <vector>

namespace catlab::gui {
namespace {

void ruleChanged(Lab& lab) { lab.metrics.restartSmoothing(); }

void gridChanged(Lab& lab) {
    lab.view.setGrid(lab.session.size());
    lab.metrics.restartSmoothing();
}

// An undoable rule change: the rule alone, or the whole grid when the new rule has fewer states (cells in
// the states it lacks die); while playing, part of the run. Choosing the rule that runs already changes
// nothing.
void setRule(Lab& lab, const Rule& rule, const std::string& name, const Rule& shapeBase) {
    if (rule == lab.session.rule() && name == lab.session.ruleName() && shapeBase == lab.shapeBase) return;
    const std::string entryName = "rule " + rule.format();
    const auto change = [&] {
        lab.session.setRule(rule, name); // throws before changing anything
        lab.shapeBase = shapeBase;
    };
    if (changesJoinTheRun(lab)) {
        change();
    } else if (rule.states < lab.session.rule().states) {
        changeWholeGrid(lab, entryName, change);
    } else {
        RuleState before = captureRuleState(lab);
        change();
        lab.history.record(EditEntry{entryName, std::move(before)});
    }
    ruleChanged(lab);
}

} // namespace

void applyRuleText(Lab& lab, const std::string& text) {
    const ResolvedRule resolved = resolveRule(text); // throws before anything changes
    const RuleSpec& spec = resolved.spec;
    if (spec.size && (spec.size->width == 0 || spec.size->height == 0))
        throw Error("rule " + formatRuleSpec(spec) +
                    " leaves a side unbounded (0), which grows with a pattern: "
                    "open a pattern file with it, or give both sides a length");
    const std::string name = resolved.preset ? resolved.preset->name : std::string();
    if (spec.size && *spec.size != lab.session.size()) {
        changeWholeGrid(lab, "rule " + spec.rule.format(), [&] {
            lab.session.resize(*spec.size, spec.rule, name);
            lab.shapeBase = spec.rule;
        });
        gridChanged(lab);
        fitView(lab);
        return;
    }
    Rule rule = spec.rule;
    if (lab.session.growing()) rule.topology = lab.session.rule().topology; // stays unbounded
    setRule(lab, rule, name, rule);
}

void applyRuleShape(Lab& lab, const RuleShape& shape) {
    Rule rule = reshapeRule(lab.shapeBase, shape);
    rule.states = lab.session.rule().states;
    setRule(lab, rule, std::string(), lab.shapeBase);
}

void applyStates(Lab& lab, int states) {
    Rule rule = lab.session.rule();
    rule.states = states;
    Rule shapeBase = lab.shapeBase;
    shapeBase.states = states;
    setRule(lab, rule, std::string(), shapeBase);
}

void switchBackend(Lab& lab, const std::string& name) {
    lab.session.switchBackend(name);
    lab.metrics.restartSmoothing();
}

void resizeGrid(Lab& lab, GridSize size) {
    changeWholeGrid(lab, "size " + formatGridSize(size), [&] { lab.session.resize(size); });
    gridChanged(lab);
    fitView(lab);
}

void randomStart(Lab& lab, double density, std::uint64_t seed) {
    changeWholeGrid(lab, "random start", [&] { lab.session.randomStart(density, seed); });
    lab.metrics.restartSmoothing();
}

void clearGrid(Lab& lab) {
    changeWholeGrid(lab, "clear", [&] { lab.session.clear(); });
}

void stepNow(Lab& lab, int generations) {
    if (generations < 0) throw Error("cannot step a negative number of generations");
    const GridSize size = lab.session.size();
    // Paused, each step is undone on its own; playing, the generations of the run are undone together.
    if (!lab.run.playing) lab.history.endJoining(Joining::Generating);
    if (generations > 0) recordGenerating(lab);
    lab.populationHistory.record(lab.session); // where the steps start, e.g. a pattern just loaded
    const SimulationSession& session = lab.session;
    const std::int64_t originX = session.originX(), originY = session.originY();
    const double ms = lab.session.step(generations);
    if (lab.session.size() != size) { // a growing plane grew: the picture stays where it was
        const double centreX = lab.view.centreX() + double(originX - session.originX());
        const double centreY = lab.view.centreY() + double(originY - session.originY());
        gridChanged(lab);
        lab.view.centreOn(centreX, centreY);
    }
    lab.populationHistory.record(lab.session);
    lab.metrics.recordSteps(lab.session.backendName(), generations, ms, double(size.width) * double(size.height));
    if (const DistributedGridSession* ranks = lab.session.distributed())
        lab.metrics.ranks().recordSteps(ranks->ranks(), generations);
    if (!lab.run.playing) lab.history.endJoining(Joining::Generating);
}

void paintCells(Lab& lab, long long x, long long y, int state, bool continuesStroke) {
    const int states = lab.session.rule().states;
    if (state < 0 || state >= states)
        throw Error("state " + std::to_string(state) + " is outside 0.." + std::to_string(states - 1) + " of rule " +
                    lab.session.rule().format());
    const GridSize grid = lab.session.size();
    const int side = std::clamp(lab.brush.size, 1, Brush::kMaxSize);
    CellRect rect;
    rect.width = std::min(side, grid.width);
    rect.height = std::min(side, grid.height);
    // Wrapped first: any 64-bit cell coordinate, and nothing overflows.
    rect.x = wrapCoordinate(x, grid.width) - (rect.width - 1) / 2;
    rect.y = wrapCoordinate(y, grid.height) - (rect.height - 1) / 2;
    const std::vector<Cell> cells(std::size_t(rect.width) * std::size_t(rect.height), Cell(state));
    if (!continuesStroke) lab.history.endJoining(Joining::Stroke);
    UndoableCellEdit edit(lab, rect, state == 0 ? "erase" : "paint", Joining::Stroke);
    lab.session.writeCells(rect, cells);
    edit.commit();
}

void loadPattern(Lab& lab, const std::string& path) {
    const Pattern pattern = readPatternFile(path);
    const Rule rule = pattern.rule ? pattern.rule->rule : lab.session.rule();
    for (Cell c : pattern.cells.cells())
        if (c >= rule.states)
            throw Error(path + " holds cells in state " + std::to_string(int(c)) + " but rule " + rule.format() +
                        " has only " + std::to_string(rule.states) + " states");
    GridSize room = lab.session.size();
    if (pattern.cells.width() > room.width || pattern.cells.height() > room.height)
        room = {std::max(room.width, 2 * pattern.cells.width()), std::max(room.height, 2 * pattern.cells.height())};
    Rule placed = rule;
    // A file that names no topology opens on Golly's unbounded universe: a plane that grows with it (a
    // B0 rule would fill it at once: such a file goes on a torus). A tube or strip (a side of 0) grows
    // across that side alone.
    const std::optional<GridSize> named = pattern.rule ? pattern.rule->size : std::nullopt;
    const bool unboundedSide = named && (named->width == 0 || named->height == 0);
    if (unboundedSide && rule.birth.contains(0))
        throw Error("rule " + rule.format() +
                    " has B0: cells are born with no live neighbour, so the unbounded side of "
                    "the " +
                    describeTopology(rule.topology) + " would fill at once");
    // A grid cut into bands is a torus: such a file opens on one there.
    const bool unbounded = !lab.session.distributed() && (unboundedSide || (!named && !rule.birth.contains(0)));
    GridSize size = named ? *named : room;
    if (size.width == 0) size.width = room.width;
    if (size.height == 0) size.height = room.height;
    if (unbounded && !unboundedSide) placed.topology = Topology{.kind = TopologyKind::Plane};
    checkGridSize(size, &placed);
    const Grid grid = placePattern(pattern, size);
    changeWholeGrid(lab, "load " + std::filesystem::path(path).filename().string(), [&] {
        lab.session.load(grid, placed, pattern.name);
        lab.shapeBase = placed;
        if (unbounded) {
            const auto [posX, posY] = pattern.position.value_or(std::pair<long long, long long>{0, 0});
            lab.session.simulator().growWithPattern(posX - (size.width - pattern.cells.width()) / 2,
                                                    posY - (size.height - pattern.cells.height()) / 2);
        }
    });
    gridChanged(lab);
    fitView(lab);
    rememberOpenedFile(lab, path);
}

void savePattern(Lab& lab, const std::string& path) {
    const std::string name = lab.session.ruleName().empty()
                                 ? "generation " + std::to_string(lab.session.generation())
                                 : lab.session.ruleName() + ", generation " + std::to_string(lab.session.generation());
    const SimulationSession& session = lab.session;
    std::optional<std::pair<std::int64_t, std::int64_t>> unbounded;
    if (session.growing() || !session.growthStopped().empty())
        unbounded = std::pair{session.originX(), session.originY()};
    session.saveRle(
        path,
        RleExtras{.name = name, .comments = {}, .generation = session.generation(), .unboundedOrigin = unbounded});
}

void requestScreenshot(Lab& lab, const std::string& path, const std::string& requestedBy) {
    if (path.empty()) throw Error("the screenshot needs a file name");
    checkWritable(path);
    lab.screenshotRequests.push_back({path, requestedBy});
}

std::string defaultScreenshotName() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm local{};
    localtime_r(&now, &local);
    char text[64];
    std::strftime(text, sizeof text, "catlab-%Y%m%d-%H%M%S.png", &local);
    return text;
}

void fitView(Lab& lab) {
    // The panel floats over the right side: fit into what it leaves, unless that is too narrow.
    const int cover = lab.panelVisible ? std::clamp(lab.panelCover, 0, lab.viewWidth) : 0;
    const int free = lab.viewWidth - cover;
    if (cover == 0 || free < lab.viewWidth / 3) {
        lab.view.fit(lab.viewWidth, lab.viewHeight);
        return;
    }
    lab.view.fit(free, lab.viewHeight);
    lab.view.panPixels(-0.5 * cover, 0); // the picture's centre to the free part's centre
}

void changeSpeed(Lab& lab, bool faster) {
    int& steps = lab.run.stepsPerFrame;
    steps = faster ? std::min(steps * 2, RunSettings::kMaxStepsPerFrame) : std::max(steps / 2, 1);
}

} // namespace catlab::gui
