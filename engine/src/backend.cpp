#include "catlab/backend.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/view_export.hpp"
#include "catlab/view_partials_export.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace catlab {

void checkRowAccess(const char* what, int firstRow, GridSize rows, GridSize grid) {
    if (rows.width != grid.width)
        throw Error(std::string(what) + ": a buffer of width " + std::to_string(rows.width) + " for a grid " +
                    std::to_string(grid.width) + " wide");
    if (firstRow < 0 || rows.height < 0 || firstRow > grid.height - rows.height)
        throw Error(std::string(what) + ": rows " + std::to_string(firstRow) + " .. " +
                    std::to_string(firstRow + rows.height - 1) + " are outside the grid's " +
                    std::to_string(grid.height) + " rows");
}

void Backend::randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) {
    Grid grid(size());
    fillRandom(grid, density, seed, firstRow);
    load(hostBuffer(grid));
}

void Backend::readRows(int firstRow, CellBuffer rows) const {
    checkRowAccess("readRows", firstRow, rows.size, size());
    const CellRect rect{0, firstRow, rows.size.width, rows.size.height};
    const std::size_t count = std::size_t(rows.size.width) * std::size_t(rows.size.height);
    if (rows.space == MemorySpace::Host) return readCells(rect, {rows.data, count});
    std::vector<Cell> staged(count);
    readCells(rect, staged);
    copyRows(rows.data, count, MemorySpace::Device, staged.data(), count, MemorySpace::Host, count, 1);
}

void Backend::writeRows(int firstRow, ConstCellBuffer rows) {
    checkRowAccess("writeRows", firstRow, rows.size, size());
    const CellRect rect{0, firstRow, rows.size.width, rows.size.height};
    const std::size_t count = std::size_t(rows.size.width) * std::size_t(rows.size.height);
    if (rows.space == MemorySpace::Host) return writeCells(rect, {rows.data, count});
    std::vector<Cell> staged(count);
    copyRows(staged.data(), count, MemorySpace::Host, rows.data, count, MemorySpace::Device, count, 1);
    writeCells(rect, staged);
}

void Backend::stepRows(int, int) { throw Error("this backend computes whole generations only, not ranges of rows"); }

void Backend::finishStep() { throw Error("this backend computes whole generations only, not ranges of rows"); }

PatternSignature Backend::signature() const {
    Grid state(size());
    store(hostBuffer(state));
    return signatureOf(state);
}

void Backend::exportView(const ViewWindow& window, ViewTarget target) const {
    makeViewMapping(window, visibleSize(), rule().states); // a bad window fails before the copy
    Grid state(size());
    store(hostBuffer(state));
    exportViewOnHost(hostBuffer(state), visibleSize(), rule().states, window, target);
}

void Backend::exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const {
    checkViewPartials(m, rows, size(), target);
    // The rows reach the host about 16 MiB at a time; each chunk adds its partials to the pixels.
    const int width = size().width;
    const int chunk = std::max(1, int((std::size_t(16) << 20) / std::size_t(width)));
    Grid cells(GridSize{width, std::min(chunk, rows.rows)});
    const std::size_t count = std::size_t(m.width) * std::size_t(target.pixelRows);
    std::vector<ViewPartial> sums(count);
    for (int done = 0; done < rows.rows; done += chunk) {
        const int n = std::min(chunk, rows.rows - done);
        readRows(rows.localFirst + done, CellBuffer{cells.row(0), {width, n}, MemorySpace::Host});
        addViewPartialsOnHost(ConstCellBuffer{cells.row(0), {width, n}, MemorySpace::Host}, m,
                              ViewRows{rows.first + done, n, 0}, target.firstPixelRow, sums);
    }
    const std::size_t bytes = count * sizeof(ViewPartial);
    copyRows(target.data, bytes, target.space, sums.data(), bytes, MemorySpace::Host, bytes, 1);
}

void Backend::showOnly(GridSize visible) {
    if (visible.width < 1 || visible.height < 1 || visible.width > size_.width || visible.height > size_.height)
        throw Error("a view of " + formatGridSize(visible) + " does not fit the " + formatGridSize(size_) + " grid");
    visible_ = visible;
}

void Backend::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    checkCellWrite(rect, size(), cells, rule().states);
    Grid state(size());
    store(hostBuffer(state));
    copyIntoGrid(state, rect, cells);
    load(hostBuffer(state));
}

void Backend::readCells(const CellRect& rect, std::span<Cell> cells) const {
    checkCellRect(rect, size(), cells.size());
    Grid state(size());
    store(hostBuffer(state));
    copyFromGrid(state, rect, cells);
}

} // namespace catlab
