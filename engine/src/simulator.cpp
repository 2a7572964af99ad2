#include "catlab/simulator.hpp"

#include "catlab/backend_choice.hpp"
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

struct Simulator::Pick {
    std::string name;
    bool isAuto = false;
    std::string reason;
};

Simulator::Pick Simulator::pick(const std::string& requested, const Rule& rule, GridSize size) {
    const BackendRegistry& registry = BackendRegistry::instance();
    if (!isAutoBackend(requested)) {
        if (!registry.contains(requested))
            throw Error("unknown backend '" + requested + "' (known: " + registry.knownNames() + ", or auto)");
        return {registry.find(requested).name, false, {}};
    }
    BackendChoice choice = chooseBackend(rule, size);
    return {std::move(choice.name), true, std::move(choice.reason)};
}

void Simulator::adopt(std::unique_ptr<Backend> backend, Pick chosen) {
    backend_ = std::move(backend);
    backendName_ = std::move(chosen.name);
    autoBackend_ = chosen.isAuto;
    backendReason_ = std::move(chosen.reason);
}

Simulator::Simulator(const Rule& rule, const Grid& initial, const std::string& backend)
    : rule_(rule), size_(initial.size()) {
    checkStates(initial, rule_);
    Pick chosen = pick(backend, rule_, size_);
    std::unique_ptr<Backend> created = BackendRegistry::instance().create(chosen.name, rule_, size_);
    adopt(std::move(created), std::move(chosen));
    backend_->load(hostBuffer(initial));
}

Simulator::Simulator(const Rule& rule, GridSize size, double density, std::uint64_t seed, const std::string& backend)
    : rule_(rule), size_(size) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    Pick chosen = pick(backend, rule_, size_);
    std::unique_ptr<Backend> created = BackendRegistry::instance().create(chosen.name, rule_, size_);
    adopt(std::move(created), std::move(chosen));
    backend_->randomize(density, seed);
}

void Simulator::step(int generations) {
    if (generations < 0) throw Error("cannot step a negative number of generations");
    backend_->step(generations);
    generation_ += std::uint64_t(generations);
}

void Simulator::switchBackend(const std::string& requested) {
    Pick chosen = pick(requested, rule_, size_);
    std::unique_ptr<Backend> next = BackendRegistry::instance().create(chosen.name, rule_, size_);
    if (backend_->memorySpace() == MemorySpace::Device && next->memorySpace() == MemorySpace::Device) {
        CellStorage staging(MemorySpace::Device, size_); // stays on the device: no host round trip
        backend_->store(staging.view());
        next->load(staging.view());
    } else {
        Grid state(size_);
        backend_->store(hostBuffer(state));
        next->load(hostBuffer(state));
    }
    adopt(std::move(next), std::move(chosen));
}

void Simulator::setRule(const Rule& rule) {
    rule.validate();
    checkGridSize(size_, &rule);
    // Under "auto" the fastest backend for the new rule may be another one: change both together.
    const Pick chosen = pick(autoBackend_ ? std::string(kAutoBackend) : backendName_, rule, size_);
    const BackendInfo& info = BackendRegistry::instance().find(chosen.name);
    if (auto why = info.unsupportedReason(rule))
        throw Error("backend '" + info.name + "' does not support rule " + rule.format() + ": " + *why);
    Grid state = snapshot();
    // Cells in states the new rule does not have die.
    for (Cell& c : state.cells())
        if (c >= rule.states) c = 0;
    if (chosen.name != backendName_)
        adopt(BackendRegistry::instance().create(chosen.name, rule, size_), chosen);
    else
        backend_->configure(rule, size_);
    backendReason_ = chosen.reason;
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

std::vector<Cell> Simulator::readCells(const CellRect& rect) const {
    checkCellRect(rect, size_, std::size_t(std::max(rect.width, 0)) * std::size_t(std::max(rect.height, 0)));
    std::vector<Cell> cells(std::size_t(rect.width) * std::size_t(rect.height));
    backend_->readCells(rect, cells);
    return cells;
}

} // namespace catlab
