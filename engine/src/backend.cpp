#include "catlab/backend.hpp"

#include "catlab/view_export.hpp"

namespace catlab {

void Backend::randomize(double density, std::uint64_t seed) {
    Grid grid(size());
    fillRandom(grid, density, seed);
    load(hostBuffer(grid));
}

void Backend::exportView(const ViewWindow& window, ViewTarget target) const {
    makeViewMapping(window, size(), rule().states); // a bad window fails before the copy
    Grid state(size());
    store(hostBuffer(state));
    exportViewOnHost(hostBuffer(state), rule().states, window, target);
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
