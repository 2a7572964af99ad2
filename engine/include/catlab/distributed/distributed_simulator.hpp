#pragma once

#include "catlab/cell_rect.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/distributed/band_layout.hpp"
#include "catlab/distributed/communicator.hpp"
#include "catlab/distributed/halo_plan.hpp"
#include "catlab/grid.hpp"
#include "catlab/rle.hpp"
#include "catlab/rule.hpp"
#include "catlab/simulator.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace catlab {

class FrameExchange;
class RleStreamReader;

// Time one rank spent, in milliseconds: stepping its band (halos included) and exchanging halos.
struct RankTimes {
    double stepMs = 0;
    double exchangeMs = 0;
    std::uint64_t exchanges = 0;
};

// One grid computed by every rank of a communicator together: rank p steps band p of the rows (a
// BandLayout) on its own backend, with halos exchanged every haloSteps() generations, and the result is
// the same, bit for bit, as one Simulator on the whole grid. Every rank constructs it with the same
// arguments and calls the same operations in the same order (they are collective); a failure on any rank
// throws catlab::Error on every rank. Every bounded topology is split. A plain torus exchanges whole rows,
// every haloSteps() generations. A plane, a torus shifted along its top and bottom edges and a Klein bottle
// twisted top to bottom (rowJoinedTopology) exchange rows moved along themselves, every generation, through
// the host. The others (a sphere, a cross-surface, a torus shifted along its left and right edges, a Klein
// bottle twisted left to right) give each band an edge frame of columns and fill its halos and frame cell by
// cell every generation, through the host (frame_plan.hpp). Unbounded sides are refused.
class DistributedSimulator {
  public:
    // A random start: each rank fills its band with the cells a single grid would have (haloSteps 0: the
    // default for the rule's radius, defaultHaloSteps()).
    DistributedSimulator(Communicator& comm, const Rule& rule, GridSize size, double density, std::uint64_t seed,
                         const std::string& backend, int haloSteps = 0);
    // The cells of `initial`, which only rank 0 reads (other ranks may pass nullptr): scattered band by band.
    DistributedSimulator(Communicator& comm, const Rule& rule, GridSize size, const Grid* initial,
                         const std::string& backend, int haloSteps = 0);
    ~DistributedSimulator();

    void step(int generations);
    // Collective: live cells of the whole grid, on every rank.
    std::uint64_t population();
    // Collective: the whole grid on rank 0 (an empty grid on the others), band by band. Throws
    // catlab::Error on every rank, before moving anything, when rank 0's host cannot hold it (checkGatherFits).
    Grid gather();
    // Collective: the window of the whole grid into rank 0's target (other ranks pass an empty one), the
    // same pixels as one Simulator's exportView. Each rank sums its band's rows for the pixels they meet
    // (view_partials.hpp) and only those partials travel to rank 0, which finishes the pixels: the grid
    // is never gathered. Throws catlab::Error on every rank for a bad window, or rank 0's bad target.
    void exportView(const ViewWindow& window, ViewTarget target);
    // Collective: throws catlab::Error on every rank unless the whole grid fits in a host Grid on rank 0
    // (kMaxGridCells, free host memory, gatherHostBytes()); a run that will gather checks it before stepping.
    void checkGatherFits();
    // Collective: rank 0's grid (of size() and the rule's states) replaces the state; generation 0.
    void load(const Grid* grid);
    // Collective: the whole grid as RLE into `path`, written on rank 0 atomically (AtomicFile): the bytes
    // writeRleFile writes for the gathered grid. Rows reach rank 0 band by band, a chunk at a time, and go
    // straight into the file, so rank 0 holds one chunk, never the grid, which need not fit its host
    // (checkGatherFits). extras.unboundedOrigin is refused (no distributed grid grows). Throws
    // catlab::Error on every rank when the file cannot be written; the old file then stays as it was.
    void saveRle(const std::string& path, const RleExtras& extras);
    // Collective: the pattern rank 0's reader decodes (other ranks pass nullptr), placed as placePattern
    // places it on a torus of size(), replaces the state, every other cell dead; generation 0. Rank 0
    // decodes a chunk of rows at a time and sends each part to the rank whose band holds it, so the grid
    // need not fit its host. Throws catlab::Error on every rank for a pattern that does not fit, malformed
    // data or a state the rule lacks (the state is then partly loaded: load again before stepping).
    void loadRle(RleStreamReader* reader);
    // Collective: the cells of a rectangle of the whole grid (CellRect: it may wrap), row-major, on rank 0
    // (empty on the others); each band's part travels to rank 0 alone. Throws catlab::Error on every rank
    // for a rectangle larger than the grid.
    std::vector<Cell> readCells(const CellRect& rect);
    // Collective: rank 0's cells (row-major, the rule's states) into a rectangle of the whole grid, each
    // band's part sent to its rank (other ranks pass no cells). Throws catlab::Error on every rank, before
    // changing anything, for a bad rectangle or cell on rank 0.
    void writeCells(const CellRect& rect, std::span<const Cell> cells);
    // Every rank switches its backend, keeping the cells ("auto": each rank's fastest).
    void switchBackend(const std::string& name);
    void synchronize() { local_->synchronize(); }

    const BandLayout& layout() const { return layout_; }
    const Band& band() const { return layout_.band(comm_.rank()); }
    Communicator& communicator() const { return comm_; }
    const Rule& rule() const { return rule_; }
    GridSize size() const { return layout_.global(); }
    std::uint64_t generation() const { return generation_; }
    const std::string& backendName() const { return local_->backendName(); }
    bool autoBackend() const { return local_->autoBackend(); }
    const std::string& backendReason() const { return local_->backendReason(); }
    MemorySpace memorySpace() const { return local_->memorySpace(); }
    // Whether halos travel as the backend's own words (Backend::rawRows: a bit per cell for the bit-plane
    // backends) rather than a byte per cell.
    bool rawHalos() const { return rawHalos_; }
    // Whether the generation before each exchange computes the rows other ranks need first, sends them
    // while it computes the rest, and receives the halos into the next generation directly: asked for
    // with overlapExchange(true) (off by default), done where the backend steps ranges of rows and the
    // transport overlaps device work.
    void overlapExchange(bool on) { overlapAsked_ = on; }
    bool overlapsExchange() const;
    const RankTimes& times() const { return times_; }
    void resetTimes() { times_ = {}; }

  private:
    DistributedSimulator(Communicator& comm, const Rule& rule, GridSize size, int haloSteps);
    void allocateExchangeBuffers();
    bool everyRankLendsRawRows();
    void exchangeHalos();
    void exchangeCellRows();
    void exchangeRawRows();
    void writeHaloRows(const RowTransfer& transfer, CellBuffer rows);
    // The torus this rank computes on: its band and halos, as wide as the grid or with an edge frame.
    GridSize localSize() const;
    // Whole rows of the band's own columns (never the frame's), from local row `localRow`.
    void readBandRows(int localRow, CellBuffer rows) const;
    void writeBandRows(int localRow, ConstCellBuffer rows);
    void stepOverlappingExchange();
    int rowsPerChunk() const;
    // Rows of `width` cells in one chunk of streamed RLE, within rank 0's gatherHostBytes().
    int streamedRowsPerChunk(int width) const;

    Communicator& comm_;
    Rule rule_;
    BandLayout layout_;
    // What local_ computes: rule_ with the top and bottom edges joined around the band, or, for bands with
    // an edge frame, a plain torus.
    Rule bandRule_;
    RankTransfers transfers_;              // whole halo rows, on a torus or a row-joined topology
    bool framed_ = false;                  // whether bands have an edge frame (frame_plan.hpp)
    std::unique_ptr<FrameExchange> frame_; // halo and frame cells, on the other bounded topologies
    std::unique_ptr<Simulator> local_;
    std::unique_ptr<CellStorage> sendRows_, receiveRows_, ownRows_; // in comm_.bufferSpace()
    bool rawHalos_ = false;
    bool overlapAsked_ = false;
    int stepsSinceExchange_ = 0;
    std::uint64_t generation_ = 0;
    RankTimes times_;
};

} // namespace catlab
