#pragma once

#include "catlab/backend.hpp"
#include "catlab/view_partials.hpp"

#include <functional>
#include <span>

namespace catlab {

// Adds the partials over `rows` (view_partials.hpp) of pixel rows firstPixelRow .. firstPixelRow +
// into.size() / m.width - 1 into `into`, from byte-per-cell cells in host memory whose row y is local
// row y, spread over the CPU threads.
void addViewPartialsOnHost(ConstCellBuffer cells, const ViewMapping& m, ViewRows rows, int firstPixelRow,
                           std::span<ViewPartial> into);

// The partials over `rows` into a host or device target (a device one through a host copy of the partials).
void exportViewPartialsOnHost(ConstCellBuffer cells, const ViewMapping& m, ViewRows rows, ViewPartialTarget target);

// The same for rows that reach the host a chunk of about 16 MiB at a time: readRows(local row, buffer)
// fills a host buffer of the grid's width (m.x.cells) and some rows. The rows and target are not checked.
void exportViewPartialsInChunks(const ViewMapping& m, ViewRows rows, ViewPartialTarget target,
                                const std::function<void(int localRow, CellBuffer cells)>& readRows);

// Throws catlab::Error unless the rows lie within a state of `localRows` rows and of the mapping's
// grid, the state is as wide as the mapping's grid, and the target holds pixel rows of the window.
void checkViewPartials(const ViewMapping& m, ViewRows rows, GridSize local, const ViewPartialTarget& target);

} // namespace catlab
