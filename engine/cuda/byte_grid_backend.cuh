#pragma once

#include "catlab/backend.hpp"
#include "device_buffer.hpp"
#include "device_rule.cuh"

namespace catlab::cuda {

// Shared by the GPU backends that keep one byte per cell in device memory (base, shared, coarse,
// mcell): double-buffered state, loading, storing, random fill and population on the device.
// A subclass supplies one generation: stepOnce(in, out).
class ByteGridBackend : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Device; }
    void load(ConstCellBuffer source) override;
    void store(CellBuffer destination) const override;
    void step(int generations) override;
    std::uint64_t population() const override;
    void randomize(double density, std::uint64_t seed) override;
    void synchronize() override;

  protected:
    void prepare(const Rule& rule, GridSize size) override;
    // Called by prepare() after the buffers and deviceRule() are set, for per-rule setup.
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
};

// Byte-grid utilities shared with backends of other layouts.
void copyCellsToDevice(ConstCellBuffer source, Cell* device, GridSize size);
void copyCellsFromDevice(const Cell* device, CellBuffer destination, GridSize size);
void fillRandomOnDevice(Cell* device, GridSize size, double density, std::uint64_t seed);
std::uint64_t countLiveOnDevice(const Cell* device, std::size_t count);

} // namespace catlab::cuda
