#include "gui/simulation_session.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <new>

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
    auto timer = makeStepTimer(next->backend().memorySpace());
    sim_ = std::move(next);
    timer_ = std::move(timer);
    ++revision_;
}

double SimulationSession::step(int generations) {
    if (generations <= 0) return 0;
    // Through the backend, so the timer sees exactly the step; the session counts generations itself.
    const double ms = timer_->time(sim_->backend(), generations);
    generation_ += std::uint64_t(generations);
    return ms;
}

void SimulationSession::setRule(const Rule& rule, const std::string& name) {
    rule.validate();
    notice_.clear();
    const BackendInfo& current = BackendRegistry::instance().find(sim_->backendName());
    if (sim_->autoBackend() || !current.unsupportedReason(rule)) { // under auto the simulator picks again
        sim_->setRule(rule);
        ++revision_;
    } else {
        // The state moves to a backend that can compute the rule; built before the old one goes.
        const std::string backend = chooseBackend(rule, size()).name;
        Grid state = sim_->snapshot();
        for (Cell& c : state.cells())
            if (c >= rule.states) c = 0;
        adopt(makeSimulator(state.size(), rule, state, backend));
        notice_ = "backend " + current.name + " cannot compute this rule; switched to " + sim_->backendName();
    }
    ruleName_ = name;
}

void SimulationSession::switchBackend(const std::string& name) {
    notice_.clear();
    sim_->switchBackend(name); // throws before changing anything when the backend cannot be had
    timer_ = makeStepTimer(sim_->backend().memorySpace());
    ++revision_;
}

void SimulationSession::resize(GridSize size) {
    notice_.clear();
    checkGridSize(size, &sim_->rule());
    adopt(makeSimulator(size, sim_->rule(), size, density_, seed_, requestedBackend()));
    generation_ = 0;
}

void SimulationSession::reset(double density, std::uint64_t seed) {
    notice_.clear();
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    adopt(makeSimulator(size(), sim_->rule(), size(), density, seed, requestedBackend()));
    density_ = density;
    seed_ = seed;
    generation_ = 0;
}

void SimulationSession::clear() {
    notice_.clear();
    adopt(makeSimulator(size(), sim_->rule(), size(), 0.0, seed_, requestedBackend()));
    generation_ = 0;
}

void SimulationSession::load(const Grid& grid, const Rule& rule, const std::string& name) {
    notice_.clear();
    rule.validate();
    checkGridSize(grid.size(), &rule);
    std::string backend = requestedBackend();
    if (!sim_->autoBackend() && BackendRegistry::instance().find(backend).unsupportedReason(rule)) {
        backend = chooseBackend(rule, grid.size()).name;
        notice_ = "backend " + sim_->backendName() + " cannot compute this rule; switched to " + backend;
    }
    adopt(makeSimulator(grid.size(), rule, grid, backend));
    ruleName_ = name;
    generation_ = 0;
}

void SimulationSession::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    sim_->writeCells(rect, cells);
    ++revision_;
}

} // namespace catlab::gui
