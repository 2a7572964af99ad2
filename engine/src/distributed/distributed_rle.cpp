// A distributed grid written as RLE and loaded from RLE through rank 0 a chunk of rows at a time, so
// that a grid larger than rank 0's host memory can be saved and opened.
#include "catlab/distributed/distributed_simulator.hpp"

#include "band_chunks.hpp"
#include "catlab/distributed/collective_failure.hpp"
#include "catlab/error.hpp"
#include "catlab/host_memory.hpp"
#include "catlab/rle_stream.hpp"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace catlab {
namespace {

// Rank 0's value on every rank: a whole number below 2^53, exact as a double.
long long fromRankZero(Communicator& comm, long long value) {
    return (long long)comm.allGather(comm.rank() == 0 ? double(value) : 0.0)[0];
}

// Rank 0's buffer for a chunk of the grid's cells, held to what it may gather (gatherHostBytes): a chunk
// fits, where the whole grid need not.
std::vector<Cell> chunkBuffer(GridSize chunk) {
    const std::size_t cells = std::size_t(chunk.width) * std::size_t(chunk.height);
    if (cells > gatherHostBytes())
        throw Error("a chunk of " + std::to_string(cells >> 20) + " MiB is more than rank 0 may gather");
    return std::vector<Cell>(cells);
}

} // namespace

// Rank 0 holds the chunk on the host and, when it came from another rank, in the staging buffer too, and
// a framed band reads it through one more copy: a quarter of what it may gather leaves room for those.
int DistributedSimulator::streamedRowsPerChunk(int width) const {
    const std::size_t cells = std::min<std::size_t>(kChunkCells, gatherHostBytes() / 4);
    return int(std::clamp<std::size_t>(cells / std::size_t(width), 1, std::size_t(size().height)));
}

void DistributedSimulator::saveRle(const std::string& path, const RleExtras& extras) {
    const bool root = comm_.rank() == 0;
    const int width = size().width, halo = layout_.haloRows();
    std::unique_ptr<RleFileWriter> file;
    std::vector<Cell> rows;
    int chunk = 0;
    onEveryRank(comm_, [&] {
        if (!root) return;
        chunk = streamedRowsPerChunk(width);
        rows = chunkBuffer({width, chunk});
        file = std::make_unique<RleFileWriter>(path, rleHeaderOf(size(), rule_, extras));
    });
    chunk = int(fromRankZero(comm_, chunk)); // every rank cuts its band as rank 0 expects it
    forEachChunk(comm_, layout_, chunk, [&](int owner, int, int done, int count, std::size_t bytes, Cell* staging) {
        if (owner == 0) {
            readBandRows(halo + done, CellBuffer{rows.data(), {width, count}, MemorySpace::Host});
        } else if (root) {
            const IncomingMessage m{owner, staging, bytes};
            comm_.exchange({}, {&m, 1});
            copyRows(rows.data(), bytes, MemorySpace::Host, staging, bytes, comm_.bufferSpace(), bytes, 1);
        } else {
            readBandRows(halo + done, CellBuffer{staging, {width, count}, comm_.bufferSpace()});
            const OutgoingMessage m{0, staging, bytes};
            comm_.exchange({&m, 1}, {});
            return;
        }
        file->writeRows(rows.data(), count, std::size_t(width));
    });
    onEveryRank(comm_, [&] {
        if (root) file->commit();
    });
}

// The pattern's rows go, a chunk at a time, into the rectangle of the grid they land on (writeCells cuts
// it where it wraps and where bands meet); every rank learns the box and its place from rank 0.
void DistributedSimulator::loadRle(RleStreamReader* reader) {
    const bool root = comm_.rank() == 0;
    GridSize box;
    PatternPlacement at;
    int chunk = 0;
    std::vector<Cell> cells;
    onEveryRank(comm_, [&] {
        if (!root) return;
        if (!reader) throw Error("rank 0 has no pattern to load");
        box = reader->size();
        at = placementOf(box, reader->metadata(), size());
        chunk = streamedRowsPerChunk(box.width);
        cells = chunkBuffer({box.width, chunk});
    });
    box = {int(fromRankZero(comm_, box.width)), int(fromRankZero(comm_, box.height))};
    at = {int(fromRankZero(comm_, at.left)), int(fromRankZero(comm_, at.top))};
    chunk = int(fromRankZero(comm_, chunk));
    onEveryRank(comm_, [&] { local_->clear(); }); // halos and frame too: the next exchange refills them

    for (int done = 0; done < box.height; done += chunk) {
        const int rows = std::min(chunk, box.height - done);
        onEveryRank(comm_, [&] {
            if (!root) return;
            cells.resize(std::size_t(box.width) * std::size_t(rows)); // the last chunk may be shorter
            reader->readRows(cells.data(), rows, std::size_t(box.width));
        });
        writeCells(CellRect{at.left, (at.top + done) % size().height, box.width, rows}, cells);
    }
    local_->synchronize();
    stepsSinceExchange_ = layout_.haloSteps();
    generation_ = 0;
}

} // namespace catlab
