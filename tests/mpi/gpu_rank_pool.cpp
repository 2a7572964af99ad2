#include "mpi/gpu_rank_pool.hpp"

#include "catlab/distributed/rank_launch.hpp"
#include "catlab/error.hpp"

namespace catlab::testing {

void GpuRankPool::start() {
    comms_.assign(std::size_t(gpus_), nullptr);
    joined_ = 0;
    ended_ = quitting_ = broken_ = false;
    launchFailure_ = nullptr;
    launcher_ = std::thread([this] {
        std::exception_ptr failure;
        try {
            runOnGpuThreads(gpus_, [this](Communicator& comm) { rankLoop(comm); });
        } catch (...) {
            failure = std::current_exception();
        }
        const std::lock_guard lock(mutex_);
        ended_ = true;
        launchFailure_ = failure;
        changed_.notify_all();
    });
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return joined_ == gpus_ || ended_; });
}

void GpuRankPool::stop() noexcept {
    {
        const std::lock_guard lock(mutex_);
        quitting_ = true;
        changed_.notify_all();
    }
    if (launcher_.joinable()) launcher_.join();
}

void GpuRankPool::rankLoop(Communicator& comm) {
    const std::size_t rank = std::size_t(comm.rank());
    std::unique_lock lock(mutex_);
    std::uint64_t seen = serial_; // bodies from before these threads are not theirs
    comms_[rank] = &comm;
    ++joined_;
    changed_.notify_all();
    for (;;) {
        changed_.wait(lock, [&] { return serial_ != seen || quitting_; });
        if (quitting_) break;
        seen = serial_;
        const auto* body = body_;
        lock.unlock();
        std::exception_ptr failure;
        try {
            (*body)(comm);
        } catch (...) {
            failure = std::current_exception();
        }
        lock.lock();
        if (failure) {
            if (!failure_) failure_ = failure;
            broken_ = true;
            for (std::size_t other = 0; other < comms_.size(); ++other)
                if (other != rank && comms_[other]) comms_[other]->abort();
        }
        ++finished_;
        changed_.notify_all();
    }
    comms_[rank] = nullptr; // before runOnGpuThreads destroys the communicator
}

void GpuRankPool::run(const std::function<void(Communicator&)>& body) {
    bool fresh = false;
    {
        const std::lock_guard lock(mutex_);
        fresh = !launcher_.joinable() || broken_ || ended_;
    }
    if (fresh) {
        stop();
        start();
    }
    std::unique_lock lock(mutex_);
    const auto launchFailed = [&] {
        if (launchFailure_) std::rethrow_exception(launchFailure_);
        throw Error("the GPU rank threads ended before the body ran");
    };
    if (ended_) launchFailed();
    body_ = &body;
    finished_ = 0;
    failure_ = nullptr;
    ++serial_;
    changed_.notify_all();
    changed_.wait(lock, [&] { return finished_ == gpus_ || ended_; });
    body_ = nullptr;
    if (failure_) std::rethrow_exception(failure_);
    if (finished_ != gpus_) launchFailed();
}

} // namespace catlab::testing
