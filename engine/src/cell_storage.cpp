#include "catlab/cell_storage.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <new>
#include <utility>

namespace catlab {

CellStorage::CellStorage(MemorySpace space, GridSize size) : size_(size), space_(space) {
    checkGridSize(size);
    const std::size_t bytes = std::size_t(size.width) * std::size_t(size.height);
    if (space == MemorySpace::Device) {
        data_ = static_cast<Cell*>(allocateDeviceBytes(bytes));
    } else {
        data_ = new (std::nothrow) Cell[bytes];
        if (!data_) throw Error("out of host memory allocating " + std::to_string(bytes >> 20) + " MiB of cells");
    }
}

CellStorage::CellStorage(CellStorage&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)), size_(other.size_), space_(other.space_) {}

CellStorage& CellStorage::operator=(CellStorage&& other) noexcept {
    if (this != &other) {
        release();
        data_ = std::exchange(other.data_, nullptr);
        size_ = other.size_;
        space_ = other.space_;
    }
    return *this;
}

CellStorage::~CellStorage() { release(); }

void CellStorage::release() noexcept {
    if (!data_) return;
    if (space_ == MemorySpace::Device)
        freeDeviceBytes(data_);
    else
        delete[] data_;
    data_ = nullptr;
}

void clearStatesFrom(CellBuffer cells, int states) {
    if (states >= kMaxStates) return; // every cell value is a state
    if (cells.space == MemorySpace::Device) return clearStatesOnDevice(cells, states);
    const std::size_t count = std::size_t(cells.size.width) * std::size_t(cells.size.height);
    std::replace_if(
        cells.data, cells.data + count, [states](Cell c) { return c >= states; }, Cell{0});
}

} // namespace catlab
