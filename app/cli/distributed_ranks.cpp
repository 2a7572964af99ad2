#include "cli/distributed_ranks.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/distributed/mpi.hpp"
#include "catlab/distributed/rank_launch.hpp"
#include "catlab/error.hpp"

#include <cstdlib>
#include <iostream>
#include <memory>

namespace catlab::cli {

bool distributedRun(const std::optional<std::string>& gpus, const std::optional<std::string>& ranks) {
    return gpus.has_value() || ranks.has_value() || launchedByMpirun();
}

int threadRankCount(const std::optional<std::string>& gpus, const std::optional<std::string>& ranks,
                    bool deviceBackend) {
    if (!gpus && !ranks) return 0;
    if (gpus && ranks)
        throw Error("--gpus puts a rank on each GPU and --ranks runs ranks on the CPU; give one of them");
    if (launchedByMpirun())
        throw Error(std::string(gpus ? "--gpus" : "--ranks") +
                    " starts ranks as threads of this process; under mpirun leave it out (mpirun starts one rank "
                    "per process)");
    if (gpus) {
        const int count = gpuCountOf(*gpus);
        if (!deviceBackend) throw Error("--gpus runs GPU backends; choose one with --backend (or auto)");
        return count;
    }
    const int count = rankCountOf(*ranks);
    if (deviceBackend)
        throw Error("--ranks runs CPU backends on threads; choose one with --backend (e.g. cpu), or use --gpus");
    return count;
}

bool isDeviceBackend(const std::string& name) {
    if (isAutoBackend(name)) return !cudaUnavailableReason();
    return BackendRegistry::instance().find(name, kAutoBackend).memorySpace == MemorySpace::Device;
}

bool printingProcess() {
    for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
        if (const char* value = std::getenv(name); value && *value) return std::string(value) == "0";
    return true;
}

int runOnRanks(const std::optional<std::string>& gpus, bool deviceBackend,
               const std::function<int(Communicator&)>& body, const std::optional<std::string>& ranks) {
    if (const int count = threadRankCount(gpus, ranks, deviceBackend); count > 0) {
        int result = 0;
        try {
            const auto run = gpus ? runOnGpuThreads : runOnThreads;
            run(count, [&](Communicator& comm) {
                try {
                    const int code = body(comm);
                    if (comm.rank() == 0) result = code;
                } catch (const std::exception& e) {
                    std::cerr << "catlab: error: rank " << comm.rank() << ": " << e.what() << '\n';
                    throw;
                }
            });
        } catch (const std::exception&) {
            throw Error("the run stopped on the error(s) above");
        }
        return result;
    }
    const MpiSession session;
    std::unique_ptr<Communicator> comm;
    try {
        comm = mpiRankCommunicator(session, deviceBackend);
        return body(*comm);
    } catch (const std::exception& e) {
        if (session.size() == 1) throw;
        // The other ranks may be waiting for this one: end them all.
        std::cerr << "catlab: error: rank " << session.rank() << ": " << e.what() << std::endl;
        session.abortAll(1);
    }
}

} // namespace catlab::cli
