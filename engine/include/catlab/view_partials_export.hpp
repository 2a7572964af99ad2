#pragma once

#include "catlab/backend.hpp"
#include "catlab/view_partials.hpp"

#include <span>

namespace catlab {

// Adds the partials over `rows` (view_partials.hpp) of pixel rows firstPixelRow .. firstPixelRow +
// into.size() / m.width - 1 into `into`, from byte-per-cell cells in host memory whose row y is local
// row y, spread over the CPU threads.
void addViewPartialsOnHost(ConstCellBuffer cells, const ViewMapping& m, ViewRows rows, int firstPixelRow,
                           std::span<ViewPartial> into);

// The partials over `rows` into a host or device target (a device one through a host copy of the partials).
void exportViewPartialsOnHost(ConstCellBuffer cells, const ViewMapping& m, ViewRows rows, ViewPartialTarget target);

// Throws catlab::Error unless the rows lie within a state of `local.height` rows and of the mapping's
// grid, the state is at least as wide as the mapping's grid (a band with an edge frame is wider: the view
// sees its first m.x.cells columns), and the target holds pixel rows of the window.
void checkViewPartials(const ViewMapping& m, ViewRows rows, GridSize local, const ViewPartialTarget& target);

} // namespace catlab
