#pragma once

#include "catlab/memory_space.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace catlab {

// Bytes to or from another rank, in the communicator's bufferSpace().
struct OutgoingMessage {
    int peer = 0;
    const void* data = nullptr;
    std::size_t bytes = 0;
};
struct IncomingMessage {
    int peer = 0;
    void* data = nullptr;
    std::size_t bytes = 0;
};

// The ranks that compute one distributed grid together, and how bytes move between them (MPI between
// processes, NCCL between GPUs). Every rank calls every operation, in the same order; each one is
// finished when it returns. Failures throw catlab::Error naming the call, the file and the line.
class Communicator {
  public:
    Communicator() = default;
    Communicator(const Communicator&) = delete;
    Communicator& operator=(const Communicator&) = delete;
    virtual ~Communicator() = default;

    virtual int rank() const = 0;
    virtual int size() const = 0;
    // Where the buffers of exchange() must be: host memory for MPI, the rank's GPU for NCCL.
    virtual MemorySpace bufferSpace() const = 0;
    // "mpi", "nccl", "single"; for reports.
    virtual std::string transport() const = 0;

    // Sends and receives together (never to or from this rank itself). Messages between two ranks are
    // matched in the order each side lists them, so sizes must agree pairwise.
    virtual void exchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) = 0;

    // An exchange that overlaps device work: startExchange() queues the transfers behind the device work
    // queued so far and returns; device work queued after it runs alongside them, until joinExchange()
    // makes the device work queued after that wait for them. The buffers must stay untouched in between.
    // Where overlapsDeviceWork() is false, startExchange() is exchange() and joinExchange() does nothing.
    virtual bool overlapsDeviceWork() const { return false; }
    virtual void startExchange(std::span<const OutgoingMessage> sends, std::span<const IncomingMessage> receives) {
        exchange(sends, receives);
    }
    virtual void joinExchange() {}
    // The sum and the maximum over the ranks, on every rank.
    virtual std::uint64_t sum(std::uint64_t value) = 0;
    virtual double max(double value) = 0;
    // Every rank's value, by rank, on every rank (per-rank timings).
    virtual std::vector<double> allGather(double value) = 0;

    // Makes this rank's pending and later operations fail instead of waiting for a rank that failed
    // and will never come; safe to call from another thread. Transports whose operations cannot wait
    // forever (MPI aborts the job) need nothing.
    virtual void abort() noexcept {}
};

// One rank alone: nothing to exchange.
std::unique_ptr<Communicator> makeSingleRankCommunicator(MemorySpace space = MemorySpace::Host);

} // namespace catlab
