#include "catlab/distributed/frame_plan.hpp"

#include "catlab/distributed/halo_plan.hpp"
#include "catlab/error.hpp"
#include "catlab/grid.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>

namespace catlab {
namespace {

// The global column local column x stands for (frame_plan.hpp), or nothing in the middle of the frame.
std::optional<long long> globalColumn(int x, int width, int reach, int localWidth) {
    if (x < width + reach) return x;
    if (x >= localWidth - reach) return (long long)x - localWidth;
    return std::nullopt;
}

// Rank p's targets: its upper halo rows, its lower halo rows, the frame columns of its own rows.
std::vector<CellRect> targetRects(const BandLayout& layout, int p, int localWidth) {
    const int width = layout.global().width, halo = layout.haloRows(), rows = layout.band(p).rows;
    return {{0, 0, localWidth, halo}, {0, halo + rows, localWidth, halo}, {width, halo, localWidth - width, rows}};
}

std::uint64_t cellsIn(const std::vector<CellRect>& rects) {
    std::uint64_t cells = 0;
    for (const CellRect& r : rects) cells += std::uint64_t(r.width) * std::uint64_t(r.height);
    return cells;
}

void checkIndexable(std::uint64_t cells, const char* what, int rank) {
    if (cells > std::numeric_limits<std::uint32_t>::max())
        throw Error("the edge frame of band " + std::to_string(rank) + " has " + std::to_string(cells) + " " + what +
                    " cells, more than its plan can index");
}

// Calls visit(target index, source cell) for each target cell of rank p that stands for a position, in the
// order of p's targets buffer; the source is nullopt outside a plane.
template <class Visit>
void forEachTarget(const BandLayout& layout, const Topology& topology, int reach, int localWidth, int p,
                   Visit&& visit) {
    const int width = layout.global().width;
    const long long top = (long long)layout.band(p).firstRow - layout.haloRows();
    std::uint32_t index = 0;
    for (const CellRect& r : targetRects(layout, p, localWidth))
        for (int y = int(r.y); y < r.y + r.height; ++y)
            for (int x = int(r.x); x < r.x + r.width; ++x, ++index)
                if (const std::optional<long long> column = globalColumn(x, width, reach, localWidth))
                    visit(index, resolvePosition(topology, layout.global(), *column, top + y));
}

// A cell of this rank's own rows that some target needs: for target `target` of rank `peer`, at local (x, y).
struct NeededCell {
    int peer = 0;
    std::uint32_t target = 0;
    int x = 0, y = 0;
};

// Columns [first, end) of one local row, at `offset` in the staging buffer.
struct StagedSpan {
    int first = 0, end = 0;
    std::uint32_t offset = 0;
};

// The rectangles that hold every needed cell: each row's needed columns as spans, consecutive rows with
// the same spans as one rectangle per span. `staged[y - firstRow]` says where each span of local row y lies
// in the staging buffer.
struct SourceRegion {
    std::vector<CellRect> rects;
    std::vector<std::vector<StagedSpan>> staged;
    int firstRow = 0;

    std::uint32_t indexOf(int x, int y) const {
        const std::vector<StagedSpan>& spans = staged[std::size_t(y - firstRow)];
        const auto after =
            std::upper_bound(spans.begin(), spans.end(), x, [](int v, const StagedSpan& s) { return v < s.first; });
        const StagedSpan& span = *(after - 1);
        return span.offset + std::uint32_t(x - span.first);
    }
};

std::vector<StagedSpan> spansOf(std::vector<int>& columns) {
    std::sort(columns.begin(), columns.end());
    columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
    std::vector<StagedSpan> spans;
    for (const int x : columns)
        if (!spans.empty() && spans.back().end == x)
            ++spans.back().end;
        else
            spans.push_back({x, x + 1, 0});
    return spans;
}

bool sameColumns(const std::vector<StagedSpan>& a, const std::vector<StagedSpan>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const StagedSpan& s, const StagedSpan& t) { return s.first == t.first && s.end == t.end; });
}

SourceRegion sourceRegionOf(const std::vector<NeededCell>& needed, int firstRow, int rows, int rank) {
    SourceRegion region;
    region.firstRow = firstRow;
    std::vector<std::vector<int>> columns(static_cast<std::size_t>(rows));
    for (const NeededCell& c : needed) columns[std::size_t(c.y - firstRow)].push_back(c.x);
    region.staged.resize(std::size_t(rows));
    for (int i = 0; i < rows; ++i) region.staged[std::size_t(i)] = spansOf(columns[std::size_t(i)]);

    std::uint64_t offset = 0;
    for (int run = 0; run < rows;) {
        int end = run + 1;
        while (end < rows && sameColumns(region.staged[std::size_t(end)], region.staged[std::size_t(run)])) ++end;
        const std::vector<StagedSpan>& spans = region.staged[std::size_t(run)];
        for (std::size_t j = 0; j < spans.size(); ++j) {
            const int spanWidth = spans[j].end - spans[j].first;
            region.rects.push_back({spans[j].first, firstRow + run, spanWidth, end - run});
            for (int i = run; i < end; ++i)
                region.staged[std::size_t(i)][j].offset =
                    std::uint32_t(offset + std::uint64_t(i - run) * std::uint64_t(spanWidth));
            offset += std::uint64_t(spanWidth) * std::uint64_t(end - run);
            checkIndexable(offset, "source", rank);
        }
        run = end;
    }
    return region;
}

} // namespace

bool framedTopology(const Topology& topology) { return !topology.unboundedSide() && !rowJoinedTopology(topology); }

int framedBandWidth(int width, int reach) {
    const long long framed = (long long)width + 2LL * reach;
    const long long aligned = (framed + 63) / 64 * 64;
    return int(aligned <= kMaxGridSide ? aligned : framed);
}

RankFramePlan framePlan(const BandLayout& layout, const Topology& topology, int reach, int rank) {
    if (layout.haloRows() == 0) throw Error("an edge frame joins bands through their halos, and this layout has none");
    const int localWidth = framedBandWidth(layout.global().width, reach);
    const int halo = layout.haloRows();
    const Band& band = layout.band(rank);

    RankFramePlan plan;
    plan.local = {localWidth, band.rows + 2 * halo};
    plan.targets = targetRects(layout, rank, localWidth);
    checkIndexable(cellsIn(plan.targets), "halo and frame", rank);

    std::vector<std::vector<std::uint32_t>> receives(std::size_t(layout.ranks()));
    std::vector<NeededCell> needed;
    for (int p = 0; p < layout.ranks(); ++p) {
        if (p != rank) checkIndexable(cellsIn(targetRects(layout, p, localWidth)), "halo and frame", p);
        forEachTarget(layout, topology, reach, localWidth, p,
                      [&](std::uint32_t target, std::optional<CellPosition> source) {
                          if (!source) return; // outside a plane: stays dead
                          const int owner = layout.ownerOf(source->y);
                          if (p == rank && owner != rank) receives[std::size_t(owner)].push_back(target);
                          if (owner == rank) needed.push_back({p, target, source->x, halo + source->y - band.firstRow});
                      });
    }

    const SourceRegion region = sourceRegionOf(needed, halo, band.rows, rank);
    plan.sources = region.rects;
    std::vector<std::vector<std::uint32_t>> sends(std::size_t(layout.ranks()));
    for (const NeededCell& c : needed) {
        const std::uint32_t staged = region.indexOf(c.x, c.y);
        if (c.peer == rank)
            plan.own.emplace_back(staged, c.target);
        else
            sends[std::size_t(c.peer)].push_back(staged);
    }
    for (int p = 0; p < layout.ranks(); ++p) {
        if (!sends[std::size_t(p)].empty()) plan.sends.push_back({p, std::move(sends[std::size_t(p)])});
        if (!receives[std::size_t(p)].empty()) plan.receives.push_back({p, std::move(receives[std::size_t(p)])});
    }
    return plan;
}

} // namespace catlab
