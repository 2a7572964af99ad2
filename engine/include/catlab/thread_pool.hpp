#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace catlab {

// A fixed set of worker threads that run one parallel loop at a time: loops started from several
// threads at once take turns. The calling thread takes a share of the work too, so a pool of one
// thread runs everything inline. A loop's body must not start another loop on the same pool.
class ThreadPool {
  public:
    explicit ThreadPool(unsigned threads = std::thread::hardware_concurrency());
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned size() const { return unsigned(workers_.size()) + 1; }

    // Calls body(begin, end) on disjoint chunks covering [0, count), one chunk per thread, and
    // returns when all are done. An exception thrown by a chunk is rethrown here.
    void parallelFor(long long count, const std::function<void(long long, long long)>& body);

    // A pool shared by the CPU backends.
    static ThreadPool& shared();

  private:
    void workerLoop(unsigned index);

    std::vector<std::thread> workers_;
    std::mutex turn_; // held by the caller whose loop is running
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable done_;
    const std::function<void(long long, long long)>* body_ = nullptr;
    long long count_ = 0;
    unsigned long long generation_ = 0;
    unsigned pending_ = 0;
    bool stopping_ = false;
    std::exception_ptr error_;
};

} // namespace catlab
