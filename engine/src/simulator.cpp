#include "catlab/simulator.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"

#include <algorithm>

namespace catlab {
namespace {

// Backends may assume every cell holds one of the rule's states (the fast GPU paths sum 2-state
// cells as stored), so a grid with other values is refused at the door.
void checkStates(const Grid& grid, const Rule& rule) {
    const auto cells = grid.cells();
    const auto bad = std::find_if(cells.begin(), cells.end(), [&](Cell c) { return c >= rule.states; });
    if (bad == cells.end()) return;
    const long long i = bad - cells.begin();
    throw Error("cell (" + std::to_string(i % grid.width()) + ", " + std::to_string(i / grid.width()) +
                ") is in state " + std::to_string(int(*bad)) + " but rule " + rule.format() + " has only " +
                std::to_string(rule.states) + " states");
}

} // namespace

Simulator::Simulator(const Rule& rule, const Grid& initial, const std::string& backend)
    : rule_(rule), size_(initial.size()) {
    checkStates(initial, rule_);
    backend_ = BackendRegistry::instance().create(backend, rule_, size_);
    backendName_ = BackendRegistry::instance().find(backend).name;
    backend_->load(hostBuffer(initial));
}

Simulator::Simulator(const Rule& rule, GridSize size, double density, std::uint64_t seed, const std::string& backend)
    : rule_(rule), size_(size) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    backend_ = BackendRegistry::instance().create(backend, rule_, size_);
    backendName_ = BackendRegistry::instance().find(backend).name;
    backend_->randomize(density, seed);
}

void Simulator::step(int generations) {
    if (generations < 0) throw Error("cannot step a negative number of generations");
    backend_->step(generations);
    generation_ += std::uint64_t(generations);
}

void Simulator::switchBackend(const std::string& name) {
    std::unique_ptr<Backend> next = BackendRegistry::instance().create(name, rule_, size_);
    if (backend_->memorySpace() == MemorySpace::Device && next->memorySpace() == MemorySpace::Device) {
        CellStorage staging(MemorySpace::Device, size_); // stays on the device: no host round trip
        backend_->store(staging.view());
        next->load(staging.view());
    } else {
        Grid state(size_);
        backend_->store(hostBuffer(state));
        next->load(hostBuffer(state));
    }
    backend_ = std::move(next);
    backendName_ = BackendRegistry::instance().find(name).name;
}

void Simulator::setRule(const Rule& rule) {
    rule.validate();
    const BackendInfo& info = BackendRegistry::instance().find(backendName_);
    if (auto why = info.unsupportedReason(rule))
        throw Error("backend '" + info.name + "' does not support rule " + rule.format() + ": " + *why);
    checkGridSize(size_, &rule);
    Grid state = snapshot();
    // Cells in states the new rule does not have die.
    for (Cell& c : state.cells())
        if (c >= rule.states) c = 0;
    backend_->configure(rule, size_);
    backend_->load(hostBuffer(state));
    rule_ = rule;
}

void Simulator::load(const Grid& grid) {
    checkStates(grid, rule_);
    if (grid.size() != size_) {
        checkGridSize(grid.size(), &rule_);
        backend_->configure(rule_, grid.size());
        size_ = grid.size();
    }
    backend_->load(hostBuffer(grid));
    generation_ = 0;
}

Grid Simulator::snapshot() const {
    Grid grid(size_);
    backend_->store(hostBuffer(grid));
    return grid;
}

} // namespace catlab
