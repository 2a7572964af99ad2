// The threads transport on its own: messages matched pairwise in order, collectives over every rank,
// and failures that end every rank instead of leaving some waiting.
#include "support/error_of.hpp"

#include "catlab/distributed/rank_launch.hpp"
#include "catlab/distributed/thread_communicator.hpp"
#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <numeric>
#include <string>
#include <vector>

namespace catlab::testing {
namespace {

TEST(ThreadCommunicator, MessagesArriveInTheOrderEachSideListsThem) {
    constexpr int kRanks = 4;
    runOnThreads(kRanks, [&](Communicator& comm) {
        EXPECT_EQ(comm.size(), kRanks);
        EXPECT_EQ(comm.transport(), "threads");
        EXPECT_EQ(comm.bufferSpace(), MemorySpace::Host);
        const int me = comm.rank(), next = (me + 1) % kRanks, previous = (me + kRanks - 1) % kRanks;
        // Two messages of different sizes to the next rank, two from the previous one, several rounds.
        for (int round = 0; round < 20; ++round) {
            std::vector<int> first(3, me * 100 + round), second(5, me * 1000 + round);
            std::vector<int> gotFirst(3, -1), gotSecond(5, -1);
            const OutgoingMessage sends[] = {{next, first.data(), first.size() * sizeof(int)},
                                             {next, second.data(), second.size() * sizeof(int)}};
            const IncomingMessage receives[] = {{previous, gotFirst.data(), gotFirst.size() * sizeof(int)},
                                                {previous, gotSecond.data(), gotSecond.size() * sizeof(int)}};
            comm.exchange(sends, receives);
            EXPECT_EQ(gotFirst, std::vector<int>(3, previous * 100 + round));
            EXPECT_EQ(gotSecond, std::vector<int>(5, previous * 1000 + round));
        }
    });
}

TEST(ThreadCommunicator, CollectivesSeeEveryRank) {
    constexpr int kRanks = 5;
    runOnThreads(kRanks, [&](Communicator& comm) {
        for (int round = 0; round < 50; ++round) {
            EXPECT_EQ(comm.sum(std::uint64_t(comm.rank() + round)), std::uint64_t(10 + kRanks * round));
            EXPECT_EQ(comm.max(double(comm.rank() * round)), double((kRanks - 1) * round));
            const std::vector<double> all = comm.allGather(double(comm.rank()) + 0.5);
            ASSERT_EQ(all.size(), std::size_t(kRanks));
            for (int r = 0; r < kRanks; ++r) EXPECT_EQ(all[std::size_t(r)], r + 0.5);
        }
    });
}

TEST(ThreadCommunicator, SizesThatDisagreeFailOnBothSides) {
    std::atomic<int> failed{0};
    const std::string message = errorOf([&] {
        runOnThreads(2, [&](Communicator& comm) {
            std::vector<char> bytes(8);
            try {
                if (comm.rank() == 0) {
                    const OutgoingMessage m{1, bytes.data(), 8};
                    comm.exchange({&m, 1}, {});
                } else {
                    const IncomingMessage m{0, bytes.data(), 4};
                    comm.exchange({}, {&m, 1});
                }
            } catch (const Error&) {
                ++failed;
                throw;
            }
        });
    });
    EXPECT_EQ(failed.load(), 2);
    EXPECT_NE(message, "(no error)");
}

TEST(ThreadCommunicator, ARankThatFailsAloneEndsTheOthers) {
    // Rank 2 gives up before a collective the others are already waiting in: they must not wait forever.
    const std::string message = errorOf([] {
        runOnThreads(3, [](Communicator& comm) {
            if (comm.rank() == 2) throw Error("rank 2 could not make its band");
            comm.sum(1);
        });
    });
    EXPECT_EQ(message, "rank 2 could not make its band");
}

TEST(ThreadCommunicator, BadPeersAndRankCountsAreRefused) {
    EXPECT_THROW(makeThreadCommunicators(0), Error);
    EXPECT_NE(errorOf([] { rankCountOf("65"); }).find("--ranks takes 1..64"), std::string::npos);
    EXPECT_EQ(rankCountOf("3"), 3);
    runOnThreads(2, [](Communicator& comm) {
        char byte = 0;
        const OutgoingMessage toSelf{comm.rank(), &byte, 1};
        EXPECT_THROW(comm.exchange({&toSelf, 1}, {}), Error);
        const OutgoingMessage toNobody{7, &byte, 1};
        EXPECT_THROW(comm.exchange({&toNobody, 1}, {}), Error);
    });
}

} // namespace
} // namespace catlab::testing
