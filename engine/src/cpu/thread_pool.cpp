#include "catlab/thread_pool.hpp"

#include <algorithm>

namespace catlab {
namespace {

std::pair<long long, long long> chunk(long long count, unsigned parts, unsigned index) {
    return {count * index / parts, count * (index + 1) / parts};
}

} // namespace

ThreadPool::ThreadPool(unsigned threads) {
    threads = std::max(1u, threads);
    for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this, i] { workerLoop(i); });
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
}

ThreadPool& ThreadPool::shared() {
    static ThreadPool pool;
    return pool;
}

void ThreadPool::parallelFor(long long count, const std::function<void(long long, long long)>& body) {
    if (count <= 0) return;
    const unsigned parts = size();
    if (parts == 1 || count == 1) {
        body(0, count);
        return;
    }
    const std::lock_guard turn(turn_);
    {
        std::lock_guard lock(mutex_);
        body_ = &body;
        count_ = count;
        pending_ = parts - 1;
        error_ = nullptr;
        ++generation_;
    }
    wake_.notify_all();
    std::exception_ptr mine;
    try {
        auto [b, e] = chunk(count, parts, 0);
        if (b < e) body(b, e);
    } catch (...) {
        mine = std::current_exception();
    }
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return pending_ == 0; });
    body_ = nullptr;
    if (mine) std::rethrow_exception(mine);
    if (error_) std::rethrow_exception(error_);
}

void ThreadPool::workerLoop(unsigned index) {
    unsigned long long seen = 0;
    for (;;) {
        const std::function<void(long long, long long)>* body;
        long long count;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
            if (stopping_) return;
            seen = generation_;
            body = body_;
            count = count_;
        }
        std::exception_ptr failure;
        try {
            auto [b, e] = chunk(count, size(), index);
            if (b < e) (*body)(b, e);
        } catch (...) {
            failure = std::current_exception();
        }
        {
            std::lock_guard lock(mutex_);
            if (failure && !error_) error_ = failure;
            if (--pending_ == 0) done_.notify_all();
        }
    }
}

} // namespace catlab
