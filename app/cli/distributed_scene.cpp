#include "cli/distributed_scene.hpp"

#include "catlab/distributed/collective_failure.hpp"
#include "catlab/rle_stream.hpp"

namespace catlab::cli {

std::unique_ptr<DistributedSimulator> startDistributedGrid(Communicator& comm, const Scene& scene,
                                                           const RunOptions& options) {
    if (scene.initial)
        return std::make_unique<DistributedSimulator>(comm, scene.rule, scene.size,
                                                      comm.rank() == 0 ? &*scene.initial : nullptr, scene.backend,
                                                      options.haloSteps);
    if (scene.streamedRle) {
        // Dead bands, then the file decoded on rank 0 a chunk at a time, each part sent to its band.
        auto grid = std::make_unique<DistributedSimulator>(comm, scene.rule, scene.size, 0.0, options.seed,
                                                           scene.backend, options.haloSteps);
        std::unique_ptr<RleFileReader> file;
        onEveryRank(comm, [&] {
            if (comm.rank() == 0) file = std::make_unique<RleFileReader>(*scene.streamedRle);
        });
        grid->loadRle(file ? &file->rle() : nullptr);
        return grid;
    }
    return std::make_unique<DistributedSimulator>(comm, scene.rule, scene.size, scene.density, options.seed,
                                                  scene.backend, options.haloSteps);
}

} // namespace catlab::cli
