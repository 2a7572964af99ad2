#include "edge_frame_backend.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/topology.hpp"

#include <algorithm>
#include <optional>

namespace catlab {

EdgeFrameBackend::EdgeFrameBackend(std::unique_ptr<Backend> torusBackend) : inner_(std::move(torusBackend)) {}

// The frame is at least 2 * reach wide, and the framed width a multiple of 64 cells: the torus backends'
// fast paths read rows as aligned words.
GridSize EdgeFrameBackend::framedSize(const Rule& rule, GridSize size) {
    const int reach = neighbourhoodReach(rule);
    const long long width = (((long long)size.width + 2 * reach + 63) / 64) * 64;
    return {width <= kMaxGridSide ? int(width) : size.width + 2 * reach, size.height + 2 * reach};
}

std::uint64_t EdgeFrameBackend::frameHostBytes(const Rule& rule, GridSize size) {
    const std::uint64_t w = std::uint64_t(size.width), h = std::uint64_t(size.height),
                        r = std::uint64_t(neighbourhoodReach(rule));
    const std::uint64_t frame = (w + 2 * r + 63) * 2 * r + (2 * r + 63) * h;
    const std::uint64_t rim = 2 * r * (w + h);
    const std::uint64_t staging = w * h; // load(), store() and randomize() pass the grid through the host
    return frame * (1 + sizeof(std::uint32_t)) + rim + staging;
}

void EdgeFrameBackend::prepare(const Rule& rule, GridSize size) {
    Rule torusRule = rule;
    torusRule.topology = Topology{};
    frameSize_ = framedSize(rule, size);
    inner_->configure(torusRule, frameSize_);
    inner_->showOnly(size);

    const int r = neighbourhoodReach(rule), w = size.width, h = size.height;
    below_ = {0, h, frameSize_.width, 2 * r};
    right_ = {w, 0, frameSize_.width - w, h};
    belowCells_.assign(std::size_t(below_.width) * std::size_t(below_.height), Cell{0});
    rightCells_.assign(std::size_t(right_.width) * std::size_t(right_.height), Cell{0});
    rim_.clear();
    belowSource_.clear();
    rightSource_.clear();
    framePopulation_ = 0;
    if (rule.topology.kind == TopologyKind::Plane) return; // dead outside: the frame stays all zeros

    // Every other topology has sides of at least 2r + 1 (validateTopology), and what lies up to r cells
    // past an edge comes from within r cells of an edge: the four strips along them.
    rim_ = {{0, 0, w, r}, {0, h - r, w, r}, {0, r, r, h - 2 * r}, {w - r, r, r, h - 2 * r}};
    std::size_t rimCells = 0;
    for (const CellRect& strip : rim_) rimCells += std::size_t(strip.width) * std::size_t(strip.height);
    rimCells_.assign(rimCells, Cell{0});
    const auto rimIndex = [&](CellPosition cell) {
        std::size_t offset = 0;
        for (const CellRect& s : rim_) {
            if (cell.x >= s.x && cell.x < s.x + s.width && cell.y >= s.y && cell.y < s.y + s.height)
                return std::uint32_t(offset + std::size_t(cell.y - s.y) * std::size_t(s.width) +
                                     std::size_t(cell.x - s.x));
            offset += std::size_t(s.width) * std::size_t(s.height);
        }
        throw Error("edge frame: the " + std::string(toString(rule.topology.kind)) +
                    " joins a cell farther than the neighbourhood reaches from every edge");
    };
    // Frame column or row i stands for grid position i within r past the right or bottom edge, or
    // i - (framed side) within r past the left or top edge (the torus wraps there); the neighbourhoods of
    // the grid's cells never reach the ones between, which stay dead.
    const auto gridPosition = [r](int framed, int side, int framedSide) -> std::optional<int> {
        if (framed < side + r) return framed;
        if (framed >= framedSide - r) return framed - framedSide;
        return std::nullopt;
    };
    const auto sourceOf = [&](int framedX, int framedY) {
        const auto x = gridPosition(framedX, w, frameSize_.width), y = gridPosition(framedY, h, frameSize_.height);
        if (!x || !y) return kDead;
        const auto cell = resolvePosition(rule.topology, size, *x, *y);
        return cell ? rimIndex(*cell) : kDead;
    };
    belowSource_.resize(belowCells_.size());
    for (int j = 0; j < below_.height; ++j)
        for (int i = 0; i < below_.width; ++i)
            belowSource_[std::size_t(j) * std::size_t(below_.width) + std::size_t(i)] = sourceOf(i, h + j);
    rightSource_.resize(rightCells_.size());
    for (int j = 0; j < right_.height; ++j)
        for (int i = 0; i < right_.width; ++i)
            rightSource_[std::size_t(j) * std::size_t(right_.width) + std::size_t(i)] = sourceOf(w + i, j);
}

void EdgeFrameBackend::refillFrame() {
    std::size_t offset = 0;
    for (const CellRect& strip : rim_) {
        const std::size_t count = std::size_t(strip.width) * std::size_t(strip.height);
        inner_->readCells(strip, std::span<Cell>(rimCells_).subspan(offset, count));
        offset += count;
    }
    framePopulation_ = 0;
    const auto gather = [&](const std::vector<std::uint32_t>& sources, std::vector<Cell>& cells) {
        for (std::size_t i = 0; i < sources.size(); ++i) {
            cells[i] = sources[i] == kDead ? Cell{0} : rimCells_[sources[i]];
            framePopulation_ += cells[i] != 0;
        }
    };
    gather(belowSource_, belowCells_);
    gather(rightSource_, rightCells_);
    inner_->writeCells(below_, belowCells_);
    inner_->writeCells(right_, rightCells_);
}

void EdgeFrameBackend::load(ConstCellBuffer source) {
    if (source.size != size()) throw Error("load: state has the wrong size");
    const std::size_t count = std::size_t(source.size.width) * std::size_t(source.size.height);
    const CellRect grid{0, 0, size().width, size().height};
    if (source.space == MemorySpace::Host) {
        inner_->writeCells(grid, {source.data, count});
    } else {
        std::vector<Cell> staged(count);
        copyRows(staged.data(), count, MemorySpace::Host, source.data, count, MemorySpace::Device, count, 1);
        inner_->writeCells(grid, staged);
    }
    refillFrame();
}

void EdgeFrameBackend::store(CellBuffer destination) const {
    if (destination.size != size()) throw Error("store: destination has the wrong size");
    const std::size_t count = std::size_t(size().width) * std::size_t(size().height);
    const CellRect grid{0, 0, size().width, size().height};
    if (destination.space == MemorySpace::Host) return inner_->readCells(grid, {destination.data, count});
    std::vector<Cell> staged(count);
    inner_->readCells(grid, staged);
    copyRows(destination.data, count, MemorySpace::Device, staged.data(), count, MemorySpace::Host, count, 1);
}

void EdgeFrameBackend::step(int generations) {
    for (int g = 0; g < generations; ++g) {
        inner_->step(1);
        refillFrame();
    }
}

std::uint64_t EdgeFrameBackend::population() const { return inner_->population() - framePopulation_; }

void EdgeFrameBackend::randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) {
    Grid cells(size());
    fillRandom(cells, density, seed, firstRow);
    load(hostBuffer(cells));
}

void EdgeFrameBackend::exportView(const ViewWindow& window, ViewTarget target) const {
    inner_->exportView(window, target);
}

// A rectangle may wrap around the grid's edges (CellRect): each part that does not is its own rectangle
// of the framed torus, whose cells are copied out of or into the caller's buffer.
void EdgeFrameBackend::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    checkCellWrite(rect, size(), cells, rule().states);
    std::vector<Cell> piece;
    forEachUnwrappedPiece(rect, size(), [&](int gx, int gy, int rx, int ry, int w, int h) {
        piece.resize(std::size_t(w) * std::size_t(h));
        for (int j = 0; j < h; ++j)
            std::copy_n(cells.begin() + std::ptrdiff_t(std::size_t(ry + j) * std::size_t(rect.width) + std::size_t(rx)),
                        w, piece.begin() + std::ptrdiff_t(std::size_t(j) * std::size_t(w)));
        inner_->writeCells({gx, gy, w, h}, piece);
    });
    refillFrame();
}

void EdgeFrameBackend::readCells(const CellRect& rect, std::span<Cell> cells) const {
    checkCellRect(rect, size(), cells.size());
    std::vector<Cell> piece;
    forEachUnwrappedPiece(rect, size(), [&](int gx, int gy, int rx, int ry, int w, int h) {
        piece.resize(std::size_t(w) * std::size_t(h));
        inner_->readCells({gx, gy, w, h}, piece);
        for (int j = 0; j < h; ++j)
            std::copy_n(piece.begin() + std::ptrdiff_t(std::size_t(j) * std::size_t(w)), w,
                        cells.begin() +
                            std::ptrdiff_t(std::size_t(ry + j) * std::size_t(rect.width) + std::size_t(rx)));
    });
}

std::optional<StateView> EdgeFrameBackend::stateView() {
    std::optional<StateView> view = inner_->stateView();
    if (!view) return view;
    const std::int64_t w = size().width, h = size().height;
    const auto words = [](std::int64_t cells, std::int64_t per) { return (cells + per - 1) / per; };
    switch (view->layout) {
    case StateLayout::Cells: view->shape = {h, w}; break;
    case StateLayout::Tiles16: view->shape = {words(h, 16), 16, words(w, 16), 16}; break;
    case StateLayout::Bits32: view->shape = {h, words(w, 32)}; break;
    case StateLayout::BitPlanes32: view->shape = {view->shape[0], h, words(w, 32)}; break;
    }
    view->size = size();
    // Whole tiles and words past the grid's edge hold frame cells, which a write would put out of step.
    if (view->layout != StateLayout::Cells) view->writable = false;
    return view;
}

void EdgeFrameBackend::stateWritten() {
    inner_->stateWritten();
    refillFrame();
}

} // namespace catlab
