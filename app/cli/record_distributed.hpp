#pragma once

#include "cli/record_options.hpp"

namespace catlab::cli {

// `catlab record --gpus N` and `mpirun -np N catlab record`: the grid cut into bands, one per rank, every
// rank stepping its band and taking part in each frame's view; rank 0 draws and encodes. Takes the grid
// scene's options; refuses the cloud scene. Returns the exit code as `catlab record` does on one grid.
int recordDistributedGrid(const RecordOptions& options);

} // namespace catlab::cli
