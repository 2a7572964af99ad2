#pragma once
// The view of a grid cut into bands (a distributed grid), computed without gathering the grid: each
// band sums, for every pixel whose rows meet it, the cells of its own rows (view.hpp defines what a pixel
// covers), and the partial sums of one pixel over all the bands add up to the sums one grid would give.
// The integer code that turns sums into a pixel (viewPixelFromSums) is the same, so are the pixels.
#include "catlab/host_device.hpp"
#include "catlab/memory_space.hpp"
#include "catlab/view.hpp"

#include <cstdint>

namespace catlab {

// Global rows [first, first + rows) of the grid a ViewMapping's y axis spans (no wrapping), held at
// rows localFirst, localFirst + 1, ... of the state that reads them (a band below its halo rows).
struct ViewRows {
    int first = 0;
    int rows = 0;
    int localFirst = 0;
};

// What the cells of some rows contribute to one pixel: their sums, and the state of the cell under the
// pixel's centre when it lies in these rows (else 0). The partials of one pixel over rows that do not
// overlap simply add up, the centre included, since exactly one of them holds it.
struct alignas(8) ViewPartial {
    std::uint64_t live = 0, nonzero = 0, decay = 0;
    std::uint32_t centre = 0;
    std::uint32_t unused = 0; // keeps the layout free of padding: partials travel between ranks as bytes

    CATLAB_HD void add(const ViewPartial& other) {
        live += other.live;
        nonzero += other.nonzero;
        decay += other.decay;
        centre += other.centre;
    }
};
static_assert(sizeof(ViewPartial) == 32);

// Where partials go: rows firstPixelRow .. firstPixelRow + pixelRows - 1 of the window's pixels,
// row-major, the window's width of partials a row, in host or device memory.
struct ViewPartialTarget {
    ViewPartial* data = nullptr;
    int firstPixelRow = 0;
    int pixelRows = 0;
    MemorySpace space = MemorySpace::Host;
};

// The runs of the grid's rows that a pixel row's span covers within `rows`: visit(local row, count) for
// each, in the order the span covers them (a span longer than the grid meets the rows more than once).
template <class Visit>
CATLAB_HD void forEachViewRowRun(ViewSpan sy, int gridRows, ViewRows rows, Visit&& visit) {
    // Unwrapped, the span is [begin, end) with begin in [0, gridRows); the rows' copies around the torus
    // lie at [first + k * gridRows, first + rows + k * gridRows) for k >= 0 (k < 0 ends before begin).
    const long long begin = sy.first, end = begin + sy.count;
    for (long long base = rows.first; base < end; base += gridRows) {
        const long long low = begin > base ? begin : base;
        const long long high = end < base + rows.rows ? end : base + rows.rows;
        if (low < high) visit(rows.localFirst + int(low - base), int(high - low));
    }
}

// Whether a pixel row's span covers any of `rows`.
CATLAB_HD bool viewSpanMeets(ViewSpan sy, int gridRows, ViewRows rows) {
    bool meets = false;
    forEachViewRowRun(sy, gridRows, rows, [&](int, int) { meets = true; });
    return meets;
}

// The partial of pixel (px, py) over `rows`. `cellAt(x, y)` reads the state that holds them: local row
// y, 0 <= x < m.x.cells.
template <class CellReader>
CATLAB_HD ViewPartial viewPartialAt(const ViewMapping& m, ViewRows rows, int px, int py, const CellReader& cellAt) {
    const ViewSpan sx = viewSpan(m.x, px), sy = viewSpan(m.y, py);
    ViewPartial partial;
    forEachViewRowRun(sy, m.y.cells, rows, [&](int y, int count) {
        for (int j = 0; j < count; ++j) {
            const ViewRowSums sums = viewRowSums(m, sx.first, sx.count, y + j, cellAt);
            partial.live += sums.live;
            partial.nonzero += sums.nonzero;
            partial.decay += sums.decay;
        }
    });
    if (sy.centre >= rows.first && sy.centre < rows.first + rows.rows)
        partial.centre = cellAt(sx.centre, rows.localFirst + (sy.centre - rows.first));
    return partial;
}

// Pixel (px, py) from the sum of its partials over every row of the grid.
CATLAB_HD ViewPixel viewPixelFromPartial(const ViewMapping& m, int px, int py, const ViewPartial& whole) {
    return viewPixelFromSums(m, viewSpan(m.x, px), viewSpan(m.y, py), ViewSums{whole.live, whole.nonzero, whole.decay},
                             whole.centre);
}

} // namespace catlab
