#include "cli/distributed_scene.hpp"

namespace catlab::cli {

std::unique_ptr<DistributedSimulator> startDistributedGrid(Communicator& comm, const Scene& scene,
                                                           const RunOptions& options) {
    if (scene.initial)
        return std::make_unique<DistributedSimulator>(comm, scene.rule, scene.size,
                                                      comm.rank() == 0 ? &*scene.initial : nullptr, scene.backend,
                                                      options.haloSteps);
    return std::make_unique<DistributedSimulator>(comm, scene.rule, scene.size, scene.density, options.seed,
                                                  scene.backend, options.haloSteps);
}

} // namespace catlab::cli
