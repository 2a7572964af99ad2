#pragma once
// The chunks of rows in which a whole distributed grid passes through rank 0 (gathered, loaded, written
// or read as RLE), so that the staging buffers stay small.

#include "catlab/cell_storage.hpp"
#include "catlab/distributed/band_layout.hpp"
#include "catlab/distributed/communicator.hpp"

#include <algorithm>
#include <cstddef>
#include <memory>

namespace catlab {

// Gathered and scattered grids travel in pieces of about this many cells.
inline constexpr std::size_t kChunkCells = std::size_t(64) << 20;

// Visits, in order, the chunks of rows that go through rank 0 when the whole grid is gathered or loaded:
// every rank's band on rank 0, its own band on the others. visit(owner, global row, row within the band,
// rows, bytes, staging), staging a chunk-sized buffer in the communicator's memory (null with one rank).
template <class Visit>
void forEachChunk(Communicator& comm, const BandLayout& layout, int chunk, Visit&& visit) {
    const int width = layout.global().width;
    std::unique_ptr<CellStorage> staging;
    if (comm.size() > 1)
        staging =
            std::make_unique<CellStorage>(comm.bufferSpace(), GridSize{width, std::min(chunk, layout.band(0).rows)});
    Cell* const buffer = staging ? staging->view().data : nullptr;
    for (int q = 0; q < comm.size(); ++q) {
        if (comm.rank() != 0 && q != comm.rank()) continue;
        const Band& b = layout.band(q);
        for (int done = 0; done < b.rows; done += chunk) {
            const int rows = std::min(chunk, b.rows - done);
            visit(q, b.firstRow + done, done, rows, std::size_t(width) * std::size_t(rows), buffer);
        }
    }
}

} // namespace catlab
