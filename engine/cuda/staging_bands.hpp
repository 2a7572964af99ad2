#pragma once
// Host loads and stores of a device backend's whole state go through device staging in bands of whole
// rows, so that the staging stays small however large the grid (a band of a distributed grid may have
// 2^38 cells: a byte per cell would not fit the GPU beside the state). Plain C++: the CPU tests check
// the offsets at sizes no test can allocate.
#include "catlab/grid.hpp"

#include <algorithm>
#include <cstddef>

namespace catlab::cuda {

inline constexpr std::size_t kStagingBandBytes = std::size_t(64) << 20;

// Rows of a staging band: as many as fit in kStagingBandBytes at a byte per cell, at least one, at
// most the grid's.
inline int stagingBandRows(GridSize size) {
    return int(std::clamp<std::size_t>(kStagingBandBytes / std::size_t(size.width), 1, std::size_t(size.height)));
}

// Bytes of device staging a whole-state host load or store takes.
inline std::size_t stagingBandBytes(GridSize size) {
    return std::size_t(stagingBandRows(size)) * std::size_t(size.width);
}

// One band: rows [firstRow, firstRow + rows), at byte `offset` of the byte-per-cell state.
struct StagingBand {
    int firstRow = 0;
    int rows = 0;
    std::size_t offset = 0;
    std::size_t bytes = 0;
};

// Calls visit(StagingBand) for each band, top to bottom.
template <class Visit>
void forEachStagingBand(GridSize size, Visit&& visit) {
    const std::size_t width = std::size_t(size.width);
    const int bandRows = stagingBandRows(size);
    for (int y = 0; y < size.height; y += bandRows) {
        const int rows = std::min(bandRows, size.height - y);
        visit(StagingBand{y, rows, std::size_t(y) * width, std::size_t(rows) * width});
    }
}

} // namespace catlab::cuda
