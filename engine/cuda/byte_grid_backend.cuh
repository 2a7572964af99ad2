#pragma once

#include "catlab/backend.hpp"
#include "catlab/backend_spec.hpp"
#include "device_buffer.hpp"
#include "device_rule.cuh"
#include "device_staging.hpp"

namespace catlab::cuda {

// Shared by the GPU backends that keep one byte per cell in device memory (base, shared, coarse,
// mcell, general): double-buffered state, loading, storing, random fill and population on the device.
// A subclass supplies one generation: stepOnce(in, out).
class ByteGridBackend : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Device; }
    void load(ConstCellBuffer source) override;
    void store(CellBuffer destination) const override;
    void step(int generations) override;
    std::uint64_t population() const override;
    void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) override;
    void synchronize() override;
    // Read and written in place on the device (view_export.cuh, cell_rect_access.cuh).
    void exportView(const ViewWindow& window, ViewTarget target) const override;
    void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const override;
    void writeCells(const CellRect& rect, std::span<const Cell> cells) override;
    void readCells(const CellRect& rect, std::span<Cell> cells) const override;
    PatternSignature signature() const override;
    // One byte per cell, unpadded; writable (nothing is derived from the cells between steps).
    std::optional<StateView> stateView() override;
    void readRows(int firstRow, CellBuffer rows) const override;
    void writeRows(int firstRow, ConstCellBuffer rows) override;

  protected:
    void prepare(const Rule& rule, GridSize size) override;
    // Called by prepare() after the buffers are set: the rule in the form the kernel reads. By default
    // deviceRule() and table(), for the row-span kernels.
    virtual void prepareRule(const Rule& rule);
    // Called by prepare() after prepareRule(), for per-rule setup.
    virtual void prepareKernel() {}
    virtual void stepOnce(const Cell* in, Cell* out) = 0;

    const DeviceRule& deviceRule() const { return deviceRule_; }
    GridSize gridSize() const { return gridSize_; }
    // The rule's transitionBits on the device: tableWords() birth words, then as many survival words.
    const unsigned* table() const { return table_.data(); }
    int tableWords() const { return tableWords_; }

  private:
    DeviceBuffer<Cell> current_, next_;
    DeviceBuffer<unsigned> table_;
    int tableWords_ = 0;
    DeviceRule deviceRule_{};
    GridSize gridSize_{};
    mutable DeviceStaging staging_; // view pixels for host targets, painted cells
};

// Cell (x, y) of an unpadded row-major byte grid in device memory.
struct ByteGridReader {
    const Cell* cells;
    int width;
    __device__ unsigned operator()(int x, int y) const {
        return __ldg(cells + std::size_t(y) * std::size_t(width) + std::size_t(x));
    }
};

struct ByteGridWriter {
    Cell* cells;
    int width;
    __device__ void operator()(int x, int y, Cell state) const {
        cells[std::size_t(y) * std::size_t(width) + std::size_t(x)] = state;
    }
};

// What a byte-grid backend allocates for a rule and grid: the state, the next state and the transition
// table. (Staging for the view and painting grows with the window and the brush, not the grid.)
MemoryNeed byteGridMemoryNeed(const Rule& rule, GridSize size);

// Byte-grid utilities shared with backends of other layouts.
void copyCellsToDevice(ConstCellBuffer source, Cell* device, GridSize size);
void copyCellsFromDevice(const Cell* device, CellBuffer destination, GridSize size);
void fillRandomOnDevice(Cell* device, GridSize size, double density, std::uint64_t seed, std::uint32_t firstRow = 0);
std::uint64_t countLiveOnDevice(const Cell* device, std::size_t count);

} // namespace catlab::cuda
