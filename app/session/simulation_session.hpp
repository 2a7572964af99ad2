#pragma once

#include "session/distributed_grid_session.hpp"

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
#include <vector>

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
    RankSpread spread; // ranks > 0: the grid cut into bands over that many ranks (--gpus, --ranks)
};

// The running automaton of the window and every change a user can make to it. Each change either
// succeeds or throws catlab::Error naming the problem and leaves everything as it was (invalid
// rules, unavailable backends and grids too large for memory never disturb the running state).
// The automaton is one Simulator, or a grid cut into bands over ranks (distributed()): the window's
// parts read and change it through the session alone, which works the same either way; only a grid
// growing with its pattern is one Simulator's alone (a distributed grid has no unbounded side).
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

    // What the state is. A distributed grid answers through its ranks (collectively), so these are
    // not free; the view and the panel ask a few times a frame at most.
    std::uint64_t population() const;
    std::vector<Cell> readCells(const CellRect& rect) const; // checks the rectangle
    Grid snapshot() const;
    // The grid as an RLE file with its rule (writeRleFile); a distributed grid's rows are written as they
    // arrive from the ranks, never gathered whole.
    void saveRle(const std::string& path, const RleExtras& extras) const;
    void exportView(const ViewWindow& window, ViewTarget target) const;
    // The plane a grid grows on (Simulator::growing, originX/Y, growthStopped): never for a distributed grid.
    bool growing() const { return sim_ && sim_->growing(); }
    std::int64_t originX() const { return sim_ ? sim_->originX() : 0; }
    std::int64_t originY() const { return sim_ ? sim_->originY() : 0; }
    const std::string& growthStopped() const;
    // How step() times the generations (Simulator::stepTimerMethod, or every rank's wall clock).
    const char* stepTimerMethod() const;

    // The one Simulator; throws catlab::Error for a distributed grid, which has none.
    const Simulator& simulator() const;
    Simulator& simulator();
    // The ranks of a distributed grid, or nullptr for one Simulator.
    const DistributedGridSession* distributed() const { return spread_.get(); }
    const Rule& rule() const { return spread_ ? spread_->rule() : sim_->rule(); }
    const std::string& ruleName() const { return ruleName_; }
    GridSize size() const { return spread_ ? spread_->size() : sim_->size(); }
    const std::string& backendName() const { return spread_ ? spread_->backendName() : sim_->backendName(); }
    std::uint64_t generation() const { return spread_ ? spread_->generation() : sim_->generation(); }
    // Changes whenever the automaton is replaced by another (a new grid, not new cells): what a
    // population history starts again for.
    std::uint64_t gridSerial() const { return gridSerial_; }
    double density() const { return density_; }
    std::uint64_t seed() const { return seed_; }
    // A note about the last change that the user should see (e.g. the backend changed with the rule).
    const std::string& lastNotice() const { return notice_; }
    // Counts every change of the state other than stepping, so views can tell when to redraw.
    std::uint64_t revision() const { return revision_; }

  private:
    void adopt(std::unique_ptr<Simulator> next);
    // A distributed grid's replacement, at generation `generation`.
    void rebuildSpread(const Rule& rule, GridSize size, const Grid* initial, double density, std::uint64_t seed,
                       std::uint64_t generation);
    // "auto" while the simulator chooses its backend, else the backend's name: what a rebuilt grid asks for.
    std::string requestedBackend() const;

    std::unique_ptr<Simulator> sim_;                 // one grid, or
    std::unique_ptr<DistributedGridSession> spread_; // a grid cut into bands over ranks
    std::uint64_t gridSerial_ = 0;
    std::string ruleName_;
    double density_ = 0.5;
    std::uint64_t seed_ = 1;
    std::uint64_t revision_ = 0;
    std::string notice_;
};

} // namespace catlab::gui
