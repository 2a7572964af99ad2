#include "gui/simulation_session.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

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
    if (start.initial)
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
}

double SimulationSession::step(int generations) {
    if (generations <= 0) return 0;
    return sim_->timedStep(generations);
}

void SimulationSession::setRule(const Rule& rule, const std::string& name) {
    sim_->setRule(rule); // throws before changing anything
    notice_ = sim_->notice();
    ruleName_ = name;
    ++revision_;
}

void SimulationSession::switchBackend(const std::string& name) {
    sim_->switchBackend(name); // throws before changing anything when the backend cannot be had
    notice_.clear();
    ++revision_;
}

void SimulationSession::resize(GridSize size) {
    checkGridSize(size, &sim_->rule());
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
    adopt(makeSimulator(size(), sim_->rule(), size(), density, seed, requestedBackend()));
    density_ = density;
    seed_ = seed;
    notice_.clear();
}

void SimulationSession::clear() {
    adopt(makeSimulator(size(), sim_->rule(), size(), 0.0, seed_, requestedBackend()));
    notice_.clear();
}

void SimulationSession::load(const Grid& grid, const Rule& rule, const std::string& name) {
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
    load(grid, rule, name);
    sim_->setGeneration(generation);
    if (growingOrigin) sim_->growWithPattern(growingOrigin->first, growingOrigin->second);
}

void SimulationSession::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    sim_->writeCells(rect, cells);
    ++revision_;
}

} // namespace catlab::gui
