#pragma once
// Runs CUDA kernel bodies written as host-and-device functions on the CPU: blocks one after another,
// one host thread per CUDA thread of a block, __syncthreads() as a barrier. Slow, but it lets the CPU
// tests check the kernels' indexing and synchronisation without a GPU.
#include <algorithm>
#include <barrier>
#include <cstddef>
#include <memory>
#include <thread>
#include <vector>

namespace catlab::testing {

struct HostSync {
    std::barrier<>* barrier;
    std::unique_ptr<std::barrier<>>* warpBarriers; // one per warp of 32 threads
    int* warpValues;                               // a slot per thread

    void operator()() const { barrier->arrive_and_wait(); }
    // DeviceSync's warp operations: every lane of the warp calls them.
    int warpInclusiveSum(int tid, int value) const {
        const int* lanes = publish(tid, value);
        int sum = 0;
        for (int lane = 0; lane <= tid % 32; ++lane) sum += lanes[lane];
        warpBarriers[tid / 32]->arrive_and_wait(); // the slots are free again
        return sum;
    }
    void syncWarp(int tid) const { warpBarriers[tid / 32]->arrive_and_wait(); }
    int fromLastLane(int tid, int value) const {
        const int last = publish(tid, value)[31];
        warpBarriers[tid / 32]->arrive_and_wait();
        return last;
    }

  private:
    const int* publish(int tid, int value) const {
        warpValues[tid] = value;
        warpBarriers[tid / 32]->arrive_and_wait();
        return warpValues + tid / 32 * 32;
    }
};

// body(shared, tid, block, sync) for every thread of every block; shared memory starts poisoned. Warp
// operations need `threads` to be a multiple of 32.
template <class Body>
void emulateBlocks(long long blocks, int threads, std::size_t sharedBytes, Body&& body) {
    std::vector<unsigned> shared(sharedBytes / sizeof(unsigned) + 1);
    std::vector<int> warpValues(static_cast<std::size_t>(threads));
    for (long long block = 0; block < blocks; ++block) {
        std::fill(shared.begin(), shared.end(), 0xDEADBEEFu);
        std::barrier<> barrier(threads);
        std::vector<std::unique_ptr<std::barrier<>>> warpBarriers;
        for (int warp = 0; warp < (threads + 31) / 32; ++warp)
            warpBarriers.push_back(std::make_unique<std::barrier<>>(std::min(32, threads - 32 * warp)));
        const HostSync sync{&barrier, warpBarriers.data(), warpValues.data()};
        std::vector<std::jthread> pool;
        pool.reserve(std::size_t(threads));
        for (int tid = 0; tid < threads; ++tid) pool.emplace_back([&, tid] { body(shared.data(), tid, block, sync); });
    }
}

// For bodies without barriers: every thread of every block in turn on this thread.
template <class Body>
void emulateSerially(long long blocks, int threads, std::size_t sharedBytes, Body&& body) {
    std::vector<unsigned> shared(sharedBytes / sizeof(unsigned) + 1);
    for (long long block = 0; block < blocks; ++block) {
        std::fill(shared.begin(), shared.end(), 0xDEADBEEFu);
        for (int tid = 0; tid < threads; ++tid) body(shared.data(), tid, block);
    }
}

} // namespace catlab::testing
