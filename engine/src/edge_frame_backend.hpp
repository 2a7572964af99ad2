#pragma once
// Any topology on a backend that computes tori only. The grid W x H lives in the top-left corner of a
// torus (W + 2r) x (H + 2r); the 2r columns to its right and rows below it are the edge frame. The frame
// always holds what the topology says lies past each edge (the cells it stands for, or zeros outside a
// plane): it is refilled after every generation and every write, so a step on the torus computes every
// cell of the grid exactly as the topology joins them, whatever the torus backend does.
#include "catlab/backend.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace catlab {

class EdgeFrameBackend final : public Backend {
  public:
    explicit EdgeFrameBackend(std::unique_ptr<Backend> torusBackend);

    // The torus the grid and its frame need for this rule.
    static GridSize framedSize(const Rule& rule, GridSize size);
    // Host bytes the frame's buffers take beside the torus backend, staging included.
    static std::uint64_t frameHostBytes(const Rule& rule, GridSize size);

    MemorySpace memorySpace() const override { return inner_->memorySpace(); }
    void load(ConstCellBuffer source) override;
    void store(CellBuffer destination) const override;
    void step(int generations) override;
    std::uint64_t population() const override;
    void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) override;
    void synchronize() override { inner_->synchronize(); }
    void exportView(const ViewWindow& window, ViewTarget target) const override;
    void writeCells(const CellRect& rect, std::span<const Cell> cells) override;
    void readCells(const CellRect& rect, std::span<Cell> cells) const override;
    double bytesPerCellStep() const override { return inner_->bytesPerCellStep(); }
    std::string kernelName() const override { return inner_->kernelName(); }
    // The torus backend's view cut to the grid: the frame lies past its last row and column.
    std::optional<StateView> stateView() override;
    void stateWritten() override;

  protected:
    void prepare(const Rule& rule, GridSize size) override;

  private:
    void refillFrame();

    static constexpr std::uint32_t kDead = ~std::uint32_t(0);

    std::unique_ptr<Backend> inner_;
    GridSize frameSize_{};       // the torus: grid and frame
    std::vector<CellRect> rim_;  // the strips along the grid's edges the frame's cells come from
    std::vector<Cell> rimCells_; // their cells, strip after strip
    CellRect below_{}, right_{}; // the frame: the rows below the grid, the columns right of it
    std::vector<std::uint32_t> belowSource_, rightSource_; // index into rimCells_ of each, or kDead
    std::vector<Cell> belowCells_, rightCells_;
    std::uint64_t framePopulation_ = 0; // live cells in the frame: the torus counts them, the grid must not
};

} // namespace catlab
