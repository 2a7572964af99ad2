#include "catlab/distributed/rank_launch.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/distributed/nccl.hpp"
#include "catlab/distributed/thread_communicator.hpp"
#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace catlab {

int gpuCountOf(std::string_view text) {
    const int present = cudaDeviceCount();
    if (present == 0) {
        const auto why = cudaUnavailableReason();
        throw Error("--gpus " + std::string(text) + ": no GPU here (" + why.value_or("no CUDA device found") + ")");
    }
    if (text == "all") return present;
    int count = 0;
    if (parseInteger(text, count) != IntegerText::Ok || count < 1 || count > present)
        throw Error("--gpus takes 1.." + std::to_string(present) + " or all (this machine has " +
                    std::to_string(present) + " GPU" + (present == 1 ? "" : "s") + "), not '" + std::string(text) +
                    "'");
    return count;
}

namespace {

// Runs body(comm) on `ranks` threads, thread i with the communicator joinRank(i) makes (on that thread),
// and returns when every thread has finished. When one rank fails, the others would wait for it forever
// in their next exchange: its failure aborts every other rank's communicator, and the first failure is
// the one rethrown.
void runOnRankThreads(int ranks, const std::function<std::unique_ptr<Communicator>(int rank)>& joinRank,
                      const std::function<void(Communicator&)>& body) {
    std::mutex mutex;
    std::vector<Communicator*> joined(static_cast<std::size_t>(ranks), nullptr);
    std::exception_ptr firstFailure;
    const auto fail = [&](int rank) {
        const std::lock_guard lock(mutex);
        if (!firstFailure) firstFailure = std::current_exception();
        for (std::size_t other = 0; other < joined.size(); ++other)
            if (joined[other] && int(other) != rank) joined[other]->abort();
    };
    {
        std::vector<std::jthread> threads;
        for (int rank = 0; rank < ranks; ++rank)
            threads.emplace_back([&, rank] {
                try {
                    const std::unique_ptr<Communicator> comm = joinRank(rank);
                    {
                        const std::lock_guard lock(mutex);
                        joined[std::size_t(rank)] = comm.get();
                        if (firstFailure) comm->abort();
                    }
                    // Leaves the list before the communicator is destroyed, however the body ends.
                    const std::unique_ptr<void, std::function<void(void*)>> leave(comm.get(), [&, rank](void*) {
                        const std::lock_guard lock(mutex);
                        joined[std::size_t(rank)] = nullptr;
                    });
                    body(*comm);
                } catch (...) {
                    fail(rank);
                }
            });
    }
    if (firstFailure) std::rethrow_exception(firstFailure);
}

} // namespace

void runOnGpuThreads(int gpus, const std::function<void(Communicator&)>& body) {
    if (auto why = ncclUnavailableReason()) throw Error("--gpus: " + *why);
    if (gpus < 1 || gpus > cudaDeviceCount())
        throw Error("cannot run on " + std::to_string(gpus) + " GPUs: " + std::to_string(cudaDeviceCount()) +
                    " are present");
    const NcclId id = makeNcclId();
    runOnRankThreads(
        gpus, [&](int rank) { return makeNcclCommunicator(id, rank, gpus, rank); }, body);
}

void runOnThreads(int ranks, const std::function<void(Communicator&)>& body) {
    std::vector<std::unique_ptr<Communicator>> comms = makeThreadCommunicators(ranks);
    runOnRankThreads(
        ranks, [&](int rank) { return std::move(comms[std::size_t(rank)]); }, body);
}

int rankCountOf(std::string_view text) {
    int count = 0;
    if (parseInteger(text, count) != IntegerText::Ok || count < 1 || count > kMaxThreadRanks)
        throw Error("--ranks takes 1.." + std::to_string(kMaxThreadRanks) + ", not '" + std::string(text) + "'");
    return count;
}

std::unique_ptr<Communicator> mpiRankCommunicator(const MpiSession& session, bool gpu) {
    if (!gpu) return session.communicator();
    if (auto why = ncclUnavailableReason()) throw Error("GPU ranks under mpirun: " + *why);
    // NCCL takes one rank per GPU: every rank learns whether some node has more ranks than GPUs.
    const int present = cudaDeviceCount();
    const std::uint64_t crowded = session.communicator()->sum(session.localRank() < present ? 0 : 1);
    if (crowded > 0)
        throw Error(std::to_string(crowded) + " rank(s) have no GPU of their own (this node has " +
                    std::to_string(present) + "); start at most one rank per GPU on each node");
    NcclId id;
    if (session.rank() == 0) id = makeNcclId();
    session.broadcastFromRankZero(id.bytes);
    return makeNcclCommunicator(id, session.rank(), session.size(), session.localRank());
}

} // namespace catlab
