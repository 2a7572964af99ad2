#pragma once

#include "catlab/backend.hpp"
#include "catlab/rule.hpp"
#include "shape_rows.hpp"

#include <vector>

namespace catlab {

// The oracle: counts every neighbourhood cell directly, one cell at a time, from the rule's
// NeighbourhoodShape (any shape, weighted or not). Written to be obviously right, not fast; every other
// backend is checked against it.
class CpuNaiveBackend final : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Host; }
    void load(ConstCellBuffer source) override;
    void store(CellBuffer destination) const override;
    void step(int generations) override;
    void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) override; // in place: no second grid
    std::uint64_t population() const override { return current_.population(); }
    void exportView(const ViewWindow& window, ViewTarget target) const override;
    void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const override;
    void writeCells(const CellRect& rect, std::span<const Cell> cells) override;
    void readCells(const CellRect& rect, std::span<Cell> cells) const override;
    // One byte per cell, in place; writable.
    std::optional<StateView> stateView() override {
        return cellsView(current_.cells().data(), current_.size(), MemorySpace::Host, current_.width(), true);
    }
    // Rows of a byte per cell, nothing beside them.
    std::optional<RawRows> rawRows() override {
        return RawRows{.planes = {reinterpret_cast<std::byte*>(current_.cells().data())},
                       .rowBytes = std::size_t(current_.width()),
                       .space = MemorySpace::Host};
    }

  protected:
    void prepare(const Rule& rule, GridSize size) override;

  private:
    void stepTorus();
    void stepBounded();

    Grid current_;
    Grid next_;
    NeighbourhoodShape shape_;
    std::vector<ShapeRow> rows_, flippedRows_; // the offsets by row; flipped: each (dx, -dy)
};

} // namespace catlab
