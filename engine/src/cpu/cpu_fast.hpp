#pragma once

#include "catlab/backend.hpp"

#include <cstdint>
#include <memory>

namespace catlab {

// The fast CPU backend, bit-for-bit equal to cpu-naive. Neighbour counts come from running sums, so a
// Moore, von Neumann, line (cross, saltire, star, hash) or checkerboard generation costs O(1) per cell
// at any radius (circular: O(r); the other shapes: O(cells of the shape)); rows with no live
// cell within reach are written without counting. Rows are split into bands over ThreadPool::shared(),
// and the inner loops run over contiguous rows so that the compiler (or a few SSE2 intrinsics) can
// vectorise them.
class CpuFastBackend final : public Backend {
  public:
    CpuFastBackend();
    ~CpuFastBackend() override;

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
    void stateWritten() override;

    // The kernels for one rule and grid size; defined in cpu_fast.cpp.
    class Stepper;

  protected:
    void prepare(const Rule& rule, GridSize size) override;

  private:
    Grid current_;
    Grid next_;
    std::unique_ptr<Stepper> stepper_;
};

} // namespace catlab
