#pragma once

#include "cli/run_options.hpp"
#include "cli/scene_setup.hpp"

#include "catlab/distributed/communicator.hpp"
#include "catlab/distributed/distributed_simulator.hpp"

#include <memory>

namespace catlab::cli {

// The scene's grid cut into bands over the ranks of `comm` (collective): its pattern scattered from
// rank 0 (an RLE file left streamed, Scene::streamedRle, decoded there a chunk at a time), or its random
// start made band by band on each rank; halos every --halo-steps generations.
std::unique_ptr<DistributedSimulator> startDistributedGrid(Communicator& comm, const Scene& scene,
                                                           const RunOptions& options);

} // namespace catlab::cli
