#pragma once
// What a screen shows of the torus, and the exact pixels the engine exports for it.
//
// The double-precision ViewWindow is turned, on the host, into a ViewMapping of integers in units of
// 2^-30 cell (kViewFractionBits). Every exporter (the threaded CPU reference, every CUDA kernel) computes
// pixels from that mapping with integer arithmetic only, in viewPixelAt() below, so all of them give
// bit-identical pixels (floating point on the device would not: nvcc contracts a*b+c into FMA).
//
// Along each axis, pixel p spans [begin, end) = [origin + p * step, origin + (p + 1) * step), where
// origin and step are the window's originX/Y and cellsPerPixel rounded to the nearest 2^-30 cell
// (originX/Y first reduced onto the torus). Cell c spans [c, c + 1) and its centre is c + 1/2.
//   - The pixel COVERS the cells whose centre lies in [begin, end). Zoomed out (step >= 1 cell) that is
//     at least one cell, and each cell of a row of pixels is covered by exactly one of them, so the
//     summaries below never shimmer while panning. When no cell centre falls inside (zoomed in), the
//     pixel covers the one cell under its centre.
//   - The pixel's CENTRE is begin + floor(step / 2); the cell under it is floor(centre).
//   - Cell indices wrap around the torus; a pixel wider than the grid covers some cells more than once.
// A pixel covers the cells of (columns covered along x) x (rows covered along y).
//
// The channels of a pixel covering n cells, each rounded to the nearest integer, halves up
// (round(255 * a / b) = floor((510 * a + b) / (2 * b))):
//   live     = round(255 * (cells in state 1) / n)
//   decay    = round(255 * (sum of decay weights) / ((states - 1) * n)), where state 0 weighs 0,
//              state 1 weighs states - 1 and a decaying state s >= 2 weighs states - s (equals live
//              for 2-state rules)
//   state    = the state of the cell under the pixel's centre
//   occupied = 255 if any covered cell is not in state 0, else 0
#include "catlab/host_device.hpp"
#include "catlab/memory_space.hpp"
#include "catlab/rule.hpp"

#include <concepts>
#include <cstdint>

namespace catlab {

// Which part of the torus a screen shows: pixel (px, py) spans the cell coordinates
// [originX + px * cellsPerPixel, originX + (px + 1) * cellsPerPixel) and likewise in y (see above for
// the cells it covers). Coordinates wrap. cellsPerPixel < 1 is zoomed in, > 1 zoomed out.
struct ViewWindow {
    double originX = 0;
    double originY = 0;
    double cellsPerPixel = 1;
    int width = 0;  // pixels
    int height = 0; // pixels
};

// Limits that keep every fixed-point position below 2^62 (see ViewAxis).
inline constexpr int kMaxViewSide = 1 << 15;                 // pixels
inline constexpr double kMinCellsPerPixel = 1.0 / (1 << 16); // a cell spans at most 65536 pixels
inline constexpr double kMaxCellsPerPixel = double(1 << 16); // a pixel spans at most 65536 cells
inline constexpr int kViewFractionBits = 30;

// One exported pixel, laid out as an RGBA8 texel for the view shader (r = live, g = decay, b = state,
// a = occupied). The channels are defined at the top of this file.
struct alignas(4) ViewPixel {
    std::uint8_t live;
    std::uint8_t decay;
    std::uint8_t state;
    std::uint8_t occupied;
    friend bool operator==(const ViewPixel&, const ViewPixel&) = default;
};
static_assert(sizeof(ViewPixel) == 4);

// Where exported pixels go: row-major, `pitch` pixels (>= window width) between rows, in host or
// device memory.
struct ViewTarget {
    ViewPixel* pixels = nullptr;
    int pitch = 0;
    MemorySpace space = MemorySpace::Host;
};

// One axis of a ViewMapping, in units of 2^-30 cell. origin < 2^50 and step <= 2^46; with at most 2^15
// pixels every pixel edge stays below 2^62.
struct ViewAxis {
    std::uint64_t origin = 0; // edge of pixel 0, in [0, cells << kViewFractionBits)
    std::uint64_t step = 0;   // width of one pixel
    int cells = 0;            // grid side along this axis
};

// The exact integer form of a ViewWindow on a grid; made by makeViewMapping(), used on host and device.
struct ViewMapping {
    ViewAxis x, y;
    int width = 0, height = 0; // pixels
    unsigned states = 2;       // of the rule
};

// Throws catlab::Error naming the problem when the window is not usable (no pixels, more than
// kMaxViewSide, cellsPerPixel outside [kMinCellsPerPixel, kMaxCellsPerPixel], non-finite numbers) or
// the grid or state count is invalid.
ViewMapping makeViewMapping(const ViewWindow& window, GridSize grid, int states);

// Throws catlab::Error when the target cannot hold the window (no pixels, pitch below the width).
void checkViewTarget(const ViewWindow& window, const ViewTarget& target);

// The cells a pixel covers along one axis: `count` cells from `first` (wrapping from cells - 1 to 0),
// and the cell under the pixel's centre.
struct ViewSpan {
    int first = 0;
    int count = 0;
    int centre = 0;
};

CATLAB_HD ViewSpan viewSpan(const ViewAxis& axis, int p) {
    constexpr std::uint64_t one = std::uint64_t(1) << kViewFractionBits;
    const std::uint64_t begin = axis.origin + std::uint64_t(p) * axis.step;
    const std::uint64_t end = begin + axis.step;
    // Centres c + 1/2 in [begin, end): c from ceil(begin - 1/2) up to ceil(end - 1/2), exclusive.
    const std::uint64_t first = (begin + one / 2 - 1) >> kViewFractionBits;
    const std::uint64_t last = (end + one / 2 - 1) >> kViewFractionBits;
    const std::uint64_t centre = (begin + axis.step / 2) >> kViewFractionBits;
    const std::uint64_t cells = std::uint64_t(axis.cells);
    ViewSpan span;
    span.centre = int(centre % cells);
    if (last > first) {
        span.first = int(first % cells);
        span.count = int(last - first);
    } else {
        span.first = span.centre;
        span.count = 1;
    }
    return span;
}

// round(255 * part / whole), halves up; part <= whole < 2^53.
CATLAB_HD std::uint8_t viewScale(std::uint64_t part, std::uint64_t whole) {
    return std::uint8_t((510 * part + whole) / (2 * whole));
}

CATLAB_HD unsigned viewDecayWeight(unsigned cell, unsigned states) {
    return cell == 0 ? 0u : cell == 1 ? states - 1 : states - cell;
}

// The sums of a run of cells of one row. A row holds at most 65537 cells of weight <= 255: 32-bit sums
// are exact.
struct ViewRowSums {
    std::uint32_t live = 0, nonzero = 0, decay = 0;
};

// A reader that counts a run of a row at once (bit planes: a popcount per word of 32 cells), through
//     ViewRowSums rowSums(int x, int count, int y, unsigned states) const;  // cells x .. x + count - 1 of row y
// with 1 <= count and x + count <= the row's cells. viewPixelFromSpans() then reads each word once
// instead of once per cell; the sums, hence the pixels, are the same.
template <class Reader>
concept ViewRowSummer = requires(const Reader& reader, int x, int count, int y, unsigned states) {
    { reader.rowSums(x, count, y, states) } -> std::same_as<ViewRowSums>;
};

// The sums of `count` cells of row y from column x, wrapping from the last column to 0.
template <class CellReader>
CATLAB_HD ViewRowSums viewRowSums(const ViewMapping& m, int x, int count, int y, const CellReader& cellAt) {
    ViewRowSums sums;
    if constexpr (ViewRowSummer<CellReader>) {
        while (count > 0) {
            const int run = count < m.x.cells - x ? count : m.x.cells - x;
            const ViewRowSums part = cellAt.rowSums(x, run, y, m.states);
            sums.live += part.live;
            sums.nonzero += part.nonzero;
            sums.decay += part.decay;
            count -= run;
            x = 0;
        }
    } else {
        for (int i = 0; i < count; ++i) {
            const unsigned c = cellAt(x, y);
            sums.live += c == 1;
            sums.nonzero += c != 0;
            sums.decay += viewDecayWeight(c, m.states);
            if (++x == m.x.cells) x = 0;
        }
    }
    return sums;
}

// The sums of every cell a pixel covers.
struct ViewSums {
    std::uint64_t live = 0, nonzero = 0, decay = 0;
    CATLAB_HD void add(const ViewRowSums& row) {
        live += row.live;
        nonzero += row.nonzero;
        decay += row.decay;
    }
};

// The pixel for the cells of spans sx x sy, from their sums and the state of the cell under its centre.
CATLAB_HD ViewPixel viewPixelFromSums(const ViewMapping& m, ViewSpan sx, ViewSpan sy, const ViewSums& sums,
                                      unsigned centre) {
    const std::uint64_t n = std::uint64_t(sx.count) * std::uint64_t(sy.count);
    ViewPixel pixel;
    pixel.live = viewScale(sums.live, n);
    pixel.decay = viewScale(sums.decay, n * (m.states - 1));
    pixel.state = std::uint8_t(centre);
    pixel.occupied = sums.nonzero ? 255 : 0;
    return pixel;
}

// The pixel for the cells of spans sx x sy. `cellAt(x, y)` returns the state of cell (x, y), with
// 0 <= x < m.x.cells and 0 <= y < m.y.cells.
template <class CellReader>
CATLAB_HD ViewPixel viewPixelFromSpans(const ViewMapping& m, ViewSpan sx, ViewSpan sy, const CellReader& cellAt) {
    ViewSums sums;
    int y = sy.first;
    for (int j = 0; j < sy.count; ++j) {
        sums.add(viewRowSums(m, sx.first, sx.count, y, cellAt));
        if (++y == m.y.cells) y = 0;
    }
    return viewPixelFromSums(m, sx, sy, sums, cellAt(sx.centre, sy.centre));
}

template <class CellReader>
CATLAB_HD ViewPixel viewPixelAt(const ViewMapping& m, int px, int py, const CellReader& cellAt) {
    return viewPixelFromSpans(m, viewSpan(m.x, px), viewSpan(m.y, py), cellAt);
}

} // namespace catlab
