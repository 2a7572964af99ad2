#include "catlab/distributed/mpi.hpp"

#include <cstdlib>

namespace catlab {

// Open MPI, MPICH/Hydra and PMIx-based launchers (Slurm's srun too) each name the rank.
bool launchedByMpirun() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
        if (const char* value = std::getenv(name); value && *value) return true;
    return false;
}

} // namespace catlab
