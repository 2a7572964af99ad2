// Edge frame plans of distributed grids, without ranks: every rank's plan is carried out on grids of cell
// names (each cell holds its own global position), and every halo and frame cell must then hold the
// name of the cell resolvePosition() gives for its position, written by exactly one transfer.
#include "catlab/distributed/band_layout.hpp"
#include "catlab/distributed/frame_plan.hpp"
#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/topology.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace catlab {
namespace {

constexpr std::uint32_t kUnwritten = 0xFFFFFFFFu;

// A local torus of cell names: 0 for a dead cell, 1 + y * W + x for global cell (x, y).
struct NamedBand {
    GridSize local;
    std::vector<std::uint32_t> names;
    std::vector<int> writes; // how many times each local cell was written by the exchange
    std::uint32_t& at(long long x, long long y) { return names[std::size_t(y * local.width + x)]; }
};

std::uint32_t nameOf(std::optional<CellPosition> cell, GridSize grid) {
    return cell ? 1 + std::uint32_t(cell->y) * std::uint32_t(grid.width) + std::uint32_t(cell->x) : 0;
}

// The global column local column x stands for, as frame_plan.hpp lays the frame out.
std::optional<long long> columnOf(int x, int width, int reach, int localWidth) {
    if (x < width + reach) return x;
    if (x >= localWidth - reach) return (long long)x - localWidth;
    return std::nullopt;
}

const PeerCells* messageWith(const std::vector<PeerCells>& messages, int peer) {
    for (const PeerCells& m : messages)
        if (m.peer == peer) return &m;
    return nullptr;
}

// Carries out every rank's plan on named bands and checks every cell of every band.
void expectFramesHoldWhatTheTopologySays(const std::string& suffix, int ranks, int radius, int reach) {
    SCOPED_TRACE(suffix + " over " + std::to_string(ranks) + " ranks, radius " + std::to_string(radius) + ", reach " +
                 std::to_string(reach));
    const TopologySuffix parsed = parseTopologySuffix(suffix, suffix.substr(1));
    const GridSize grid = parsed.size;
    const BandLayout layout(grid, ranks, radius, 1);
    const int halo = layout.haloRows();

    std::vector<RankFramePlan> plans;
    std::vector<NamedBand> bands;
    for (int p = 0; p < ranks; ++p) {
        plans.push_back(framePlan(layout, parsed.topology, reach, p));
        const RankFramePlan& plan = plans.back();
        ASSERT_EQ(plan.local, (GridSize{framedBandWidth(grid.width, reach), layout.band(p).rows + 2 * halo}));
        NamedBand band{plan.local,
                       std::vector<std::uint32_t>(std::size_t(plan.local.width) * plan.local.height, kUnwritten),
                       std::vector<int>(std::size_t(plan.local.width) * plan.local.height, 0)};
        for (int y = 0; y < layout.band(p).rows; ++y)
            for (int x = 0; x < grid.width; ++x)
                band.at(x, halo + y) = nameOf(CellPosition{x, layout.band(p).firstRow + y}, grid);
        bands.push_back(std::move(band));
    }

    // Each rank stages its sources, which must be cells of its own rows and columns.
    std::vector<std::vector<std::uint32_t>> staged(static_cast<std::size_t>(ranks));
    for (int p = 0; p < ranks; ++p)
        for (const CellRect& r : plans[std::size_t(p)].sources)
            for (long long y = r.y; y < r.y + r.height; ++y)
                for (long long x = r.x; x < r.x + r.width; ++x) {
                    ASSERT_TRUE(y >= halo && y < halo + layout.band(p).rows && x >= 0 && x < grid.width)
                        << "rank " << p << " reads (" << x << ", " << y << "), not a cell of its band";
                    staged[std::size_t(p)].push_back(bands[std::size_t(p)].at(x, y));
                }

    // Targets filled from the rank itself and from every peer's message, which must agree in length.
    std::vector<std::vector<std::uint32_t>> targets(static_cast<std::size_t>(ranks));
    for (int p = 0; p < ranks; ++p) {
        std::size_t cells = 0;
        for (const CellRect& r : plans[std::size_t(p)].targets) cells += std::size_t(r.width) * std::size_t(r.height);
        targets[std::size_t(p)].assign(cells, 0);
        std::vector<int> written(cells, 0);
        for (const auto& [source, target] : plans[std::size_t(p)].own) {
            targets[std::size_t(p)][target] = staged[std::size_t(p)][source];
            ++written[target];
        }
        for (int q = 0; q < ranks; ++q) {
            const PeerCells* received = messageWith(plans[std::size_t(p)].receives, q);
            const PeerCells* sent = messageWith(plans[std::size_t(q)].sends, p);
            if (q == p) {
                ASSERT_FALSE(received || sent) << "rank " << p << " messages itself";
                continue;
            }
            if (!received && !sent) continue;
            ASSERT_TRUE(received && sent) << "ranks " << q << " and " << p << " disagree on a message";
            ASSERT_EQ(received->cells.size(), sent->cells.size()) << "from rank " << q << " to rank " << p;
            for (std::size_t i = 0; i < sent->cells.size(); ++i) {
                targets[std::size_t(p)][received->cells[i]] = staged[std::size_t(q)][sent->cells[i]];
                ++written[received->cells[i]];
            }
        }
        std::size_t at = 0;
        for (const CellRect& r : plans[std::size_t(p)].targets)
            for (long long y = r.y; y < r.y + r.height; ++y)
                for (long long x = r.x; x < r.x + r.width; ++x, ++at) {
                    bands[std::size_t(p)].at(x, y) = targets[std::size_t(p)][at];
                    bands[std::size_t(p)].writes[std::size_t(y * bands[std::size_t(p)].local.width + x)] +=
                        1 + written[at]; // once by the rectangle's write, then by each transfer
                }
    }

    // Every cell with a position holds what resolvePosition says; the frame's middle is written as 0.
    for (int p = 0; p < ranks; ++p) {
        NamedBand& band = bands[std::size_t(p)];
        const long long top = (long long)layout.band(p).firstRow - halo;
        for (int y = 0; y < band.local.height; ++y)
            for (int x = 0; x < band.local.width; ++x) {
                const bool own = y >= halo && y < halo + layout.band(p).rows && x < grid.width;
                const std::optional<long long> column = columnOf(x, grid.width, reach, band.local.width);
                const int writes = band.writes[std::size_t(y * band.local.width + x)];
                if (own) {
                    EXPECT_EQ(writes, 0) << "rank " << p << " overwrites its own cell (" << x << ", " << y << ")";
                    continue;
                }
                std::uint32_t expected = 0;
                int expectedWrites = 1;
                if (column) {
                    const std::optional<CellPosition> source = resolvePosition(parsed.topology, grid, *column, top + y);
                    expected = nameOf(source, grid);
                    expectedWrites = source ? 2 : 1;
                }
                ASSERT_EQ(band.at(x, y), expected) << "rank " << p << ", local cell (" << x << ", " << y << ")";
                ASSERT_EQ(writes, expectedWrites) << "rank " << p << ", local cell (" << x << ", " << y << ")";
            }
    }
}

TEST(FramePlan, EveryHaloAndFrameCellHoldsTheCellItsPositionJoins) {
    for (const std::string suffix :
         {":S31", ":C37,31", ":T37,31+3", ":T37,31-2", ":K37,31*", ":K37,32*+1", ":T37+5,31", ":P37,31"})
        for (const int ranks : {2, 3, 5})
            for (const auto& [radius, reach] : std::vector<std::pair<int, int>>{{1, 1}, {2, 4}, {12, 12}}) {
                expectFramesHoldWhatTheTopologySays(suffix, ranks, radius, reach);
                if (::testing::Test::HasFatalFailure()) return;
            }
}

// A band away from the grid's top and bottom trades with its neighbours alone, and reads few rectangles.
TEST(FramePlan, RanksFarFromTheEdgesSendOnlyToTheirNeighboursOnAShiftedTorus) {
    const TopologySuffix parsed = parseTopologySuffix(":T64,64+3", "T64,64+3");
    const BandLayout layout(parsed.size, 4, 1, 1);
    const RankFramePlan plan = framePlan(layout, parsed.topology, 1, 1); // rows 16..31
    std::vector<int> peers;
    for (const PeerCells& m : plan.sends) peers.push_back(m.peer);
    EXPECT_EQ(peers, (std::vector<int>{0, 2}));
    peers.clear();
    for (const PeerCells& m : plan.receives) peers.push_back(m.peer);
    EXPECT_EQ(peers, (std::vector<int>{0, 2}));
    // The band's first and last rows whole, and its left and right columns between them.
    EXPECT_EQ(plan.sources.size(), 4u);
}

TEST(FramePlan, FramedWidthsAndTopologies) {
    EXPECT_EQ(framedBandWidth(37, 1), 64);
    EXPECT_EQ(framedBandWidth(62, 1), 64);
    EXPECT_EQ(framedBandWidth(63, 1), 128);
    EXPECT_EQ(framedBandWidth(kMaxGridSide - 2, 1), kMaxGridSide);
    EXPECT_EQ(framedBandWidth(kMaxGridSide - 1, 1), kMaxGridSide + 1); // the band's Simulator refuses it
    const auto framed = [](const char* suffix) {
        return framedTopology(parseTopologySuffix(suffix, std::string(suffix).substr(1)).topology);
    };
    for (const char* suffix : {":S31", ":C37,31", ":T37,31+3", ":K37,31*", ":K37,32*+1"})
        EXPECT_TRUE(framed(suffix)) << suffix;
    for (const char* suffix : {":T37,31", ":P37,31", ":T37+5,31", ":K37*,31", ":T0,31", ":P37,0"})
        EXPECT_FALSE(framed(suffix)) << suffix;
}

TEST(FramePlan, ALayoutWithoutHalosIsRefused) {
    const TopologySuffix parsed = parseTopologySuffix(":S31", "S31");
    try {
        framePlan(BandLayout(parsed.size, 1, 1, 1), parsed.topology, 1, 0);
        FAIL() << "no error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("has none"), std::string::npos) << e.what();
    }
}

} // namespace
} // namespace catlab
