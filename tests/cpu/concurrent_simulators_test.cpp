// CPU backends share one thread pool: simulations stepped from several threads at once must each get
// the answer they get alone.
#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace catlab {
namespace {

TEST(ConcurrentSimulators, ThreadsSteppingAtOnceGetTheirOwnAnswers) {
    const Rule rule = testing::scaledRule(3, Neighbourhood::Moore, false, 2);
    constexpr int kThreads = 6, kSteps = 12;
    std::vector<Grid> alone;
    for (int i = 0; i < kThreads; ++i) {
        Simulator sim(rule, {97 + i, 83}, 0.35, std::uint64_t(i), i % 2 ? "cpu" : "cpu-naive");
        sim.step(kSteps);
        alone.push_back(sim.snapshot());
    }
    std::vector<Grid> together(kThreads);
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i)
        threads.emplace_back([&, i] {
            Simulator sim(rule, {97 + i, 83}, 0.35, std::uint64_t(i), i % 2 ? "cpu" : "cpu-naive");
            for (int s = 0; s < kSteps; ++s) sim.step(1); // many short loops interleave
            together[std::size_t(i)] = sim.snapshot();
        });
    for (std::thread& t : threads) t.join();
    for (int i = 0; i < kThreads; ++i) EXPECT_EQ(together[std::size_t(i)], alone[std::size_t(i)]) << "thread " << i;
}

} // namespace
} // namespace catlab
