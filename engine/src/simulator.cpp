#include "catlab/simulator.hpp"

#include "catlab/grid_size_text.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/host_memory.hpp"

#include <algorithm>
#include <optional>

namespace catlab {
namespace {

// Backends may assume every cell holds one of the rule's states (the fast GPU paths sum 2-state
// cells as stored), so a grid with other values is refused at the door.
void checkStates(const Grid& grid, const Rule& rule) {
    const auto cells = grid.cells();
    const auto bad = std::find_if(cells.begin(), cells.end(), [&](Cell c) { return c >= rule.states; });
    if (bad == cells.end()) return;
    const long long i = bad - cells.begin();
    throw Error("cell (" + std::to_string(i % grid.width()) + ", " + std::to_string(i / grid.width()) +
                ") is in state " + std::to_string(int(*bad)) + " but rule " + rule.format() + " has only " +
                std::to_string(rule.states) + " states");
}

// The state of a backend, kept where it lives: in device memory for device backends.
CellStorage stateOf(const Backend& backend, MemorySpace space) {
    CellStorage state(space, backend.size());
    backend.store(state.view());
    return state;
}

// Where a state moving between backends in these spaces is staged: device memory when both keep it there.
MemorySpace stagingSpace(MemorySpace from, MemorySpace to) {
    return from == MemorySpace::Device && to == MemorySpace::Device ? MemorySpace::Device : MemorySpace::Host;
}

// The bytes of a byte-per-cell copy of a state, staged in this space.
MemoryNeed stagingNeed(GridSize size, MemorySpace space) {
    const std::uint64_t bytes = std::uint64_t(size.width) * std::uint64_t(size.height);
    return space == MemorySpace::Device ? MemoryNeed{.deviceBytes = bytes} : MemoryNeed{.hostBytes = bytes};
}

// Moves the state of `from` into `to` (configured for the same size), through device memory when both
// keep their state there; cells in states the rule of `to` lacks die on the way.
void transferState(const Backend& from, Backend& to) {
    CellStorage state = stateOf(from, stagingSpace(from.memorySpace(), to.memorySpace()));
    clearStatesFrom(state.view(), to.rule().states);
    to.load(state.view());
}

} // namespace

struct Simulator::Pick {
    std::string name;
    bool isAuto = false;
    std::string reason; // why auto picked it
    std::string notice; // why it replaces the backend that was asked for
};

// The one place that decides which backend runs a rule.
Simulator::Pick Simulator::pick(const std::string& requested, const Rule& rule, GridSize size,
                                Fallback fallback) const {
    if (isAutoBackend(requested)) {
        BackendChoice choice = chooseBackend(rule, size);
        return {std::move(choice.name), true, std::move(choice.reason), {}};
    }
    const BackendSpec& spec = BackendRegistry::instance().find(requested, kAutoBackend);
    if (fallback == Fallback::ToFastest && spec.unsupportedReason(rule)) {
        const std::string fastest = chooseBackend(rule, size).name;
        return {fastest, false, {}, "backend " + spec.name + " cannot compute this rule; switched to " + fastest};
    }
    return {spec.name, false, {}, {}};
}

void Simulator::adopt(std::unique_ptr<Backend> backend, Pick chosen) {
    if (!backend_ || backend->memorySpace() != backend_->memorySpace()) timer_.reset();
    backend_ = std::move(backend);
    backendName_ = std::move(chosen.name);
    autoBackend_ = chosen.isAuto;
    backendReason_ = std::move(chosen.reason);
}

Simulator::Simulator(const Rule& rule, const Grid& initial, const std::string& backend)
    : rule_(rule), size_(initial.size()) {
    checkStates(initial, rule_);
    Pick chosen = pick(backend, rule_, size_, Fallback::Refuse);
    std::unique_ptr<Backend> created = BackendRegistry::instance().create(chosen.name, rule_, size_);
    adopt(std::move(created), std::move(chosen));
    backend_->load(hostBuffer(initial));
}

Simulator::Simulator(const Rule& rule, GridSize size, double density, std::uint64_t seed, const std::string& backend,
                     std::uint32_t firstRandomRow)
    : rule_(rule), size_(size) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    Pick chosen = pick(backend, rule_, size_, Fallback::Refuse);
    std::unique_ptr<Backend> created = BackendRegistry::instance().create(chosen.name, rule_, size_);
    adopt(std::move(created), std::move(chosen));
    backend_->randomizeBand(density, seed, firstRandomRow);
}

Simulator::~Simulator() = default;

void Simulator::step(int generations) { advance(generations, false); }

double Simulator::timedStep(int generations) { return advance(generations, true); }

// On a growing plane, in runs no live cell can carry to an edge, growing between them.
double Simulator::advance(int generations, bool timed) {
    if (generations < 0) throw Error("cannot step a negative number of generations");
    if (timed && !timer_) timer_ = makeStepTimer(backend_->memorySpace());
    double ms = 0;
    while (generations > 0) {
        int run = generations;
        if (growing_) {
            const EdgeDistances near = liveCellDistances();
            const int safe = near.generationsBefore(neighbourhoodReach(rule_));
            if (safe == 0) {
                grow(near);
                continue; // measured again: the grid has grown, or stopped growing
            }
            run = std::min(run, safe);
        }
        if (timed)
            ms += timer_->time(*backend_, run);
        else
            backend_->step(run);
        generation_ += std::uint64_t(run);
        generations -= run;
    }
    return ms;
}

namespace {

// The band along each edge a growing plane watches: eight generations of reach.
int watchedBand(const Rule& rule) { return 8 * neighbourhoodReach(rule); }

// Which way a grid grows: across its unbounded sides, or both ways on a plane that names none (Golly's
// unbounded universe).
bool growsAcross(const Topology& t) { return t.unboundedSide() ? t.unboundedWidth : t.kind == TopologyKind::Plane; }
bool growsDownwards(const Topology& t) { return t.unboundedSide() ? t.unboundedHeight : t.kind == TopologyKind::Plane; }
bool canGrow(const Topology& t) { return growsAcross(t) || growsDownwards(t); }

} // namespace

void Simulator::growWithPattern(std::int64_t originX, std::int64_t originY) {
    if (!canGrow(rule_.topology))
        throw Error("only a plane or a grid with an unbounded side grows with its pattern; this rule's grid is a " +
                    describeTopology(rule_.topology));
    if (rule_.birth.contains(0))
        throw Error("rule " + rule_.format() +
                    " has B0: cells are born with no live neighbour, so an unbounded plane would fill at once; "
                    "give the pattern a bounded topology");
    growing_ = true;
    originX_ = originX;
    originY_ = originY;
    growthStopped_.clear();
}

// How far the live cells nearest each edge lie from it, up to the watched band (band: none within it).
// Only the bands along the edges are read.
Simulator::EdgeDistances Simulator::liveCellDistances() const {
    const int band = watchedBand(rule_);
    const int w = size_.width, h = size_.height;
    const auto nearest = [&](CellRect rect, auto distance) {
        int d = band;
        const std::vector<Cell> cells = readCells(rect);
        for (int y = 0; y < rect.height; ++y)
            for (int x = 0; x < rect.width; ++x)
                if (cells[std::size_t(y) * std::size_t(rect.width) + std::size_t(x)] != 0)
                    d = std::min(d, distance(int(rect.x) + x, int(rect.y) + y));
        return d;
    };
    const int rows = std::min(band, h), columns = std::min(band, w);
    // Edges that stay where they are (joined, or a strip's bounded sides) are never near.
    const bool across = growsAcross(rule_.topology), downwards = growsDownwards(rule_.topology);
    return {.left = across ? nearest({0, 0, columns, h}, [](int x, int) { return x; }) : band,
            .right = across ? nearest({w - columns, 0, columns, h}, [w](int x, int) { return w - 1 - x; }) : band,
            .top = downwards ? nearest({0, 0, w, rows}, [](int, int y) { return y; }) : band,
            .bottom = downwards ? nearest({0, h - rows, w, rows}, [h](int, int y) { return h - 1 - y; }) : band};
}

// A live cell d cells inside the grid reaches r cells further each generation, and the edge matters once
// one is within r of it: floor(d / r) generations are exact.
int Simulator::EdgeDistances::generationsBefore(int reach) const {
    return std::min({left, right, top, bottom}) / reach;
}

// Room on each side live cells come near: at least twice the watched band, and half the grid's side,
// so a pattern that keeps growing costs a number of regrowths logarithmic in its size.
void Simulator::grow(const EdgeDistances& near) {
    const int band = watchedBand(rule_);
    const int w = size_.width, h = size_.height;
    // Even, so that every cell keeps the parity of x + y that shapes flipping on odd cells go by.
    const auto even = [](int v) { return v + (v & 1); };
    const int padX = even(std::max(2 * band, w / 2)), padY = even(std::max(2 * band, h / 2));
    const int left = near.left < band ? padX : 0, right = near.right < band ? padX : 0;
    const int top = near.top < band ? padY : 0, bottom = near.bottom < band ? padY : 0;
    const GridSize grown{int(std::min<long long>(kMaxGridSide, (long long)w + left + right)),
                         int(std::min<long long>(kMaxGridSide, (long long)h + top + bottom))};
    const auto stop = [&](const std::string& why) {
        growing_ = false;
        const std::string grid = rule_.topology.unboundedSide() ? describeTopology(rule_.topology) : "plane";
        growthStopped_ = "the " + grid + " stopped growing at " + formatGridSize(size_) + " at generation " +
                         std::to_string(generation_) + " (" + why +
                         "); from then on cells at its edges see dead cells beyond them";
    };
    if (grown == size_) return stop("the largest grid side is " + std::to_string(kMaxGridSide));
    const int shiftX = int((long long)left * (grown.width - w) / std::max(1, left + right)) & ~1;
    const int shiftY = int((long long)top * (grown.height - h) / std::max(1, top + bottom)) & ~1;
    const std::uint64_t generation = generation_;
    try {
        Grid larger(grown);
        const Grid cells = snapshot();
        for (int y = 0; y < h; ++y) std::copy_n(cells.row(y), w, larger.row(y + shiftY) + shiftX);
        changeRule(rule_, &larger);
    } catch (const Error& e) {
        return stop(e.what());
    }
    generation_ = generation;
    originX_ -= shiftX;
    originY_ -= shiftY;
}

double Simulator::timedExportView(const ViewWindow& window, ViewTarget target) const {
    if (!timer_) timer_ = makeStepTimer(backend_->memorySpace());
    return timer_->timeWork(*backend_, [&] { backend_->exportView(window, target); });
}

const char* Simulator::stepTimerMethod() const {
    if (!timer_) timer_ = makeStepTimer(backend_->memorySpace());
    return timer_->method();
}

void Simulator::switchBackend(const std::string& requested) {
    Pick chosen = pick(requested, rule_, size_, Fallback::Refuse);
    const BackendSpec& spec = BackendRegistry::instance().find(chosen.name);
    std::unique_ptr<Backend> next = BackendRegistry::instance().create(
        chosen.name, rule_, size_, stagingNeed(size_, stagingSpace(backend_->memorySpace(), spec.memorySpace)));
    transferState(*backend_, *next);
    adopt(std::move(next), std::move(chosen));
    notice_.clear();
}

void Simulator::setRule(const Rule& rule) { changeRule(rule, nullptr); }

void Simulator::load(const Grid& grid) {
    if (grid.size() == size_) {
        checkStates(grid, rule_);
        backend_->load(hostBuffer(grid));
        generation_ = 0;
    } else {
        changeRule(rule_, &grid);
    }
    forgetGrowth();
}

void Simulator::load(const Grid& grid, const Rule& rule) {
    changeRule(rule, &grid);
    forgetGrowth();
}

// Other cells, at generation 0: whether they grow is for the caller to say again.
void Simulator::forgetGrowth() {
    growing_ = false;
    originX_ = originY_ = 0;
    growthStopped_.clear();
}

// A new rule for the current cells, or (with `replacement`) for other cells at generation 0. The
// running backend keeps the state where it lives when it stays; another backend is made before the
// running one goes, so a failure leaves everything as it was.
void Simulator::changeRule(const Rule& rule, const Grid* replacement) {
    rule.validate();
    const GridSize size = replacement ? replacement->size() : size_;
    checkGridSize(size, &rule, kMaxWideGridCells); // the backend's own limit: BackendRegistry::create
    if (replacement) checkStates(*replacement, rule);
    Pick chosen = pick(autoBackend_ ? std::string(kAutoBackend) : backendName_, rule, size, Fallback::ToFastest);
    std::string notice = std::move(chosen.notice);

    const BackendSpec& spec = BackendRegistry::instance().find(chosen.name);
    // Reconfigured in place only where the edge frame (or its absence) stays as it is.
    if (chosen.name == backendName_ && size == size_ && needsEdgeFrame(spec, rule) == needsEdgeFrame(spec, rule_)) {
        // The backend is reconfigured in place: it needs what the new rule takes beyond the old one's, and
        // the copy of the state kept meanwhile.
        const MemoryNeed now = memoryNeedFor(spec, rule_, size_), then = memoryNeedFor(spec, rule, size);
        MemoryNeed more = stagingNeed(size, backend_->memorySpace());
        more.hostBytes += then.hostBytes > now.hostBytes ? then.hostBytes - now.hostBytes : 0;
        more.deviceBytes += then.deviceBytes > now.deviceBytes ? then.deviceBytes - now.deviceBytes : 0;
        checkMemoryNeed(spec, rule, size, more, availableHostBytes(),
                        spec.memorySpace == MemorySpace::Device ? cudaFreeDeviceBytes() : std::nullopt);
        CellStorage kept = stateOf(*backend_, backend_->memorySpace());
        try {
            backend_->configure(rule, size);
        } catch (...) {
            backend_->configure(rule_, size_);
            backend_->load(kept.view());
            throw;
        }
        if (replacement) {
            backend_->load(hostBuffer(*replacement));
        } else {
            clearStatesFrom(kept.view(), rule.states);
            backend_->load(kept.view());
        }
        backendReason_ = std::move(chosen.reason);
    } else {
        const MemoryNeed staging =
            replacement ? MemoryNeed{} : stagingNeed(size, stagingSpace(backend_->memorySpace(), spec.memorySpace));
        std::unique_ptr<Backend> next = BackendRegistry::instance().create(chosen.name, rule, size, staging);
        if (replacement)
            next->load(hostBuffer(*replacement));
        else
            transferState(*backend_, *next);
        adopt(std::move(next), std::move(chosen));
    }
    rule_ = rule;
    size_ = size;
    notice_ = std::move(notice);
    if (replacement) generation_ = 0;
    if (!replacement && growing_ && (!canGrow(rule.topology) || rule.birth.contains(0))) {
        growing_ = false; // the grid is what the new rule's topology says
        growthStopped_ =
            "the plane stopped growing at generation " + std::to_string(generation_) + ": rule " + rule.format() +
            (rule.birth.contains(0) ? " has B0" : " is on neither a plane nor a grid with an unbounded side");
    }
}

Grid Simulator::snapshot() const {
    Grid grid(size_);
    backend_->store(hostBuffer(grid));
    return grid;
}

std::vector<Cell> Simulator::readCells(const CellRect& rect) const {
    checkCellRect(rect, size_, std::size_t(std::max(rect.width, 0)) * std::size_t(std::max(rect.height, 0)));
    std::vector<Cell> cells(std::size_t(rect.width) * std::size_t(rect.height));
    backend_->readCells(rect, cells);
    return cells;
}

} // namespace catlab
