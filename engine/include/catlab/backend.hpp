#pragma once

#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/memory_space.hpp"
#include "catlab/pattern_signature.hpp"
#include "catlab/rule.hpp"
#include "catlab/state_view.hpp"
#include "catlab/view.hpp"
#include "catlab/view_partials.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace catlab {

// A non-owning view of a W x H byte-per-cell state, row-major and unpadded, in host or device memory.
struct ConstCellBuffer {
    const Cell* data = nullptr;
    GridSize size{};
    MemorySpace space = MemorySpace::Host;
};

struct CellBuffer {
    Cell* data = nullptr;
    GridSize size{};
    MemorySpace space = MemorySpace::Host;
    operator ConstCellBuffer() const { return {data, size, space}; }
};

// A backend's state as rows of raw memory, lent for the halo exchange of a distributed grid: row y of
// plane p is the rowBytes bytes at planes[p] + y * rowBytes, the words the backend keeps beside the row
// included (they depend on that row alone). Ranks running the same backend on bands of one width copy
// each other's rows there, a word per 32 cells instead of a byte per cell.
struct RawRows {
    std::vector<std::byte*> planes;
    std::size_t rowBytes = 0;
    MemorySpace space = MemorySpace::Host;
};

// One way of computing generations. A backend owns its state in whatever layout suits it and converts
// to and from the canonical byte-per-cell layout in load() and store(). Backends are created by the
// BackendRegistry, which has already checked that the backend runs here and supports the rule.
class Backend {
  public:
    Backend() = default;
    Backend(const Backend&) = delete;
    Backend& operator=(const Backend&) = delete;
    virtual ~Backend() = default;

    virtual MemorySpace memorySpace() const = 0;

    // Prepare for a rule on a grid of this size; the state is undefined until load() or randomize().
    void configure(const Rule& rule, GridSize size) {
        prepare(rule, size);
        rule_ = rule;
        size_ = size;
        visible_ = size;
    }
    const Rule& rule() const { return rule_; }
    GridSize size() const { return size_; }

    // Copy the state in or out. Host buffers are accepted by every backend, device buffers by device backends.
    virtual void load(ConstCellBuffer source) = 0;
    virtual void store(CellBuffer destination) const = 0;

    virtual void step(int generations) = 0;
    virtual std::uint64_t population() const = 0; // cells in any non-zero state (Golly's population)

    // Same cells as catlab::fillRandom(density, seed); device backends fill on the device.
    void randomize(double density, std::uint64_t seed) { randomizeBand(density, seed, 0); }
    // The same for a band of a taller grid: row y of this state gets the random cells of row
    // firstRow + y (mod 2^32) of the taller one, so the bands of a distributed grid start as one grid would.
    virtual void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow);

    // Block until queued work has finished (device backends); timing code calls it.
    virtual void synchronize() {}

    // The window at screen resolution, as view.hpp defines it, into a host or device target. Throws
    // catlab::Error for a bad window or target. Backends override it to read their own layout in place
    // (device backends straight into device targets); the default copies the whole state to the host
    // first, a slow fallback for backends that have not.
    virtual void exportView(const ViewWindow& window, ViewTarget target) const;
    // The view of a grid this state is a band of (view_partials.hpp): for the target's pixel rows, the
    // partials over `rows` of the grid that m's y axis spans; m's x axis spans the state's first m.x.cells
    // columns (all of them, or a band's own ahead of its edge frame). Throws catlab::Error for rows outside
    // the state or the grid, or a bad target. Backends override it to read their own layout in place; the
    // default reads the rows on the host, a chunk of rows at a time.
    virtual void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const;

    // Views show only the top-left `visible` cells of the state, as if the grid ended there: the grid of a
    // bounded topology, whose edge frame lies beyond it (edge_frame_backend.hpp). Until configure() again.
    void showOnly(GridSize visible);
    GridSize visibleSize() const { return visible_; }

    // Overwrite or read the cells of a rectangle (coordinates wrap), `cells` row-major in host memory,
    // rect.width x rect.height of them, without touching the rest of the grid. Throws catlab::Error for
    // a bad rectangle or, when writing, a state the rule does not have. The defaults go through store()
    // and load() of the whole state; backends override them with direct writes.
    virtual void writeCells(const CellRect& rect, std::span<const Cell> cells);
    virtual void readCells(const CellRect& rect, std::span<Cell> cells) const;

    // Whole rows firstRow .. firstRow + rows.size.height - 1 (no wrapping) out of or into the state, in a
    // host or device buffer of rows.size.height rows of the grid's width: the halo exchange of a
    // distributed grid. Throws catlab::Error for rows outside the grid or a buffer of the wrong width;
    // writeRows expects states of the rule (the device paths do not check them). The defaults go through
    // readCells() and writeCells() on the host; device backends override them with device copies.
    virtual void readRows(int firstRow, CellBuffer rows) const;
    virtual void writeRows(int firstRow, ConstCellBuffer rows);
    // The current state's rows in place (see RawRows), valid until the next step; nullopt for backends
    // whose rows are not self-contained. After rows were copied in, rawRowsWritten() refreshes whatever
    // the backend derives from them (copies of wrapped rows).
    virtual std::optional<RawRows> rawRows() { return std::nullopt; }
    virtual void rawRowsWritten() {}

    // One generation in row ranges, for a distributed grid that sends its boundary rows while it computes
    // the rest: stepRows() computes rows firstRow .. firstRow + rows - 1 of the next generation, whose
    // rows nextRawRows() lends (valid until finishStep()); finishStep() makes it the current one. Rows no
    // stepRows() call computed keep what was copied there (halo rows from other ranks). Only where
    // stepsRowRanges() says so; the defaults throw catlab::Error.
    virtual bool stepsRowRanges() const { return false; }
    virtual void stepRows(int firstRow, int rows);
    virtual std::optional<RawRows> nextRawRows() { return std::nullopt; }
    virtual void finishStep();

    // The live cells' bounding box and hash (pattern_signature.hpp), equal to signatureOf() of the state
    // on every backend: what Identify looks at each generation. The default copies the whole state to
    // the host; device backends override it with a reduction on the device, where only the box's edges
    // and two numbers cross the bus.
    virtual PatternSignature signature() const;

    // The fewest bytes one generation must move per cell in this backend's layout (its state read once
    // and written once); the memory floor of a step is cells * this / bandwidth. One byte per cell: 2.
    virtual double bytesPerCellStep() const { return 2.0 * sizeof(Cell); }

    // Which of its kernels steps the current rule and grid, for backends that pick one of several
    // (benchmarks report it); empty for the others.
    virtual std::string kernelName() const { return {}; }

    // The state in place, in the backend's own layout (state_view.hpp), for code that reads it without a
    // copy (NumPy, CuPy, PyTorch); nullopt when the backend does not describe its layout.
    virtual std::optional<StateView> stateView() { return std::nullopt; }
    // Cells were written through a writable stateView(): drop whatever was derived from the old ones.
    virtual void stateWritten() {}

  protected:
    // Allocate and precompute for configure(); rule() and size() still hold the previous values.
    virtual void prepare(const Rule& rule, GridSize size) = 0;

  private:
    Rule rule_;
    GridSize size_{};
    GridSize visible_{};
};

// Throws catlab::Error unless rows of this size, from firstRow on, lie within the grid and are as wide
// (`what` names the caller in the message).
void checkRowAccess(const char* what, int firstRow, GridSize rows, GridSize grid);

inline ConstCellBuffer hostBuffer(const Grid& grid) { return {grid.cells().data(), grid.size(), MemorySpace::Host}; }
inline CellBuffer hostBuffer(Grid& grid) { return {grid.cells().data(), grid.size(), MemorySpace::Host}; }

} // namespace catlab
