#include "session/simulation_session.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/rle.hpp"

#include <new>
#include <optional>

namespace catlab::gui {
namespace {

// Builds a simulator, turning a failed allocation into a message that names the grid.
template <class... Args>
std::unique_ptr<Simulator> makeSimulator(GridSize size, Args&&... args) {
    try {
        return std::make_unique<Simulator>(std::forward<Args>(args)...);
    } catch (const std::bad_alloc&) {
        throw Error("not enough memory for a " + formatGridSize(size) + " grid");
    }
}

} // namespace

SimulationSession::SimulationSession(const SceneStart& start)
    : ruleName_(start.ruleName), density_(start.density), seed_(start.seed) {
    if (start.spread.ranks > 0) {
        spread_ = std::make_unique<DistributedGridSession>(
            start.spread, start.rule, start.initial ? start.initial->size() : start.size,
            start.initial ? &*start.initial : nullptr, start.density, start.seed, start.backend);
        ++gridSerial_;
    } else if (start.initial)
        adopt(makeSimulator(start.initial->size(), start.rule, *start.initial, start.backend));
    else
        adopt(makeSimulator(start.size, start.rule, start.size, start.density, start.seed, start.backend));
}

std::string SimulationSession::requestedBackend() const {
    return sim_->autoBackend() ? std::string(kAutoBackend) : sim_->backendName();
}

void SimulationSession::adopt(std::unique_ptr<Simulator> next) {
    sim_ = std::move(next);
    ++revision_;
    ++gridSerial_;
}

void SimulationSession::rebuildSpread(const Rule& rule, GridSize size, const Grid* initial, double density,
                                      std::uint64_t seed, std::uint64_t generation) {
    try {
        spread_->rebuild(rule, size, initial, density, seed, generation);
    } catch (const std::bad_alloc&) {
        throw Error("not enough memory for a " + formatGridSize(initial ? initial->size() : size) + " grid");
    }
    notice_ = spread_->notice();
    ++revision_;
    ++gridSerial_;
}

const Simulator& SimulationSession::simulator() const {
    if (!sim_) throw Error("a grid cut into bands over ranks has no single simulator");
    return *sim_;
}

Simulator& SimulationSession::simulator() {
    if (!sim_) throw Error("a grid cut into bands over ranks has no single simulator");
    return *sim_;
}

std::uint64_t SimulationSession::population() const { return spread_ ? spread_->population() : sim_->population(); }

std::vector<Cell> SimulationSession::readCells(const CellRect& rect) const {
    return spread_ ? spread_->readCells(rect) : sim_->readCells(rect);
}

Grid SimulationSession::snapshot() const { return spread_ ? spread_->snapshot() : sim_->snapshot(); }

void SimulationSession::saveRle(const std::string& path, const RleExtras& extras) const {
    if (spread_)
        spread_->saveRle(path, extras);
    else
        writeRleFile(path, sim_->snapshot(), sim_->rule(), extras);
}

void SimulationSession::exportView(const ViewWindow& window, ViewTarget target) const {
    if (spread_)
        spread_->exportView(window, target);
    else
        sim_->exportView(window, target);
}

const std::string& SimulationSession::growthStopped() const {
    static const std::string never;
    return sim_ ? sim_->growthStopped() : never;
}

const char* SimulationSession::stepTimerMethod() const {
    return spread_ ? "steady_clock on every rank" : sim_->stepTimerMethod();
}

double SimulationSession::step(int generations) {
    if (generations <= 0) return 0;
    return spread_ ? spread_->step(generations) : sim_->timedStep(generations);
}

void SimulationSession::setRule(const Rule& rule, const std::string& name) {
    if (spread_) { // the cells go round rank 0: the new rule's halos may be deeper
        rule.validate();
        Grid cells = spread_->snapshot();
        clearStatesFrom(CellBuffer{cells.cells().data(), cells.size(), MemorySpace::Host}, rule.states);
        rebuildSpread(rule, cells.size(), &cells, density_, seed_, generation());
        ruleName_ = name;
        return;
    }
    sim_->setRule(rule); // throws before changing anything
    notice_ = sim_->notice();
    ruleName_ = name;
    ++revision_;
}

void SimulationSession::switchBackend(const std::string& name) {
    if (spread_)
        spread_->switchBackend(name);
    else
        sim_->switchBackend(name); // throws before changing anything when the backend cannot be had
    notice_.clear();
    ++revision_;
}

void SimulationSession::resize(GridSize size) {
    checkGridSize(size, &rule());
    if (spread_) {
        rebuildSpread(rule(), size, nullptr, density_, seed_, 0);
        notice_.clear();
        return;
    }
    adopt(makeSimulator(size, sim_->rule(), size, density_, seed_, requestedBackend()));
    notice_.clear();
}

void SimulationSession::resize(GridSize size, const Rule& rule, const std::string& name) {
    checkGridSize(size, &rule);
    std::optional<Grid> start;
    try {
        start.emplace(size);
    } catch (const std::bad_alloc&) {
        throw Error("not enough memory for a " + formatGridSize(size) + " grid");
    }
    fillRandom(*start, density_, seed_);
    load(*start, rule, name); // throws before changing anything
}

void SimulationSession::randomStart(double density, std::uint64_t seed) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    if (spread_)
        rebuildSpread(rule(), size(), nullptr, density, seed, 0);
    else
        adopt(makeSimulator(size(), sim_->rule(), size(), density, seed, requestedBackend()));
    density_ = density;
    seed_ = seed;
    notice_.clear();
}

void SimulationSession::clear() {
    if (spread_)
        rebuildSpread(rule(), size(), nullptr, 0.0, seed_, 0);
    else
        adopt(makeSimulator(size(), sim_->rule(), size(), 0.0, seed_, requestedBackend()));
    notice_.clear();
}

void SimulationSession::load(const Grid& grid, const Rule& rule, const std::string& name) {
    if (spread_) {
        rebuildSpread(rule, grid.size(), &grid, density_, seed_, 0);
        ruleName_ = name;
        return;
    }
    try {
        sim_->load(grid, rule); // throws before changing anything
    } catch (const std::bad_alloc&) {
        throw Error("not enough memory for a " + formatGridSize(grid.size()) + " grid");
    }
    notice_ = sim_->notice();
    ruleName_ = name;
    ++revision_;
}

void SimulationSession::restore(const Grid& grid, const Rule& rule, const std::string& name, std::uint64_t generation,
                                std::optional<std::pair<std::int64_t, std::int64_t>> growingOrigin) {
    if (spread_) {
        rebuildSpread(rule, grid.size(), &grid, density_, seed_, generation);
        ruleName_ = name;
        return;
    }
    load(grid, rule, name);
    sim_->setGeneration(generation);
    if (growingOrigin) sim_->growWithPattern(growingOrigin->first, growingOrigin->second);
}

void SimulationSession::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    if (spread_)
        spread_->writeCells(rect, cells);
    else
        sim_->writeCells(rect, cells);
    ++revision_;
}

} // namespace catlab::gui
