#pragma once

#include "catlab/backend.hpp"
#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/rule.hpp"
#include "catlab/step_timer.hpp"
#include "catlab/view.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace catlab {

// Owns the state of one automaton and the backend that advances it, and every change made to them.
// Switching backends (or rules) keeps the state: the next generation is the same whichever backend
// computes it. The backend name "auto" picks the fastest exact backend (chooseBackend) and picks
// again when the rule changes. A change either succeeds or throws catlab::Error naming the problem
// and leaves everything as it was.
class Simulator {
  public:
    Simulator(const Rule& rule, const Grid& initial, const std::string& backend);
    // A random start, filled by the backend itself (on the device for GPU backends). With `firstRandomRow`,
    // the cells of a band of a taller grid whose row 0 is that grid's row firstRandomRow (Backend::randomizeBand).
    Simulator(const Rule& rule, GridSize size, double density, std::uint64_t seed, const std::string& backend,
              std::uint32_t firstRandomRow = 0);
    ~Simulator();

    // Every cell dead, written where the backend keeps the state (on the device for GPU backends); the
    // generation stays.
    void clear() { backend_->randomize(0.0, 0); }

    void step(int generations = 1);
    // step(), timed on the backend: CUDA events around the launches on GPU backends (GPU time, not
    // launch overhead), the steady clock on CPU backends. Work queued before is finished first and not
    // counted. Returns milliseconds.
    double timedStep(int generations);
    const char* stepTimerMethod() const; // "cuda-events" or "steady_clock"
    // Blocks until the backend's queued work has finished.
    void synchronize() { backend_->synchronize(); }

    // Golly's unbounded universe, for a rule on a plane (rule.topology.kind == Plane): before live cells
    // come within the rule's reach of an edge, step() grows the grid around them, keeping every cell and
    // the generation, so the plane computes what an unbounded one would. `origin` is where cell (0, 0)
    // lies on the unbounded plane; growing to the left or upwards moves it. When the largest grid or the
    // free memory stops it, growthStopped() says why and the grid stays a bounded plane from then on.
    // A grid with unbounded sides (a tube :T0,h, a strip :Pw,0: topology.hpp) grows across those alone;
    // its other edges stay joined as its topology says. Throws catlab::Error for a rule on neither a
    // plane nor a grid with an unbounded side, or one with B0 (it would fill the plane).
    void growWithPattern(std::int64_t originX = 0, std::int64_t originY = 0);
    bool growing() const { return growing_; }
    std::int64_t originX() const { return originX_; }
    std::int64_t originY() const { return originY_; }
    const std::string& growthStopped() const { return growthStopped_; }

    // Same cells, another backend: a registered name or "auto". The state goes from one backend to the
    // other on the device when both keep it there.
    void switchBackend(const std::string& name);

    // The same cells under another rule; cells in states the new rule lacks die. When the backend in
    // use cannot compute the rule exactly, the fastest one that can takes over (see notice()); under
    // "auto" the fastest for the new rule runs it. The state stays on the device when the backend does.
    void setRule(const Rule& rule);

    // Replaces the whole state (and the grid size when it differs), generation 0, not growing. With a
    // rule, the rule changes too, the backend as in setRule().
    void load(const Grid& grid);
    void load(const Grid& grid, const Rule& rule);
    // The generation count of a state put back with load() (undo returning to an earlier generation).
    void setGeneration(std::uint64_t generation) { generation_ = generation; }

    Grid snapshot() const;
    // The state as one byte per cell, row-major, into a host buffer or (device backends) a device one.
    void store(CellBuffer destination) const { backend_->store(destination); }

    // The running backend's state in place (state_view.hpp), or nullopt when it does not describe it.
    // Valid until the backend or its rule or size changes; stepping may move the state to the other buffer.
    std::optional<StateView> stateView() { return backend_->stateView(); }
    // Cells were written through a writable stateView() since the last step.
    void stateWritten() { backend_->stateWritten(); }

    // The visible window at screen resolution, into host or device memory (view.hpp defines the pixels).
    // Reads the backend's state in place: the grid is never copied.
    void exportView(const ViewWindow& window, ViewTarget target) const { backend_->exportView(window, target); }
    // The partials of a view of a grid this state is a band of (Backend::exportViewPartials).
    void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const {
        backend_->exportViewPartials(m, rows, target);
    }
    // The same, timed as timedStep() times steps (CUDA events for GPU backends): milliseconds.
    double timedExportView(const ViewWindow& window, ViewTarget target) const;

    // Painting: overwrite the cells of a rectangle (coordinates wrap) from a row-major host buffer of
    // rect.width x rect.height cells, or read them; only those cells travel. Throws catlab::Error for a
    // rectangle larger than the grid, a buffer of the wrong length or a state the rule does not have.
    void writeCells(const CellRect& rect, std::span<const Cell> cells) { backend_->writeCells(rect, cells); }
    std::vector<Cell> readCells(const CellRect& rect) const;
    // Whole rows into or out of a host or device buffer (Backend::readRows, writeRows): halo exchange.
    void readRows(int firstRow, CellBuffer rows) const { backend_->readRows(firstRow, rows); }
    void writeRows(int firstRow, ConstCellBuffer rows) { backend_->writeRows(firstRow, rows); }
    std::optional<RawRows> rawRows() { return backend_->rawRows(); }
    void rawRowsWritten() { backend_->rawRowsWritten(); }
    // One generation in row ranges (Backend::stepRows), for a distributed grid's overlapped exchange.
    bool stepsRowRanges() const { return !growing_ && backend_->stepsRowRanges(); }
    void stepRows(int firstRow, int rows) { backend_->stepRows(firstRow, rows); }
    std::optional<RawRows> nextRawRows() { return backend_->nextRawRows(); }
    void finishStep() {
        backend_->finishStep();
        ++generation_;
    }
    std::uint64_t population() const { return backend_->population(); }
    // The live cells' bounding box and hash, computed where the state is (Backend::signature).
    PatternSignature signature() const { return backend_->signature(); }
    std::uint64_t generation() const { return generation_; }
    const Rule& rule() const { return rule_; }
    GridSize size() const { return size_; }
    const std::string& backendName() const { return backendName_; } // never "auto": the backend running
    bool autoBackend() const { return autoBackend_; }
    const std::string& backendReason() const { return backendReason_; } // why auto picked it, or empty
    // Where the running backend keeps the state, and the fewest bytes a generation moves per cell there.
    MemorySpace memorySpace() const { return backend_->memorySpace(); }
    double bytesPerCellStep() const { return backend_->bytesPerCellStep(); }
    std::string kernelName() const { return backend_->kernelName(); } // Backend::kernelName
    // Why the last setRule() or load() changed the backend, or empty when it did not.
    const std::string& notice() const { return notice_; }

  private:
    struct Pick; // a registered backend name, and whether and why it was chosen
    enum class Fallback { Refuse, ToFastest };
    Pick pick(const std::string& requested, const Rule& rule, GridSize size, Fallback fallback) const;
    void adopt(std::unique_ptr<Backend> backend, Pick pick);
    void changeRule(const Rule& rule, const Grid* replacement);
    // Growing planes: how far live cells are from each edge, how many generations may run before they come
    // within reach of one, and growing the grid (or stopping growth) when none may.
    struct EdgeDistances {
        int left = 0, right = 0, top = 0, bottom = 0;
        int generationsBefore(int reach) const;
    };
    EdgeDistances liveCellDistances() const;
    void grow(const EdgeDistances& near);
    double advance(int generations, bool timed);
    void forgetGrowth();

    Rule rule_;
    GridSize size_;
    std::string backendName_;
    std::unique_ptr<Backend> backend_;
    mutable std::unique_ptr<StepTimer> timer_; // for the running backend's memory space, made when first used
    std::uint64_t generation_ = 0;
    bool autoBackend_ = false;
    std::string backendReason_;
    std::string notice_;
    bool growing_ = false;
    std::int64_t originX_ = 0, originY_ = 0;
    std::string growthStopped_;
};

} // namespace catlab
