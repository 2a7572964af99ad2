#pragma once
// One rank thread per GPU, kept for every body the distributed suites run: an NCCL communicator takes
// about a second to make, and the suites run a few hundred bodies. Runs like runOnGpuThreads: rank i on
// GPU i, every rank runs the body, the first failure is rethrown. A failed body aborts the other ranks'
// communicators (so none waits forever for it), and the next body gets new threads and communicators.
#include "catlab/distributed/communicator.hpp"

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace catlab::testing {

class GpuRankPool {
  public:
    explicit GpuRankPool(int gpus) : gpus_(gpus) {}
    ~GpuRankPool() { stop(); }
    GpuRankPool(const GpuRankPool&) = delete;
    GpuRankPool& operator=(const GpuRankPool&) = delete;

    void run(const std::function<void(Communicator&)>& body);

  private:
    void start();
    void stop() noexcept;
    void rankLoop(Communicator& comm);

    const int gpus_;
    std::thread launcher_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Communicator*> comms_; // by rank, while its thread is in rankLoop
    int joined_ = 0;
    bool ended_ = false, quitting_ = false, broken_ = false;
    std::exception_ptr launchFailure_;
    // The body being run, its serial number, how many ranks finished it and the first failure.
    const std::function<void(Communicator&)>* body_ = nullptr;
    std::uint64_t serial_ = 0;
    int finished_ = 0;
    std::exception_ptr failure_;
};

} // namespace catlab::testing
