#pragma once
// Runs CUDA kernel bodies written as host-and-device functions on the CPU: blocks one after another,
// one host thread per CUDA thread of a block, __syncthreads() as a barrier. Slow, but it lets the CPU
// tests check the kernels' indexing and synchronisation without a GPU.
#include <barrier>
#include <cstddef>
#include <thread>
#include <vector>

namespace catlab::testing {

struct HostSync {
    std::barrier<>* barrier;
    void operator()() const { barrier->arrive_and_wait(); }
};

// body(shared, tid, block, sync) for every thread of every block; shared memory starts poisoned.
template <class Body>
void emulateBlocks(long long blocks, int threads, std::size_t sharedBytes, Body&& body) {
    std::vector<unsigned> shared(sharedBytes / sizeof(unsigned) + 1);
    for (long long block = 0; block < blocks; ++block) {
        std::fill(shared.begin(), shared.end(), 0xDEADBEEFu);
        std::barrier<> barrier(threads);
        std::vector<std::jthread> pool;
        pool.reserve(std::size_t(threads));
        for (int tid = 0; tid < threads; ++tid)
            pool.emplace_back([&, tid] { body(shared.data(), tid, block, HostSync{&barrier}); });
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
