#pragma once

#include "catlab/backend.hpp"

#include <cstddef>

namespace catlab {

// An owned byte-per-cell buffer in host or device memory (move-only). Used to hand a state from one
// backend to another without leaving the device.
class CellStorage {
  public:
    // Throws catlab::Error when the memory cannot be had (or there is no CUDA for device memory).
    CellStorage(MemorySpace space, GridSize size);
    CellStorage(CellStorage&& other) noexcept;
    CellStorage& operator=(CellStorage&& other) noexcept;
    CellStorage(const CellStorage&) = delete;
    CellStorage& operator=(const CellStorage&) = delete;
    ~CellStorage();

    CellBuffer view() { return {data_, size_, space_}; }
    ConstCellBuffer view() const { return {data_, size_, space_}; }

  private:
    void release() noexcept;

    Cell* data_ = nullptr;
    GridSize size_{};
    MemorySpace space_ = MemorySpace::Host;
};

// Cells in state `states` or above die (become 0), in host or device memory: what a rule with fewer
// states does to the cells it has no state for.
void clearStatesFrom(CellBuffer cells, int states);

// Raw device memory for CellStorage; implemented by the CUDA part of the engine (or refusing, without it).
void* allocateDeviceBytes(std::size_t bytes);
void freeDeviceBytes(void* pointer) noexcept;

// Copies `rows` rows of `rowBytes` bytes between host and/or device memory (pitches in bytes);
// without CUDA, device memory is refused.
void copyRows(void* destination, std::size_t destinationPitch, MemorySpace destinationSpace, const void* source,
              std::size_t sourcePitch, MemorySpace sourceSpace, std::size_t rowBytes, std::size_t rows);
// clearStatesFrom for device memory (refused without CUDA).
void clearStatesOnDevice(CellBuffer cells, int states);

} // namespace catlab
