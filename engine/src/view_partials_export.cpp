#include "catlab/view_partials_export.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/thread_pool.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace catlab {

void checkViewPartials(const ViewMapping& m, ViewRows rows, GridSize local, const ViewPartialTarget& target) {
    if (local.width < m.x.cells)
        throw Error("view partials: a state " + std::to_string(local.width) + " cells wide for a view of a grid " +
                    std::to_string(m.x.cells) + " wide");
    if (rows.rows < 1 || rows.first < 0 || rows.first > m.y.cells - rows.rows || rows.localFirst < 0 ||
        rows.localFirst > local.height - rows.rows)
        throw Error("view partials: rows " + std::to_string(rows.first) + " .. " +
                    std::to_string(rows.first + rows.rows - 1) + " at local row " + std::to_string(rows.localFirst) +
                    " are outside the grid's " + std::to_string(m.y.cells) + " rows or the state's " +
                    std::to_string(local.height));
    if (!target.data || target.pixelRows < 1 || target.firstPixelRow < 0 ||
        target.firstPixelRow > m.height - target.pixelRows)
        throw Error("view partials: pixel rows " + std::to_string(target.firstPixelRow) + " .. " +
                    std::to_string(target.firstPixelRow + target.pixelRows - 1) + " are not rows of a window " +
                    std::to_string(m.height) + " pixels high");
}

void addViewPartialsOnHost(ConstCellBuffer cells, const ViewMapping& m, ViewRows rows, int firstPixelRow,
                           std::span<ViewPartial> into) {
    if (cells.space != MemorySpace::Host) throw Error("addViewPartialsOnHost needs cells in host memory");
    const std::size_t width = std::size_t(m.width);
    const std::size_t gridWidth = std::size_t(cells.size.width);
    const auto cellAt = [&](int x, int y) -> unsigned {
        return cells.data[std::size_t(y) * gridWidth + std::size_t(x)];
    };
    ThreadPool::shared().parallelFor(static_cast<long long>(into.size() / width), [&](long long begin, long long end) {
        for (long long i = begin; i < end; ++i) {
            const int py = firstPixelRow + int(i);
            if (!viewSpanMeets(viewSpan(m.y, py), m.y.cells, rows)) continue;
            ViewPartial* out = into.data() + std::size_t(i) * width;
            for (int px = 0; px < m.width; ++px) out[px].add(viewPartialAt(m, rows, px, py, cellAt));
        }
    });
}

void exportViewPartialsOnHost(ConstCellBuffer cells, const ViewMapping& m, ViewRows rows, ViewPartialTarget target) {
    checkViewPartials(m, rows, cells.size, target);
    const std::size_t count = std::size_t(m.width) * std::size_t(target.pixelRows);
    if (target.space == MemorySpace::Host) {
        std::fill(target.data, target.data + count, ViewPartial{});
        addViewPartialsOnHost(cells, m, rows, target.firstPixelRow, {target.data, count});
        return;
    }
    std::vector<ViewPartial> staging(count);
    addViewPartialsOnHost(cells, m, rows, target.firstPixelRow, staging);
    const std::size_t bytes = count * sizeof(ViewPartial);
    copyRows(target.data, bytes, MemorySpace::Device, staging.data(), bytes, MemorySpace::Host, bytes, 1);
}

} // namespace catlab
