// Long runs step in chunks of about a tenth of a second, so that a signal is heard between them.
#include "cli/step_chunks.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace catlab::cli {
namespace {

TEST(StepChunks, AChunkLastsAboutATenthOfASecondAtTheMeasuredSpeed) {
    StepChunks chunks;
    EXPECT_EQ(chunks.next(1000), 1); // nothing measured yet: one step
    chunks.measured(10, 0.01);       // a millisecond a step
    EXPECT_EQ(chunks.next(1000), 100);
    EXPECT_EQ(chunks.next(30), 30); // never more than what is left
    chunks.measured(100, 2.0);      // slower now: 20 ms a step
    EXPECT_EQ(chunks.next(1000), 5);
    chunks.measured(5, 3.0); // a step longer than a chunk: one at a time, never none
    EXPECT_EQ(chunks.next(1000), 1);
}

TEST(StepChunks, TooFastToMeasureGrowsSixteenfoldUpToTheCap) {
    StepChunks chunks;
    chunks.measured(1, 0.0);
    EXPECT_EQ(chunks.next(1LL << 40), 16);
    chunks.measured(16, 1e-5);
    EXPECT_EQ(chunks.next(1LL << 40), 256);
    chunks.measured(1 << 20, 1e-6);
    EXPECT_EQ(chunks.next(1LL << 40), StepChunks::kMaxChunk);
}

TEST(StepChunks, SteppingStopsBetweenChunksWhenAsked) {
    std::atomic<bool> stop{false};
    StepChunks chunks;
    long long stepped = 0;
    std::vector<long long> progress;
    const long long done = stepInChunks(
        1'000'000, chunks, stop,
        [&](long long n) {
            stepped += n;
            if (stepped >= 40) stop = true; // as a signal handler would
        },
        [&](long long steps) { progress.push_back(steps); });
    EXPECT_EQ(done, stepped);
    EXPECT_GE(done, 40);
    EXPECT_LT(done, 1'000'000);
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back(), done);
    EXPECT_EQ(stepInChunks(10, chunks, stop, [](long long) { FAIL() << "stepped after the stop"; }), 0);
}

TEST(StepChunks, AllStepsRunWhenNotStopped) {
    const std::atomic<bool> stop{false};
    StepChunks chunks;
    long long stepped = 0;
    EXPECT_EQ(stepInChunks(12345, chunks, stop, [&](long long n) { stepped += n; }), 12345);
    EXPECT_EQ(stepped, 12345);
}

} // namespace
} // namespace catlab::cli
