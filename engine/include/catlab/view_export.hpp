#pragma once

#include "catlab/backend.hpp"
#include "catlab/view.hpp"

namespace catlab {

// The reference view export (view.hpp) from byte-per-cell cells in host memory, spread over the CPU
// threads. A device target is filled through a host copy of the pixels (never of the grid).
void exportViewOnHost(ConstCellBuffer cells, int states, const ViewWindow& window, ViewTarget target);
// The same for the top-left `visible` cells of them (Backend::showOnly).
void exportViewOnHost(ConstCellBuffer cells, GridSize visible, int states, const ViewWindow& window, ViewTarget target);

} // namespace catlab
