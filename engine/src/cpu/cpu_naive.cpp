#include "cpu_naive.hpp"

#include "catlab/backend_spec.hpp"

#include "catlab/error.hpp"
#include "catlab/thread_pool.hpp"
#include "catlab/view_export.hpp"

#include <cstring>

namespace catlab {

void CpuNaiveBackend::prepare(const Rule& rule, GridSize newSize) {
    transition_ = std::make_unique<Transition>(rule);
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
    const int w = current_.width(), h = current_.height();
    // wrappedColumn[x + dx + radius] is column x + dx on the torus.
    std::vector<int> wrappedColumn(std::size_t(w + 2 * r.radius));
    for (int i = 0; i < w + 2 * r.radius; ++i) wrappedColumn[std::size_t(i)] = ((i - r.radius) % w + w) % w;
    ThreadPool::shared().parallelFor(h, [&](long long yBegin, long long yEnd) {
        for (int y = int(yBegin); y < int(yEnd); ++y) {
            for (int x = 0; x < w; ++x) {
                int count = 0; // live cells in the whole neighbourhood, centre included
                for (int dy = -r.radius; dy <= r.radius; ++dy) {
                    const Cell* row = current_.row(((y + dy) % h + h) % h);
                    const int half = rowHalfWidth(r.neighbourhood, r.radius, dy);
                    for (int dx = -half; dx <= half; ++dx)
                        count += row[wrappedColumn[std::size_t(x + dx + r.radius)]] == 1;
                }
                next_.at(x, y) = transition_->next(current_.at(x, y), count);
            }
        }
    });
}

// Any other topology: each neighbour position is resolved on its own (topology.hpp), the plainest
// reading of the joins, which the other backends' edge frames are tested against.
void CpuNaiveBackend::stepBounded() {
    const Rule& r = rule();
    const GridSize size = current_.size();
    ThreadPool::shared().parallelFor(size.height, [&](long long yBegin, long long yEnd) {
        for (int y = int(yBegin); y < int(yEnd); ++y) {
            for (int x = 0; x < size.width; ++x) {
                int count = 0;
                for (int dy = -r.radius; dy <= r.radius; ++dy) {
                    const int half = rowHalfWidth(r.neighbourhood, r.radius, dy);
                    for (int dx = -half; dx <= half; ++dx) {
                        const auto cell = resolvePosition(r.topology, size, x + dx, y + dy);
                        count += cell && current_.at(cell->x, cell->y) == 1;
                    }
                }
                next_.at(x, y) = transition_->next(current_.at(x, y), count);
            }
        }
    });
}

// The view and painting work on the grid in place.
void CpuNaiveBackend::exportView(const ViewWindow& window, ViewTarget target) const {
    exportViewOnHost(hostBuffer(current_), visibleSize(), rule().states, window, target);
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
                    // The state, the next state, the transition's two tables and step()'s column index.
                    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
                    const std::uint64_t counts = std::uint64_t(neighbourhoodCells(rule.neighbourhood, rule.radius)) + 1;
                    const std::uint64_t columns = std::uint64_t(size.width + 2 * rule.radius) * sizeof(int);
                    return MemoryNeed{.hostBytes = 2 * cells + 2 * counts + columns};
                },
            .joinsEveryTopology = true};
}

} // namespace catlab::backends
