// Band decomposition and halo plans of distributed grids, checked by walking every halo row back to the
// global row it must hold, for splits that leave odd bands and halos deeper than bands.
#include "catlab/distributed/band_layout.hpp"
#include "catlab/distributed/communicator.hpp"
#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/distributed/halo_plan.hpp"
#include "catlab/error.hpp"
#include "catlab/rule.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

namespace catlab {
namespace {

// The tallest band, halos included, may be as tall as the largest side and no taller.
TEST(BandLayout, BandsReachTheLargestSideExactly) {
    EXPECT_EQ(BandLayout({64, kMaxGridSide}, 1, 5, 1).localSize(0), (GridSize{64, kMaxGridSide}));
    EXPECT_EQ(BandLayout({64, kMaxGridSide}, 4, 5, 3).localSize(3), (GridSize{64, kMaxGridSide / 4 + 30}));
    // Two bands of 2^19 rows: halos of 2^18 rows each side fill the side, one row more passes it.
    EXPECT_EQ(BandLayout({64, kMaxGridSide}, 2, 1, 1 << 18).localSize(1), (GridSize{64, kMaxGridSide}));
    EXPECT_THROW(BandLayout({64, kMaxGridSide}, 2, 1, (1 << 18) + 1), Error);
}

TEST(BandLayout, SplitsRowsEvenlyLargerBandsFirst) {
    const BandLayout layout({203, 157}, 3, 1, 1);
    ASSERT_EQ(layout.ranks(), 3);
    EXPECT_EQ(layout.band(0).firstRow, 0);
    EXPECT_EQ(layout.band(0).rows, 53);
    EXPECT_EQ(layout.band(1).firstRow, 53);
    EXPECT_EQ(layout.band(1).rows, 52);
    EXPECT_EQ(layout.band(2).firstRow, 105);
    EXPECT_EQ(layout.band(2).rows, 52);
    for (int row = 0; row < 157; ++row) {
        const int owner = layout.ownerOf(row);
        EXPECT_GE(row, layout.band(owner).firstRow);
        EXPECT_LT(row, layout.band(owner).firstRow + layout.band(owner).rows);
    }
}

TEST(BandLayout, HaloIsStepsTimesRadiusAndNoneForOneRank) {
    EXPECT_EQ(BandLayout({64, 64}, 2, 5, 3).haloRows(), 15);
    EXPECT_EQ(BandLayout({64, 64}, 2, 5, 3).localSize(1), (GridSize{64, 32 + 30}));
    EXPECT_EQ(BandLayout({64, 64}, 1, 5, 3).haloRows(), 0);
    EXPECT_EQ(BandLayout({64, 64}, 1, 5, 3).localSize(0), (GridSize{64, 64}));
}

TEST(BandLayout, RefusesMoreRanksThanRowsAndBadCounts) {
    EXPECT_THROW(BandLayout({64, 3}, 4, 1, 1), Error);
    EXPECT_THROW(BandLayout({64, 64}, 0, 1, 1), Error);
    EXPECT_THROW(BandLayout({64, 64}, 2, 1, 0), Error);
    try {
        BandLayout({64, 3}, 4, 1, 1);
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("3 rows over 4 ranks"), std::string::npos) << e.what();
    }
}

TEST(BandLayout, DefaultHaloStepsKeepExtraWorkSmall) {
    EXPECT_EQ(defaultHaloSteps({60416, 120832}, 2, 1), 16);
    EXPECT_EQ(defaultHaloSteps({60416, 120832}, 2, 5), 3);
    EXPECT_EQ(defaultHaloSteps({60416, 120832}, 2, 100), 1);
    EXPECT_EQ(defaultHaloSteps({203, 157}, 3, 1), 3); // 2 x 3 x 1 x 8 <= 52
    EXPECT_EQ(defaultHaloSteps({203, 157}, 1, 1), 1);
}

// Every halo row of every rank is written exactly once, from the row the source rank owns that holds
// the right global row, and sends and receives pair up in the same order on both sides.
void expectCompleteHalos(const BandLayout& layout) {
    const int height = layout.global().height, halo = layout.haloRows();
    const std::vector<RowTransfer> all = haloTransfers(layout);
    for (int p = 0; p < layout.ranks(); ++p) {
        const Band& band = layout.band(p);
        std::map<int, int> written; // local halo row -> global row it received
        for (const RowTransfer& t : all) {
            if (t.to != p) continue;
            const Band& source = layout.band(t.from);
            ASSERT_GE(t.sourceRow, halo);
            ASSERT_LE(t.sourceRow + t.rows, halo + source.rows) << "a transfer reads outside the owned rows";
            for (int i = 0; i < t.rows; ++i) {
                const int local = t.targetRow + i;
                ASSERT_TRUE(local < halo || local >= halo + band.rows) << "a transfer writes an owned row";
                ASSERT_TRUE(written.emplace(local, source.firstRow + t.sourceRow - halo + i).second)
                    << "local row " << local << " of rank " << p << " written twice";
            }
        }
        ASSERT_EQ(int(written.size()), 2 * halo) << "rank " << p;
        for (const auto& [local, global] : written)
            EXPECT_EQ(global, (((band.firstRow - halo + local) % height) + height) % height)
                << "rank " << p << " local row " << local;
    }
    for (int p = 0; p < layout.ranks(); ++p)
        for (int q = 0; q < layout.ranks(); ++q) {
            if (p == q) continue;
            std::vector<int> sent, received;
            for (const RowTransfer& t : transfersOf(all, p).sends)
                if (t.to == q) sent.push_back(t.rows);
            for (const RowTransfer& t : transfersOf(all, q).receives)
                if (t.from == p) received.push_back(t.rows);
            EXPECT_EQ(sent, received) << "from rank " << p << " to rank " << q;
        }
}

TEST(HaloPlan, CoversEveryHaloRowForOddSplitsAndDeepHalos) {
    expectCompleteHalos(BandLayout({203, 157}, 3, 1, 1));
    expectCompleteHalos(BandLayout({203, 157}, 3, 5, 4));
    expectCompleteHalos(BandLayout({203, 157}, 2, 60, 1)); // halo deeper than a band
    expectCompleteHalos(BandLayout({203, 157}, 3, 60, 1)); // spans two other bands and the rank itself
    expectCompleteHalos(BandLayout({64, 7}, 7, 3, 5));     // one row per rank, a halo of 15 > the torus
    expectCompleteHalos(BandLayout({64, 10}, 4, 1, 1));
}

// Every halo row of every rank, on a topology whose top and bottom edges join rows to rows, is written
// exactly once, and each of its cells holds the cell resolvePosition() says (or is dead where it says none).
void expectHalosResolve(const BandLayout& layout, const Topology& topology) {
    const GridSize size = layout.global();
    const int halo = layout.haloRows();
    const std::vector<RowTransfer> all = haloTransfers(layout, topology);
    for (int p = 0; p < layout.ranks(); ++p) {
        const Band& band = layout.band(p);
        std::map<int, const RowTransfer*> writer; // local halo row -> the transfer that writes it
        for (const RowTransfer& t : all) {
            if (t.to != p) continue;
            if (t.dead) {
                EXPECT_EQ(t.from, p) << "dead rows travel nowhere";
            } else {
                ASSERT_GE(t.sourceRow, halo);
                ASSERT_LE(t.sourceRow + t.rows, halo + layout.band(t.from).rows);
                ASSERT_TRUE(t.sourceColumns.empty() || int(t.sourceColumns.size()) == size.width);
            }
            for (int i = 0; i < t.rows; ++i) {
                const int local = t.targetRow + i;
                ASSERT_TRUE(local < halo || local >= halo + band.rows) << "a transfer writes an owned row";
                ASSERT_TRUE(writer.emplace(local, &t).second) << "local row " << local << " written twice";
            }
        }
        ASSERT_EQ(int(writer.size()), 2 * halo) << "rank " << p;
        for (const auto& [local, t] : writer) {
            const long long global = (long long)band.firstRow - halo + local;
            for (int x = 0; x < size.width; ++x) {
                const std::optional<CellPosition> expected = resolvePosition(topology, size, x, global);
                std::optional<CellPosition> held;
                if (!t->dead)
                    held = CellPosition{t->sourceColumns.empty() ? x : t->sourceColumns[std::size_t(x)],
                                        layout.band(t->from).firstRow + t->sourceRow - halo + local - t->targetRow};
                ASSERT_EQ(held, expected) << "rank " << p << " local row " << local << " column " << x;
            }
        }
    }
}

Topology parsedTopology(const std::string& rule) { return parseRule(rule).rule.topology; }

TEST(HaloPlan, RowsPastTheEdgesOfOtherTopologiesAreMappedOrDead) {
    for (const char* rule : {"B3/S23:P37,31", "B3/S23:T37+5,31", "B3/S23:T37-2,31", "B3/S23:K37*,31"}) {
        SCOPED_TRACE(rule);
        const Topology topology = parsedTopology(rule);
        expectHalosResolve(BandLayout({37, 31}, 3, 1, 1), topology);
        expectHalosResolve(BandLayout({37, 31}, 3, 12, 1), topology); // deeper than a band
        expectHalosResolve(BandLayout({37, 31}, 2, 15, 1), topology);
        expectHalosResolve(BandLayout({37, 31}, 31, 2, 1), topology); // a row per rank
    }
    expectHalosResolve(BandLayout({38, 31}, 3, 4, 1), parsedTopology("B3/S23:K38*+1,31"));
    expectHalosResolve(BandLayout({37, 5}, 2, 9, 1), parsedTopology("B3/S23:P37,5")); // past both edges
}

TEST(HaloPlan, PlaneEdgesNeedNoMessagesAndTheTwistMirrorsTheRows) {
    const BandLayout layout({37, 31}, 2, 2, 1);
    const std::vector<RowTransfer> plane = haloTransfers(layout, parsedTopology("B3/S23:P37,31"));
    const RankTransfers top = transfersOf(plane, 0);
    ASSERT_EQ(top.own.size(), 1u);
    EXPECT_TRUE(top.own[0].dead);
    EXPECT_EQ(top.own[0].rows, 2);
    EXPECT_EQ(top.sends.size(), 1u) << "rank 0 sends only its last rows, down";

    const std::vector<RowTransfer> klein = haloTransfers(layout, parsedTopology("B3/S23:K37*,31"));
    const RankTransfers kleinTop = transfersOf(klein, 0);
    ASSERT_EQ(kleinTop.receives.size(), 2u);
    const RowTransfer& above = kleinTop.receives[0]; // the rows above the top edge: rank 1's last, mirrored
    EXPECT_EQ(above.from, 1);
    EXPECT_EQ(above.rows, 2);
    ASSERT_EQ(above.sourceColumns.size(), 37u);
    EXPECT_EQ(above.sourceColumns.front(), 36);
    EXPECT_EQ(above.sourceColumns.back(), 0);
    EXPECT_TRUE(kleinTop.receives[1].sourceColumns.empty()) << "rows inside the grid keep their columns";
}

TEST(HaloPlan, TopologiesJoiningRowsToColumnsAreRefused) {
    const BandLayout layout({31, 31}, 2, 1, 1);
    for (const char* rule : {"B3/S23:C31,31", "B3/S23:S31", "B3/S23:T31,31+3", "B3/S23:K31,31*", "B3/S23:T0,31"}) {
        SCOPED_TRACE(rule);
        EXPECT_FALSE(rowJoinedTopology(parsedTopology(rule)));
        EXPECT_THROW(haloTransfers(layout, parsedTopology(rule)), Error);
    }
    EXPECT_TRUE(rowJoinedTopology(parsedTopology("B3/S23:T31,31")));
}

TEST(HaloPlan, TwoRanksWithShallowHalosTradeTwoBlocksEach) {
    const BandLayout layout({100, 100}, 2, 2, 1);
    const RankTransfers rank0 = transfersOf(haloTransfers(layout), 0);
    EXPECT_EQ(rank0.sends.size(), 2u);
    EXPECT_EQ(rank0.receives.size(), 2u);
    EXPECT_TRUE(rank0.own.empty());
}

// One rank: no halos, the same cells as a Simulator.
TEST(DistributedSimulator, OneRankIsTheSimulator) {
    const Rule rule = parseRule("B3/S23").rule;
    const auto comm = makeSingleRankCommunicator();
    DistributedSimulator distributed(*comm, rule, {67, 45}, 0.4, 9, "cpu");
    Simulator single(rule, {67, 45}, 0.4, 9, "cpu-naive");
    distributed.step(17);
    single.step(17);
    EXPECT_EQ(distributed.gather(), single.snapshot());
    EXPECT_EQ(distributed.population(), single.population());
    distributed.switchBackend("cpu-naive");
    distributed.step(5);
    single.step(5);
    EXPECT_EQ(distributed.gather(), single.snapshot());
}

// The random start of a band is the band of the whole grid's random start.
TEST(DistributedSimulator, BandRandomStartIsTheWholeGridsRows) {
    Grid whole({31, 40});
    fillRandom(whole, 0.5, 77);
    Grid band({31, 9});
    fillRandom(band, 0.5, 77, 13);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 31; ++x) ASSERT_EQ(band.at(x, y), whole.at(x, 13 + y));
}

} // namespace
} // namespace catlab
