// The view of a distributed grid: each rank sums its band's rows for the pixels they meet, the partial
// rows of pixels travel to rank 0 and rank 0 finishes the pixels. Only pixels cross, never the grid.
#include "catlab/distributed/distributed_simulator.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/distributed/collective_failure.hpp"
#include "catlab/thread_pool.hpp"
#include "catlab/view_partials.hpp"
#include "catlab/view_partials_export.hpp"

#include <memory>
#include <vector>

namespace catlab {
namespace {

// Pixel rows first .. first + rows - 1.
struct PixelRows {
    int first = 0, rows = 0;
};

// The pixel rows whose cells meet `band`, as runs of consecutive rows, top to bottom: what the band's
// rank computes and sends, and what rank 0 expects from it.
std::vector<PixelRows> pixelRowsMeeting(const ViewMapping& m, ViewRows band) {
    std::vector<PixelRows> runs;
    for (int py = 0; py < m.height; ++py) {
        if (!viewSpanMeets(viewSpan(m.y, py), m.y.cells, band)) continue;
        if (!runs.empty() && runs.back().first + runs.back().rows == py)
            ++runs.back().rows;
        else
            runs.push_back({py, 1});
    }
    return runs;
}

int rowCount(const std::vector<PixelRows>& runs) {
    int rows = 0;
    for (const PixelRows& r : runs) rows += r.rows;
    return rows;
}

// Rows of partials, `width` to a row, in host memory or in device memory (as bytes there).
class PartialRows {
  public:
    PartialRows(MemorySpace space, int width, int rows) : space_(space), width_(std::size_t(width)) {
        if (rows == 0) return;
        if (space == MemorySpace::Host)
            host_.resize(width_ * std::size_t(rows));
        else
            device_ = std::make_unique<CellStorage>(space, GridSize{width * int(sizeof(ViewPartial)), rows});
        rows_ = std::size_t(rows);
    }
    MemorySpace space() const { return space_; }
    ViewPartial* row(int r) { return data() + std::size_t(r) * width_; }
    ViewPartial* data() { return device_ ? reinterpret_cast<ViewPartial*>(device_->view().data) : host_.data(); }
    std::size_t bytes() const { return rows_ * width_ * sizeof(ViewPartial); }
    // The partials in host memory: in place, or copied there from the device.
    std::vector<ViewPartial> onHost() {
        if (!device_) return std::move(host_);
        std::vector<ViewPartial> copy(rows_ * width_);
        copyRows(copy.data(), bytes(), MemorySpace::Host, data(), bytes(), space_, bytes(), 1);
        return copy;
    }

  private:
    MemorySpace space_;
    std::size_t width_;
    std::size_t rows_ = 0;
    std::vector<ViewPartial> host_;
    std::unique_ptr<CellStorage> device_;
};

// Adds a rank's partials (the rows of `runs`, one after the other) into the whole window's.
void addRuns(std::vector<ViewPartial>& whole, int width, const std::vector<ViewPartial>& partials,
             const std::vector<PixelRows>& runs) {
    const std::size_t w = std::size_t(width);
    std::size_t at = 0;
    for (const PixelRows& run : runs)
        for (int i = 0; i < run.rows; ++i, ++at) {
            ViewPartial* into = whole.data() + std::size_t(run.first + i) * w;
            const ViewPartial* from = partials.data() + at * w;
            for (std::size_t px = 0; px < w; ++px) into[px].add(from[px]);
        }
}

// Rank 0's pixels from the sums of every band's partials, into its target.
void finishPixels(const ViewMapping& m, const std::vector<ViewPartial>& whole, ViewTarget target) {
    const std::size_t width = std::size_t(m.width), height = std::size_t(m.height);
    const bool direct = target.space == MemorySpace::Host;
    std::vector<ViewPixel> staging(direct ? 0 : width * height);
    ViewPixel* const pixels = direct ? target.pixels : staging.data();
    const std::size_t pitch = direct ? std::size_t(target.pitch) : width;
    ThreadPool::shared().parallelFor(m.height, [&](long long begin, long long end) {
        for (int py = int(begin); py < int(end); ++py)
            for (int px = 0; px < m.width; ++px)
                pixels[std::size_t(py) * pitch + std::size_t(px)] =
                    viewPixelFromPartial(m, px, py, whole[std::size_t(py) * width + std::size_t(px)]);
    });
    if (!direct)
        copyRows(target.pixels, std::size_t(target.pitch) * sizeof(ViewPixel), target.space, staging.data(),
                 width * sizeof(ViewPixel), MemorySpace::Host, width * sizeof(ViewPixel), height);
}

} // namespace

void DistributedSimulator::exportView(const ViewWindow& window, ViewTarget target) {
    const bool root = comm_.rank() == 0;
    ViewMapping m;
    onEveryRank(comm_, [&] {
        m = makeViewMapping(window, layout_.global(), int(rule_.states));
        if (root) checkViewTarget(window, target);
    });
    const auto rowsOf = [&](int rank) {
        const Band& band = layout_.band(rank);
        return ViewRows{band.firstRow, band.rows, layout_.haloRows()};
    };

    // Every rank computes its partials (rank 0 on the host, where it finishes the pixels); rank 0 makes
    // room for everyone else's.
    const std::vector<PixelRows> mine = pixelRowsMeeting(m, rowsOf(comm_.rank()));
    std::unique_ptr<PartialRows> own;
    std::vector<std::vector<PixelRows>> theirs(std::size_t(comm_.size()));
    std::vector<std::unique_ptr<PartialRows>> received(std::size_t(comm_.size()));
    onEveryRank(comm_, [&] {
        own = std::make_unique<PartialRows>(root ? MemorySpace::Host : comm_.bufferSpace(), m.width, rowCount(mine));
        int at = 0;
        for (const PixelRows& run : mine) {
            const ViewPartialTarget partials{own->row(at), run.first, run.rows, own->space()};
            local_->exportViewPartials(m, rowsOf(comm_.rank()), partials); // an edge frame lies past m's columns
            at += run.rows;
        }
        if (!root) return;
        for (int q = 1; q < comm_.size(); ++q) {
            theirs[std::size_t(q)] = pixelRowsMeeting(m, rowsOf(q));
            received[std::size_t(q)] =
                std::make_unique<PartialRows>(comm_.bufferSpace(), m.width, rowCount(theirs[std::size_t(q)]));
        }
    });

    std::vector<OutgoingMessage> sends;
    std::vector<IncomingMessage> receives;
    if (!root && own->bytes() > 0) sends.push_back({0, own->data(), own->bytes()});
    for (int q = 1; q < comm_.size(); ++q)
        if (root && received[std::size_t(q)]->bytes() > 0)
            receives.push_back({q, received[std::size_t(q)]->data(), received[std::size_t(q)]->bytes()});
    comm_.exchange(sends, receives);
    if (!root) return;

    std::vector<ViewPartial> whole(std::size_t(m.width) * std::size_t(m.height));
    addRuns(whole, m.width, own->onHost(), mine);
    for (int q = 1; q < comm_.size(); ++q)
        addRuns(whole, m.width, received[std::size_t(q)]->onHost(), theirs[std::size_t(q)]);
    finishPixels(m, whole, target);
}

} // namespace catlab
