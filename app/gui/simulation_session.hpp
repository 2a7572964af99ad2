#pragma once

#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/rule.hpp"
#include "catlab/simulator.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

namespace catlab::gui {

// What the window starts on (the command line's scene).
struct SceneStart {
    Rule rule;
    std::string ruleName; // preset name or empty
    GridSize size;
    double density = 0.5;
    std::uint64_t seed = 1;
    std::string backend; // a registry name, or "auto"
    std::optional<Grid> initial;
};

// The running automaton of the window and every change a user can make to it. Each change either
// succeeds or throws catlab::Error naming the problem and leaves everything as it was (invalid
// rules, unavailable backends and grids too large for memory never disturb the running state).
class SimulationSession {
  public:
    explicit SimulationSession(const SceneStart& start);

    // Advances `generations` and returns the milliseconds they took (Simulator::timedStep: CUDA
    // events for device backends, so the figure is GPU time).
    double step(int generations);

    // Keeps the cells (cells in states the new rule lacks die). When the current backend cannot
    // compute the rule, the fastest one that can takes over (see lastNotice()).
    void setRule(const Rule& rule, const std::string& name);
    // Same cells, another backend; "auto" picks the fastest for the rule.
    void switchBackend(const std::string& name);
    // A new random grid of this size with the current density and seed.
    void resize(GridSize size);
    // The same under another rule (a rule that names its torus); the backend as in setRule().
    void resize(GridSize size, const Rule& rule, const std::string& name);
    // A new random start on the same grid.
    void randomStart(double density, std::uint64_t seed);
    void clear();
    // Replaces the whole state (and the grid size and rule when they differ); generation 0.
    void load(const Grid& grid, const Rule& rule, const std::string& name);
    // An earlier state put back (undo, Reset): load() at that generation, growing from `growingOrigin`
    // on a plane that grew with its pattern.
    void restore(const Grid& grid, const Rule& rule, const std::string& name, std::uint64_t generation,
                 std::optional<std::pair<std::int64_t, std::int64_t>> growingOrigin);

    void writeCells(const CellRect& rect, std::span<const Cell> cells);

    const Simulator& simulator() const { return *sim_; }
    Simulator& simulator() { return *sim_; }
    const Rule& rule() const { return sim_->rule(); }
    const std::string& ruleName() const { return ruleName_; }
    GridSize size() const { return sim_->size(); }
    const std::string& backendName() const { return sim_->backendName(); }
    std::uint64_t generation() const { return sim_->generation(); }
    double density() const { return density_; }
    std::uint64_t seed() const { return seed_; }
    // A note about the last change that the user should see (e.g. the backend changed with the rule).
    const std::string& lastNotice() const { return notice_; }
    // Counts every change of the state other than stepping, so views can tell when to redraw.
    std::uint64_t revision() const { return revision_; }

  private:
    void adopt(std::unique_ptr<Simulator> next);
    // "auto" while the simulator chooses its backend, else the backend's name: what a rebuilt grid asks for.
    std::string requestedBackend() const;

    std::unique_ptr<Simulator> sim_;
    std::string ruleName_;
    double density_ = 0.5;
    std::uint64_t seed_ = 1;
    std::uint64_t revision_ = 0;
    std::string notice_;
};

} // namespace catlab::gui
