#include "catlab/view_export.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/thread_pool.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace catlab {
namespace {

// Per-cell contribution packed into one word, so a run of cells is summed with one add per cell:
// bits 0..16 count state 1, bits 17..33 count non-zero cells, bits 34..57 sum the decay weights. A run
// holds at most kMaxCellsPerPixel + 1 = 65537 cells, so no field overflows into the next.
constexpr int kNonzeroShift = 17, kDecayShift = 34;
constexpr std::uint64_t kCountMask = (std::uint64_t(1) << 17) - 1;

using CellCodes = std::array<std::uint64_t, 256>;

CellCodes cellCodes(unsigned states) {
    CellCodes codes{};
    for (unsigned c = 0; c < states; ++c)
        codes[c] = std::uint64_t(c == 1) | std::uint64_t(c != 0) << kNonzeroShift |
                   std::uint64_t(viewDecayWeight(c, states)) << kDecayShift;
    return codes;
}

// Sum of the codes of `count` cells of a row from `first`, wrapping past the row's end.
std::uint64_t sumRun(const Cell* row, int width, int first, int count, const CellCodes& codes) {
    std::uint64_t sum = 0;
    while (count > 0) {
        const int n = std::min(count, width - first);
        for (const Cell* c = row + first; c != row + first + n; ++c) sum += codes[*c];
        count -= n;
        first = 0;
    }
    return sum;
}

struct Totals {
    std::uint64_t live = 0, nonzero = 0, decay = 0;
    void add(std::uint64_t packed) {
        live += packed & kCountMask;
        nonzero += (packed >> kNonzeroShift) & kCountMask;
        decay += packed >> kDecayShift;
    }
};

// The same pixels as viewPixelAt() (the tests hold both to a brute-force reading of view.hpp), walked
// row of cells by row of cells so that each is read in order once per row of pixels.
void exportInto(const Cell* cells, std::size_t gridWidth, const ViewMapping& m, ViewPixel* pixels, std::size_t pitch) {
    const CellCodes codes = cellCodes(m.states);
    std::array<std::uint8_t, 256> oneCellDecay{}; // the decay byte of a pixel covering one cell
    for (unsigned w = 0; w < m.states; ++w) oneCellDecay[w] = viewScale(w, m.states - 1);
    std::vector<ViewSpan> columns(std::size_t(m.width));
    for (int px = 0; px < m.width; ++px) columns[std::size_t(px)] = viewSpan(m.x, px);
    ThreadPool::shared().parallelFor(m.height, [&](long long begin, long long end) {
        std::vector<Totals> totals(std::size_t(m.width));
        for (int py = int(begin); py < int(end); ++py) {
            const ViewSpan rows = viewSpan(m.y, py);
            std::fill(totals.begin(), totals.end(), Totals{});
            int y = rows.first;
            for (int j = 0; j < rows.count; ++j) {
                const Cell* row = cells + std::size_t(y) * gridWidth;
                for (int px = 0; px < m.width; ++px) {
                    const ViewSpan& s = columns[std::size_t(px)];
                    totals[std::size_t(px)].add(sumRun(row, m.x.cells, s.first, s.count, codes));
                }
                if (++y == m.y.cells) y = 0;
            }
            const Cell* centreRow = cells + std::size_t(rows.centre) * gridWidth;
            ViewPixel* out = pixels + std::size_t(py) * pitch;
            for (int px = 0; px < m.width; ++px) {
                const ViewSpan& s = columns[std::size_t(px)];
                const Totals& t = totals[std::size_t(px)];
                const std::uint64_t n = std::uint64_t(s.count) * std::uint64_t(rows.count);
                const Cell centre = centreRow[s.centre];
                const std::uint8_t occupied = t.nonzero ? 255 : 0;
                if (n == 1) // zoomed in: skip the divisions (same values: the tables hold viewScale's)
                    out[px] = {std::uint8_t(255 * t.live), oneCellDecay[t.decay], centre, occupied};
                else
                    out[px] = {viewScale(t.live, n), viewScale(t.decay, n * (m.states - 1)), centre, occupied};
            }
        }
    });
}

} // namespace

void exportViewOnHost(ConstCellBuffer cells, int states, const ViewWindow& window, ViewTarget target) {
    exportViewOnHost(cells, cells.size, states, window, target);
}

void exportViewOnHost(ConstCellBuffer cells, GridSize visible, int states, const ViewWindow& window,
                      ViewTarget target) {
    if (cells.space != MemorySpace::Host) throw Error("exportViewOnHost needs cells in host memory");
    if (visible.width > cells.size.width || visible.height > cells.size.height)
        throw Error("exportViewOnHost: the visible part is larger than the cells");
    const ViewMapping m = makeViewMapping(window, visible, states);
    const std::size_t gridWidth = std::size_t(cells.size.width);
    checkViewTarget(window, target);
    if (target.space == MemorySpace::Host) {
        exportInto(cells.data, gridWidth, m, target.pixels, std::size_t(target.pitch));
        return;
    }
    std::vector<ViewPixel> staging(std::size_t(m.width) * std::size_t(m.height));
    exportInto(cells.data, gridWidth, m, staging.data(), std::size_t(m.width));
    copyRows(target.pixels, std::size_t(target.pitch) * sizeof(ViewPixel), MemorySpace::Device, staging.data(),
             std::size_t(m.width) * sizeof(ViewPixel), MemorySpace::Host, std::size_t(m.width) * sizeof(ViewPixel),
             std::size_t(m.height));
}

} // namespace catlab
