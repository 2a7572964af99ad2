#include "cpu_stepper.hpp"
#include "shape_rows.hpp"

#include "catlab/thread_pool.hpp"
#include "neighbourhood_weights.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace catlab {
namespace {

class ShapeStepper final : public CpuFastBackend::Stepper {
  public:
    ShapeStepper(const Rule& rule, GridSize size)
        : shape_(neighbourhoodShape(rule)), width_(size.width), height_(size.height), pad_(shape_.reachX),
          stride_(size.width + 2 * shape_.reachX), states_(rule.states), birthAtZero_(rule.birth.contains(0)),
          rows_(shapeRows(shape_, false)), flippedRows_(shape_.flipsOnOddCells ? shapeRows(shape_, true) : rows_),
          alive_(std::size_t(stride_) * std::size_t(size.height)), liveRows_(std::size_t(size.height)) {
        // Counts reach lowest - |centre| .. highest + |centre|: one table entry each.
        const int margin = std::abs(shape_.centreWeight);
        lowest_ = shape_.minCount - margin;
        const int entries = shape_.maxCount + margin - lowest_ + 1;
        born_.resize(std::size_t(entries));
        survives_.resize(std::size_t(entries));
        for (int i = 0; i < entries; ++i) {
            born_[std::size_t(i)] = rule.birth.contains(lowest_ + i);
            survives_[std::size_t(i)] = rule.survival.contains(lowest_ + i + shape_.centreWeight);
        }
    }

    static std::uint64_t bytes(const Rule& rule, GridSize size) {
        const Interval range = neighbourhoodCountRange(rule);
        const int reachX = rule.neighbourhood == Neighbourhood::Triangular ? 2 * rule.radius : rule.radius;
        const std::uint64_t square = std::uint64_t(2 * reachX + 1) * std::uint64_t(2 * rule.radius + 1);
        const std::uint64_t stride = std::uint64_t(size.width) + 2 * std::uint64_t(reachX);
        const std::uint64_t threads = ThreadPool::shared().size();
        return stride * std::uint64_t(size.height) + std::uint64_t(size.height) + 3 * square * sizeof(NeighbourOffset) +
               2 * (std::uint64_t(range.hi - range.lo) + 1 + 2 * 256) +
               threads * 2 * std::uint64_t(size.width) * sizeof(int);
    }

    void stateReplaced() override {}

    void step(const Grid& from, Grid& to) override {
        ThreadPool& pool = ThreadPool::shared();
        pool.parallelFor(height_, [&](long long y0, long long y1) {
            for (long long y = y0; y < y1; ++y) fillAliveRow(from.row(int(y)), int(y));
        });
        pool.parallelFor(height_, [&](long long y0, long long y1) {
            std::vector<int> counts(static_cast<std::size_t>(width_));
            std::vector<int> flippedCounts(shape_.flipsOnOddCells ? counts.size() : 0);
            for (long long y = y0; y < y1; ++y) stepRow(from, to, int(y), counts, flippedCounts);
        });
    }

  private:
    // Row y of the plane: 0/1 for state 1, padded with pad_ columns wrapped from the other side.
    void fillAliveRow(const Cell* states, int y) {
        Cell* out = alive_.data() + std::size_t(y) * std::size_t(stride_);
        Cell any = 0;
        for (int x = 0; x < width_; ++x) any |= out[pad_ + x] = states[x] == 1;
        for (int i = 0; i < pad_; ++i) {
            out[i] = out[pad_ + ((width_ - pad_ + i) % width_ + width_) % width_];
            out[pad_ + width_ + i] = out[pad_ + i % width_];
        }
        liveRows_[std::size_t(y)] = any;
    }

    const Cell* aliveRow(int y) const {
        const int wrapped = (y % height_ + height_) % height_;
        return alive_.data() + std::size_t(wrapped) * std::size_t(stride_) + std::size_t(pad_);
    }

    bool liveWithinReach(int y) const {
        for (int dy = -shape_.reachY; dy <= shape_.reachY; ++dy)
            if (liveRows_[std::size_t(((y + dy) % height_ + height_) % height_)]) return true;
        return false;
    }

    void sumRows(const std::vector<ShapeRow>& rows, int y, std::vector<int>& counts) const {
        std::fill(counts.begin(), counts.end(), 0);
        int* __restrict sum = counts.data();
        for (const ShapeRow& row : rows) {
            const Cell* line = aliveRow(y + row.dy);
            for (const NeighbourOffset& o : row.cells) {
                const Cell* __restrict shifted = line + o.dx;
                const int weight = o.weight;
                for (int x = 0; x < width_; ++x) sum[x] += weight * shifted[x];
            }
        }
    }

    void stepRow(const Grid& from, Grid& to, int y, std::vector<int>& counts, std::vector<int>& flippedCounts) const {
        const Cell* state = from.row(y);
        Cell* next = to.row(y);
        if (!birthAtZero_ && !liveWithinReach(y) && std::all_of(state, state + width_, [](Cell c) { return c == 0; })) {
            std::memset(next, 0, std::size_t(width_)); // every count is 0 and no cell decays
            return;
        }
        sumRows(rows_, y, counts);
        if (shape_.flipsOnOddCells) sumRows(flippedRows_, y, flippedCounts);
        for (int x = 0; x < width_; ++x) {
            const bool flipped = shape_.flipsOnOddCells && (x + y) % 2 != 0;
            const std::size_t entry =
                std::size_t((flipped ? flippedCounts[std::size_t(x)] : counts[std::size_t(x)]) - lowest_);
            const Cell s = state[x];
            if (s == 0)
                next[x] = born_[entry];
            else if (s == 1 && survives_[entry])
                next[x] = 1;
            else
                next[x] = s + 1 < states_ ? Cell(s + 1) : Cell{0};
        }
    }

    NeighbourhoodShape shape_;
    int width_, height_, pad_, stride_, states_;
    bool birthAtZero_;
    std::vector<ShapeRow> rows_, flippedRows_;
    std::vector<Cell> alive_;
    std::vector<Cell> liveRows_;
    int lowest_ = 0;                    // the count of table entry 0
    std::vector<Cell> born_, survives_; // by count - lowest_: birth, and survival with the centre's weight added
};

} // namespace

std::unique_ptr<CpuFastBackend::Stepper> makeShapeStepper(const Rule& rule, GridSize size) {
    return std::make_unique<ShapeStepper>(rule, size);
}

std::uint64_t shapeStepperBytes(const Rule& rule, GridSize size) { return ShapeStepper::bytes(rule, size); }

} // namespace catlab
