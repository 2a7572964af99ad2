#include "catlab/distributed/distributed_simulator.hpp"

#include "band_chunks.hpp"
#include "catlab/distributed/collective_failure.hpp"
#include "catlab/distributed/frame_plan.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/host_memory.hpp"
#include "catlab/topology.hpp"
#include "frame_exchange.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace catlab {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

int totalRows(const std::vector<RowTransfer>& transfers) {
    int rows = 0;
    for (const RowTransfer& t : transfers)
        if (!t.dead) rows += t.rows;
    return rows;
}

constexpr std::uint64_t kMiB = std::uint64_t(1) << 20;

std::size_t cellsOf(int width, int rows) { return std::size_t(width) * std::size_t(rows); }

// A 32-bit FNV-1a hash: exact as a double, so ranks can compare it through allGather.
std::uint32_t hash32(const std::string& text) {
    std::uint32_t h = 2166136261u;
    for (const char c : text) h = (h ^ std::uint8_t(c)) * 16777619u;
    return h;
}

// Generations between exchanges: asked for, or the default for the radius. Other topologies than a plain
// torus exchange every generation, so that halo and frame cells moved from elsewhere (shifted, mirrored,
// turned) are only ever read, never stepped into what a neighbourhood of another shape would see there.
int haloStepsFor(const Rule& rule, GridSize size, int ranks, int asked) {
    const Topology& topology = rule.topology;
    if (topology.plainTorus()) return asked > 0 ? asked : defaultHaloSteps(size, ranks, rule.radius);
    if (topology.unboundedSide())
        throw Error("a grid split over several ranks needs bounded sides: this rule's " + describeTopology(topology) +
                    " grows across its unbounded side with its pattern, which bands of fixed rows cannot follow, "
                    "so it runs on one rank");
    if (asked > 1)
        throw Error("a " + describeTopology(topology) +
                    " split over several ranks exchanges its halos every generation: halo steps must be 1, not " +
                    std::to_string(asked));
    return 1;
}

// A neighbourhood flipped on cells of odd x + y (the triangular grid's) takes the parity from the band's
// own rows: every band's first local row must be an even global row.
void checkRowParity(const Rule& rule, const BandLayout& layout) {
    if (layout.haloRows() == 0 || !neighbourhoodShape(rule).flipsOnOddCells) return;
    for (int p = 0; p < layout.ranks(); ++p) {
        const long long origin = (long long)layout.band(p).firstRow - layout.haloRows();
        if (origin % 2 != 0)
            throw Error("rule " + rule.format() + " flips its neighbourhood on cells of odd x + y, and over " +
                        std::to_string(layout.ranks()) + " ranks band " + std::to_string(p) +
                        " would begin (with its halo) on the odd row " + std::to_string(origin) +
                        "; it runs on one rank");
    }
}

// What a band computes on: the rule's left and right edges, its top and bottom joined around the band,
// where the halos hold what lies past them (dead rows past a plane's edges); or, with an edge frame, a
// torus whose halos and frame hold what lies past every edge. One rank's band is the grid.
Rule bandRuleOf(const Rule& rule, const BandLayout& layout) {
    if (layout.haloRows() == 0 || rule.topology.plainTorus()) return rule;
    Rule band = rule;
    band.topology = Topology{};
    if (rule.topology.kind == TopologyKind::Plane) band.topology.kind = TopologyKind::Plane;
    return band;
}

// Whole halo rows, for the topologies that exchange them (none with an edge frame, or on one rank).
RankTransfers rowTransfersOf(const Rule& rule, const BandLayout& layout, int rank) {
    if (layout.haloRows() == 0 || framedTopology(rule.topology)) return {};
    return transfersOf(haloTransfers(layout, rule.topology), rank);
}

} // namespace

DistributedSimulator::DistributedSimulator(Communicator& comm, const Rule& rule, GridSize size, int haloSteps)
    : comm_(comm), rule_(rule),
      layout_(size, comm.size(), rule.radius, haloStepsFor(rule, size, comm.size(), haloSteps)),
      bandRule_(bandRuleOf(rule, layout_)), transfers_(rowTransfersOf(rule, layout_, comm.rank())),
      framed_(layout_.haloRows() > 0 && framedTopology(rule.topology)) {
    rule_.validate();
    // The whole grid is never in one place: each band meets its backend's limit and memory when it is made.
    checkGridSize(size, &rule_, kMaxWideGridCells);
    checkRowParity(rule_, layout_);
    stepsSinceExchange_ = layout_.haloSteps(); // the halos are filled before the first step
}

DistributedSimulator::DistributedSimulator(Communicator& comm, const Rule& rule, GridSize size, double density,
                                           std::uint64_t seed, const std::string& backend, int haloSteps)
    : DistributedSimulator(comm, rule, size, haloSteps) {
    onEveryRank(comm_, [&] {
        // Local row 0 is global row firstRow - haloRows, and local column x global column x; the halo rows
        // and frame columns get wrong cells here (rows wrap modulo 2^32, not the grid; columns run on past
        // the grid's) until the first exchange.
        const std::uint32_t firstRow = std::uint32_t(band().firstRow) - std::uint32_t(layout_.haloRows());
        local_ = std::make_unique<Simulator>(bandRule_, localSize(), density, seed, backend, firstRow);
        allocateExchangeBuffers();
    });
    rawHalos_ = everyRankLendsRawRows();
}

DistributedSimulator::DistributedSimulator(Communicator& comm, const Rule& rule, GridSize size, const Grid* initial,
                                           const std::string& backend, int haloSteps)
    : DistributedSimulator(comm, rule, size, haloSteps) {
    onEveryRank(comm_, [&] {
        local_ = std::make_unique<Simulator>(bandRule_, localSize(), 0.0, 0, backend);
        allocateExchangeBuffers();
    });
    rawHalos_ = everyRankLendsRawRows();
    load(initial);
}

DistributedSimulator::~DistributedSimulator() = default;

GridSize DistributedSimulator::localSize() const {
    const GridSize band = layout_.localSize(comm_.rank());
    if (!framed_) return band;
    return {framedBandWidth(band.width, neighbourhoodReach(rule_)), band.height};
}

void DistributedSimulator::readBandRows(int localRow, CellBuffer rows) const {
    if (!framed_) return local_->readRows(localRow, rows);
    const std::vector<Cell> cells = local_->readCells({0, localRow, rows.size.width, rows.size.height});
    const std::size_t width = std::size_t(rows.size.width);
    copyRows(rows.data, width, rows.space, cells.data(), width, MemorySpace::Host, width,
             std::size_t(rows.size.height));
}

void DistributedSimulator::writeBandRows(int localRow, ConstCellBuffer rows) {
    if (!framed_) return local_->writeRows(localRow, rows);
    const std::size_t width = std::size_t(rows.size.width);
    std::vector<Cell> cells(width * std::size_t(rows.size.height));
    copyRows(cells.data(), width, MemorySpace::Host, rows.data, width, rows.space, width,
             std::size_t(rows.size.height));
    local_->writeCells({0, localRow, rows.size.width, rows.size.height}, cells);
}

void DistributedSimulator::allocateExchangeBuffers() {
    if (framed_)
        frame_ = std::make_unique<FrameExchange>(
            comm_, framePlan(layout_, rule_.topology, neighbourhoodReach(rule_), comm_.rank()));
    const auto rowsFor = [&](const std::vector<RowTransfer>& transfers) -> std::unique_ptr<CellStorage> {
        const int rows = totalRows(transfers); // dead rows need none: read from nowhere, written from the host
        if (rows == 0) return nullptr;
        return std::make_unique<CellStorage>(comm_.bufferSpace(), GridSize{layout_.global().width, rows});
    };
    sendRows_ = rowsFor(transfers_.sends);
    receiveRows_ = rowsFor(transfers_.receives);
    ownRows_ = rowsFor(transfers_.own);
}

void DistributedSimulator::step(int generations) {
    if (generations < 0) throw Error("cannot step a negative number of generations");
    const int k = layout_.haloRows() == 0 ? std::max(generations, 1) : layout_.haloSteps();
    const bool overlap = overlapsExchange();
    while (generations > 0) {
        if (layout_.haloRows() > 0 && stepsSinceExchange_ >= k) exchangeHalos();
        int steps = layout_.haloRows() == 0 ? generations : std::min(generations, k - stepsSinceExchange_);
        // The generation that uses up the halos is the overlapped one.
        const bool overlapLast = overlap && stepsSinceExchange_ + steps == k;
        if (overlapLast) --steps;
        const auto start = Clock::now();
        if (steps > 0) local_->step(steps);
        if (overlapLast) stepOverlappingExchange();
        local_->synchronize();
        times_.stepMs += millisecondsSince(start);
        if (overlapLast) ++steps;
        stepsSinceExchange_ += steps;
        generations -= steps;
        generation_ += std::uint64_t(steps);
        if (overlapLast) stepsSinceExchange_ = 0; // the halos arrived with the generation
    }
}

bool DistributedSimulator::overlapsExchange() const {
    return overlapAsked_ && rawHalos_ && layout_.haloRows() > 0 && comm_.overlapsDeviceWork() &&
           local_->stepsRowRanges();
}

namespace {

// Rows first .. end - 1.
struct RowRange {
    int first = 0, end = 0;
};

// The rows of the band [bandFirst, bandEnd) that `transfers` read, merged, then the rest of the band.
std::pair<std::vector<RowRange>, std::vector<RowRange>> sourceRowsFirst(const RankTransfers& transfers, int bandFirst,
                                                                        int bandEnd) {
    std::vector<RowRange> sources;
    for (const auto* list : {&transfers.sends, &transfers.own})
        for (const RowTransfer& t : *list)
            sources.push_back({std::max(t.sourceRow, bandFirst), std::min(t.sourceRow + t.rows, bandEnd)});
    std::erase_if(sources, [](const RowRange& r) { return r.first >= r.end; });
    std::sort(sources.begin(), sources.end(), [](const RowRange& a, const RowRange& b) { return a.first < b.first; });
    std::vector<RowRange> merged, rest;
    for (const RowRange& r : sources)
        if (!merged.empty() && r.first <= merged.back().end)
            merged.back().end = std::max(merged.back().end, r.end);
        else
            merged.push_back(r);
    int at = bandFirst;
    for (const RowRange& r : merged) {
        if (r.first > at) rest.push_back({at, r.first});
        at = r.end;
    }
    if (at < bandEnd) rest.push_back({at, bandEnd});
    return {merged, rest};
}

// The messages of one exchange of raw rows, from the rank's own rows into its neighbours' halo rows and
// back, plane by plane (each pair of ranks lists them in the same order: transfer, then plane); the
// rows a rank copies within itself are copied here.
struct RawMessages {
    std::vector<OutgoingMessage> sends;
    std::vector<IncomingMessage> receives;
};
RawMessages rawMessages(const RankTransfers& transfers, const RawRows& raw) {
    const auto row = [&](std::size_t plane, int y) { return raw.planes[plane] + std::size_t(y) * raw.rowBytes; };
    const auto bytes = [&](int rows) { return std::size_t(rows) * raw.rowBytes; };
    RawMessages m;
    for (const RowTransfer& t : transfers.sends)
        for (std::size_t p = 0; p < raw.planes.size(); ++p)
            m.sends.push_back({t.to, row(p, t.sourceRow), bytes(t.rows)});
    for (const RowTransfer& t : transfers.receives)
        for (std::size_t p = 0; p < raw.planes.size(); ++p)
            m.receives.push_back({t.from, row(p, t.targetRow), bytes(t.rows)});
    for (const RowTransfer& t : transfers.own)
        for (std::size_t p = 0; p < raw.planes.size(); ++p)
            copyRows(row(p, t.targetRow), raw.rowBytes, raw.space, row(p, t.sourceRow), raw.rowBytes, raw.space,
                     raw.rowBytes, t.rows);
    return m;
}

} // namespace

// One generation whose halos travel while it is computed: the band's rows that other ranks (or this one's
// halos) need come first; their sends and the receives into the next generation's halo rows start behind
// them, and the rest of the band is computed while they travel. The halo rows are never computed.
void DistributedSimulator::stepOverlappingExchange() {
    const int halo = layout_.haloRows();
    const auto [sources, rest] = sourceRowsFirst(transfers_, halo, halo + band().rows);
    for (const RowRange& r : sources) local_->stepRows(r.first, r.end - r.first);

    const RawMessages messages = rawMessages(transfers_, *local_->nextRawRows());
    comm_.startExchange(messages.sends, messages.receives);
    for (const RowRange& r : rest) local_->stepRows(r.first, r.end - r.first);
    comm_.joinExchange();
    local_->finishStep();
    local_->rawRowsWritten();
    ++times_.exchanges;
}

// Collective. Raw rows are only exchanged between ranks whose rows have the same layout (the same
// backend, planes and row bytes) in memory the communicator moves, and only on a plain torus: other
// topologies move cells along the halo rows (or clear them), which takes them through the host.
bool DistributedSimulator::everyRankLendsRawRows() {
    if (!rule_.topology.plainTorus()) return false; // the same on every rank: no collective to skip
    std::uint32_t key = 0;
    if (const std::optional<RawRows> raw = local_->rawRows(); raw && raw->space == comm_.bufferSpace())
        key = hash32(local_->backendName() + '/' + std::to_string(raw->planes.size()) + '/' +
                     std::to_string(raw->rowBytes)) |
              1u; // never 0, which stands for "lends none"
    const std::vector<double> keys = comm_.allGather(double(key));
    return key != 0 && std::all_of(keys.begin(), keys.end(), [&](double k) { return k == double(key); });
}

void DistributedSimulator::exchangeHalos() {
    const auto start = Clock::now();
    if (frame_)
        frame_->run(*local_);
    else if (rawHalos_)
        exchangeRawRows();
    else
        exchangeCellRows();
    stepsSinceExchange_ = 0;
    ++times_.exchanges;
    local_->synchronize();
    times_.exchangeMs += millisecondsSince(start);
}

// Sources are rows a rank owns and targets are halo rows, so reading everything first and writing
// afterwards needs no care about order.
void DistributedSimulator::exchangeCellRows() {
    const int width = layout_.global().width;
    const MemorySpace space = comm_.bufferSpace();
    const auto rowsAt = [&](CellStorage& storage, int firstRow, int rows) {
        return CellBuffer{storage.view().data + cellsOf(width, firstRow), {width, rows}, space};
    };

    std::vector<OutgoingMessage> sends;
    int offset = 0;
    for (const RowTransfer& t : transfers_.sends) {
        const CellBuffer rows = rowsAt(*sendRows_, offset, t.rows);
        local_->readRows(t.sourceRow, rows);
        sends.push_back({t.to, rows.data, cellsOf(width, t.rows)});
        offset += t.rows;
    }
    std::vector<IncomingMessage> receives;
    offset = 0;
    for (const RowTransfer& t : transfers_.receives) {
        receives.push_back({t.from, rowsAt(*receiveRows_, offset, t.rows).data, cellsOf(width, t.rows)});
        offset += t.rows;
    }
    offset = 0;
    for (const RowTransfer& t : transfers_.own) {
        if (t.dead) continue;
        local_->readRows(t.sourceRow, rowsAt(*ownRows_, offset, t.rows));
        offset += t.rows;
    }

    comm_.exchange(sends, receives);

    offset = 0;
    for (const RowTransfer& t : transfers_.receives) {
        writeHaloRows(t, rowsAt(*receiveRows_, offset, t.rows));
        offset += t.rows;
    }
    offset = 0;
    for (const RowTransfer& t : transfers_.own) {
        if (t.dead) {
            writeHaloRows(t, {});
            continue;
        }
        writeHaloRows(t, rowsAt(*ownRows_, offset, t.rows));
        offset += t.rows;
    }
}

// The rows of a transfer into its halo rows: as they came, or through the host with their columns mapped,
// or dead (`rows` unused).
void DistributedSimulator::writeHaloRows(const RowTransfer& t, CellBuffer rows) {
    if (!t.dead && t.sourceColumns.empty()) {
        local_->writeRows(t.targetRow, rows);
        return;
    }
    const int width = layout_.global().width;
    Grid mapped(GridSize{width, t.rows}); // dead
    if (!t.dead) {
        Grid source(GridSize{width, t.rows});
        copyRows(source.row(0), std::size_t(width), MemorySpace::Host, rows.data, std::size_t(width), rows.space,
                 std::size_t(width), std::size_t(t.rows));
        for (int y = 0; y < t.rows; ++y)
            for (int x = 0; x < width; ++x) mapped.row(y)[x] = source.row(y)[t.sourceColumns[std::size_t(x)]];
    }
    local_->writeRows(t.targetRow, ConstCellBuffer{mapped.row(0), {width, t.rows}, MemorySpace::Host});
}

// Straight from the sender's state into the receiver's halo rows: no staging, no conversion.
void DistributedSimulator::exchangeRawRows() {
    const RawMessages messages = rawMessages(transfers_, *local_->rawRows());
    comm_.exchange(messages.sends, messages.receives);
    local_->rawRowsWritten();
}

// The backend counts its whole local torus; the halo rows and frame columns are counted on the host and
// taken off.
std::uint64_t DistributedSimulator::population() {
    std::uint64_t mine = local_->population();
    const int halo = layout_.haloRows();
    if (halo > 0) {
        const int width = localSize().width, rows = band().rows;
        Grid halos(GridSize{width, 2 * halo});
        local_->readRows(0, CellBuffer{halos.row(0), {width, halo}, MemorySpace::Host});
        local_->readRows(halo + rows, CellBuffer{halos.row(halo), {width, halo}, MemorySpace::Host});
        mine -= halos.population();
    }
    if (framed_) {
        const int gridWidth = layout_.global().width;
        const std::vector<Cell> frame =
            local_->readCells({gridWidth, halo, localSize().width - gridWidth, band().rows});
        mine -= std::uint64_t(std::count_if(frame.begin(), frame.end(), [](Cell c) { return c != 0; }));
    }
    return comm_.sum(mine);
}

int DistributedSimulator::rowsPerChunk() const {
    return int(std::max<std::size_t>(1, kChunkCells / std::size_t(layout_.global().width)));
}

void DistributedSimulator::checkGatherFits() {
    onEveryRank(comm_, [&] {
        if (comm_.rank() != 0) return;
        try {
            checkHostGridSize(layout_.global());
            const std::uint64_t cells = std::uint64_t(size().width) * std::uint64_t(size().height);
            if (const std::uint64_t room = gatherHostBytes(); cells > room)
                throw Error("grid size " + formatGridSize(size()) + " needs " +
                            std::to_string((cells + kMiB - 1) >> 20) + " MiB but CATLAB_GATHER_MEMORY_MIB allows " +
                            std::to_string(room >> 20) + " MiB");
        } catch (const Error& e) {
            throw Error("the whole grid cannot be gathered on rank 0: " + std::string(e.what()));
        }
    });
}

Grid DistributedSimulator::gather() {
    checkGatherFits();
    const bool root = comm_.rank() == 0;
    Grid whole;
    onEveryRank(comm_, [&] {
        if (root) whole = Grid(layout_.global());
    });
    const int width = layout_.global().width, halo = layout_.haloRows();
    forEachChunk(
        comm_, layout_, rowsPerChunk(), [&](int owner, int row, int done, int rows, std::size_t bytes, Cell* staging) {
            if (owner == 0) { // rank 0's own rows go straight into the grid
                readBandRows(halo + done, CellBuffer{whole.row(row), {width, rows}, MemorySpace::Host});
            } else if (root) {
                const IncomingMessage m{owner, staging, bytes};
                comm_.exchange({}, {&m, 1});
                copyRows(whole.row(row), bytes, MemorySpace::Host, staging, bytes, comm_.bufferSpace(), bytes, 1);
            } else {
                readBandRows(halo + done, CellBuffer{staging, {width, rows}, comm_.bufferSpace()});
                const OutgoingMessage m{0, staging, bytes};
                comm_.exchange({&m, 1}, {});
            }
        });
    return whole;
}

void DistributedSimulator::load(const Grid* grid) {
    const bool root = comm_.rank() == 0;
    onEveryRank(comm_, [&] {
        if (!root) return;
        if (!grid) throw Error("rank 0 has no grid to load");
        if (grid->size() != layout_.global())
            throw Error("cannot load a " + std::to_string(grid->width()) + "x" + std::to_string(grid->height()) +
                        " grid into a distributed " + std::to_string(layout_.global().width) + "x" +
                        std::to_string(layout_.global().height) + " one");
        const auto cells = grid->cells();
        const auto bad = std::find_if(cells.begin(), cells.end(), [&](Cell c) { return c >= rule_.states; });
        if (bad != cells.end())
            throw Error("a cell is in state " + std::to_string(int(*bad)) + " but rule " + rule_.format() +
                        " has only " + std::to_string(rule_.states) + " states");
    });
    const int width = layout_.global().width, halo = layout_.haloRows();
    forEachChunk(
        comm_, layout_, rowsPerChunk(), [&](int owner, int row, int done, int rows, std::size_t bytes, Cell* staging) {
            if (owner == 0) {
                writeBandRows(halo + done, ConstCellBuffer{grid->row(row), {width, rows}, MemorySpace::Host});
            } else if (root) {
                copyRows(staging, bytes, comm_.bufferSpace(), grid->row(row), bytes, MemorySpace::Host, bytes, 1);
                const OutgoingMessage m{owner, staging, bytes};
                comm_.exchange({&m, 1}, {});
            } else {
                const IncomingMessage m{0, staging, bytes};
                comm_.exchange({}, {&m, 1});
                writeBandRows(halo + done, ConstCellBuffer{staging, {width, rows}, comm_.bufferSpace()});
            }
        });
    local_->synchronize();
    stepsSinceExchange_ = layout_.haloSteps();
    generation_ = 0;
}

void DistributedSimulator::switchBackend(const std::string& name) {
    onEveryRank(comm_, [&] { local_->switchBackend(name); });
    rawHalos_ = everyRankLendsRawRows();
}

} // namespace catlab
