// A rectangle of cells read from or written into a distributed grid: the rectangle is cut where it wraps
// and where bands meet, and each piece travels between rank 0 and the rank whose band holds it.
#include "catlab/distributed/distributed_simulator.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/distributed/collective_failure.hpp"

#include <algorithm>
#include <cstring>

namespace catlab {
namespace {

// Calls piece(owner, local, rectX, rectY) for each part of `rect` that neither wraps nor crosses a band
// edge, in the same order on every rank: `local` is the part in the owner's local torus (whose row
// haloRows + i is its band's row i), and the part's cells are the rectangle's from (rectX, rectY).
template <class Piece>
void forEachBandPiece(const CellRect& rect, const BandLayout& layout, Piece&& piece) {
    forEachUnwrappedPiece(rect, layout.global(), [&](int gridX, int gridY, int rectX, int rectY, int w, int h) {
        for (int row = gridY; row < gridY + h;) {
            const int owner = layout.ownerOf(row);
            const Band& band = layout.band(owner);
            const int rows = std::min(gridY + h, band.firstRow + band.rows) - row;
            piece(owner, CellRect{gridX, layout.haloRows() + row - band.firstRow, w, rows}, rectX,
                  rectY + (row - gridY));
            row += rows;
        }
    });
}

std::size_t cellCount(const CellRect& rect) { return std::size_t(rect.width) * std::size_t(rect.height); }

// Moves the cells of one piece (`piece` cells, row-major) between host memory on rank `from` and rank
// `to` through the communicator's buffers (device memory for NCCL). `cells` is read on `from` and filled
// on `to`.
void movePiece(Communicator& comm, int from, int to, std::vector<Cell>& cells, GridSize piece) {
    const std::size_t count = std::size_t(piece.width) * std::size_t(piece.height);
    if (from == to || count == 0) return;
    CellStorage staging(comm.bufferSpace(), piece);
    Cell* const buffer = staging.view().data;
    const std::size_t row = std::size_t(piece.width);
    if (comm.rank() == from) {
        copyRows(buffer, row, comm.bufferSpace(), cells.data(), row, MemorySpace::Host, row, std::size_t(piece.height));
        const OutgoingMessage m{to, buffer, count};
        comm.exchange({&m, 1}, {});
    } else if (comm.rank() == to) {
        const IncomingMessage m{from, buffer, count};
        comm.exchange({}, {&m, 1});
        cells.resize(count);
        copyRows(cells.data(), row, MemorySpace::Host, buffer, row, comm.bufferSpace(), row, std::size_t(piece.height));
    }
}

// Copies a piece of `width` x `rows` cells into or out of the rectangle's row-major cells at (x, y).
void copyPiece(Cell* to, int toPitch, const Cell* from, int fromPitch, int width, int rows) {
    for (int r = 0; r < rows; ++r)
        std::memcpy(to + std::size_t(r) * std::size_t(toPitch), from + std::size_t(r) * std::size_t(fromPitch),
                    std::size_t(width));
}

} // namespace

std::vector<Cell> DistributedSimulator::readCells(const CellRect& rect) {
    checkCellRect(rect, size(), std::size_t(std::max(rect.width, 0)) * std::size_t(std::max(rect.height, 0)));
    const bool root = comm_.rank() == 0;
    std::vector<Cell> cells(root ? cellCount(rect) : 0);
    forEachBandPiece(rect, layout_, [&](int owner, const CellRect& local, int rectX, int rectY) {
        if (!root && owner != comm_.rank()) return;
        std::vector<Cell> piece;
        if (owner == comm_.rank()) piece = local_->readCells(local);
        movePiece(comm_, owner, 0, piece, {local.width, local.height});
        if (root)
            copyPiece(cells.data() + std::size_t(rectY) * std::size_t(rect.width) + std::size_t(rectX), rect.width,
                      piece.data(), local.width, local.width, local.height);
    });
    return cells;
}

void DistributedSimulator::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    const bool root = comm_.rank() == 0;
    onEveryRank(comm_, [&] {
        if (root)
            checkCellWrite(rect, size(), cells, rule_.states);
        else
            checkCellRect(rect, size(), std::size_t(std::max(rect.width, 0)) * std::size_t(std::max(rect.height, 0)));
    });
    forEachBandPiece(rect, layout_, [&](int owner, const CellRect& local, int rectX, int rectY) {
        if (!root && owner != comm_.rank()) return;
        std::vector<Cell> piece;
        if (root) {
            piece.resize(cellCount(local));
            copyPiece(piece.data(), local.width,
                      cells.data() + std::size_t(rectY) * std::size_t(rect.width) + std::size_t(rectX), rect.width,
                      local.width, local.height);
        }
        movePiece(comm_, 0, owner, piece, {local.width, local.height});
        if (owner == comm_.rank()) local_->writeCells(local, piece);
    });
    local_->synchronize();
    // The neighbours' halo copies of the written rows are stale: exchange before the next step.
    stepsSinceExchange_ = layout_.haloSteps();
}

} // namespace catlab
