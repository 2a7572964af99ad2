#include "cpu_naive.hpp"

#include "catlab/backend_spec.hpp"

#include "catlab/error.hpp"
#include "catlab/thread_pool.hpp"
#include "catlab/view_export.hpp"
#include "catlab/view_partials_export.hpp"

#include <cstring>

namespace catlab {

void CpuNaiveBackend::prepare(const Rule& rule, GridSize newSize) {
    shape_ = neighbourhoodShape(rule);
    rows_ = shapeRows(shape_, false);
    flippedRows_ = shapeRows(shape_, true);
    if (current_.size() != newSize) {
        current_ = Grid(newSize);
        next_ = Grid(newSize);
    }
}

void CpuNaiveBackend::load(ConstCellBuffer source) {
    if (source.space != MemorySpace::Host) throw Error("cpu-naive can only load cells from host memory");
    if (source.size != current_.size()) throw Error("cpu-naive: loaded state has the wrong size");
    std::memcpy(current_.cells().data(), source.data, current_.cellCount());
}

void CpuNaiveBackend::store(CellBuffer destination) const {
    if (destination.space != MemorySpace::Host) throw Error("cpu-naive can only store cells to host memory");
    if (destination.size != current_.size()) throw Error("cpu-naive: destination has the wrong size");
    std::memcpy(destination.data, current_.cells().data(), current_.cellCount());
}

void CpuNaiveBackend::randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) {
    fillRandom(current_, density, seed, firstRow);
}

namespace {

// Golly's transition: a dead cell is born on a birth count, a live one survives on a survival count (its
// own weight added) or starts to decay; a decaying cell ages by one and dies after state C - 1.
Cell nextCell(const Rule& rule, const NeighbourhoodShape& shape, Cell state, int neighbours) {
    if (state == 0) return rule.birth.contains(neighbours) ? Cell{1} : Cell{0};
    if (state == 1 && rule.survival.contains(neighbours + shape.centreWeight)) return Cell{1};
    return state + 1 < rule.states ? Cell(state + 1) : Cell{0};
}

} // namespace

void CpuNaiveBackend::step(int generations) {
    for (int g = 0; g < generations; ++g) {
        if (rule().topology.plainTorus())
            stepTorus();
        else
            stepBounded();
        std::swap(current_, next_);
    }
}

void CpuNaiveBackend::stepTorus() {
    const Rule& r = rule();
    const NeighbourhoodShape& s = shape_;
    const int w = current_.width(), h = current_.height();
    // wrappedColumn[x + dx + reach] is column x + dx on the torus.
    std::vector<int> wrappedColumn(std::size_t(w + 2 * s.reachX));
    for (int i = 0; i < w + 2 * s.reachX; ++i) wrappedColumn[std::size_t(i)] = ((i - s.reachX) % w + w) % w;
    ThreadPool::shared().parallelFor(h, [&](long long yBegin, long long yEnd) {
        for (int y = int(yBegin); y < int(yEnd); ++y) {
            for (int x = 0; x < w; ++x) {
                const bool flipped = s.flipsOnOddCells && (x + y) % 2 != 0;
                int neighbours = 0; // the weights of the live cells around (x, y), the centre left out
                for (const ShapeRow& shapeRow : flipped ? flippedRows_ : rows_) {
                    const Cell* row = current_.row(((y + shapeRow.dy) % h + h) % h);
                    for (const NeighbourOffset& o : shapeRow.cells)
                        if (row[wrappedColumn[std::size_t(x + o.dx + s.reachX)]] == 1) neighbours += o.weight;
                }
                next_.at(x, y) = nextCell(r, s, current_.at(x, y), neighbours);
            }
        }
    });
}

// Any other topology: each neighbour position is resolved on its own (topology.hpp), the plainest
// reading of the joins, which the other backends' edge frames are tested against.
void CpuNaiveBackend::stepBounded() {
    const Rule& r = rule();
    const NeighbourhoodShape& s = shape_;
    const GridSize size = current_.size();
    ThreadPool::shared().parallelFor(size.height, [&](long long yBegin, long long yEnd) {
        for (int y = int(yBegin); y < int(yEnd); ++y) {
            for (int x = 0; x < size.width; ++x) {
                const bool flipped = s.flipsOnOddCells && (x + y) % 2 != 0;
                int neighbours = 0;
                for (const ShapeRow& shapeRow : flipped ? flippedRows_ : rows_)
                    for (const NeighbourOffset& o : shapeRow.cells) {
                        const auto cell = resolvePosition(r.topology, size, x + o.dx, y + shapeRow.dy);
                        if (cell && current_.at(cell->x, cell->y) == 1) neighbours += o.weight;
                    }
                next_.at(x, y) = nextCell(r, s, current_.at(x, y), neighbours);
            }
        }
    });
}

// The view and painting work on the grid in place.
void CpuNaiveBackend::exportView(const ViewWindow& window, ViewTarget target) const {
    exportViewOnHost(hostBuffer(current_), visibleSize(), rule().states, window, target);
}

void CpuNaiveBackend::exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const {
    exportViewPartialsOnHost(hostBuffer(current_), m, rows, target);
}

void CpuNaiveBackend::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    checkCellWrite(rect, current_.size(), cells, rule().states);
    copyIntoGrid(current_, rect, cells);
}

void CpuNaiveBackend::readCells(const CellRect& rect, std::span<Cell> cells) const {
    checkCellRect(rect, current_.size(), cells.size());
    copyFromGrid(current_, rect, cells);
}

} // namespace catlab

namespace catlab::backends {

BackendSpec cpuNaive() {
    return {.name = "cpu-naive",
            .memorySpace = MemorySpace::Host,
            .description = "direct neighbourhood count on the CPU: the reference every backend must match",
            .rulesSummary = "any rule",
            .unsupportedReason = computesEveryRule,
            .create = makeBackend<CpuNaiveBackend>,
            .memoryNeed =
                [](const Rule& rule, GridSize size) {
                    // The state, the next state, the shape's offsets and step()'s column index.
                    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
                    const std::uint64_t square =
                        std::uint64_t(4 * rule.radius + 1) * std::uint64_t(2 * rule.radius + 1);
                    const std::uint64_t columns = std::uint64_t(size.width + 4 * rule.radius) * sizeof(int);
                    return MemoryNeed{.hostBytes = 2 * cells + square * sizeof(NeighbourOffset) + columns};
                },
            .joinsEveryTopology = true};
}

} // namespace catlab::backends
