// Rectangles of cells read from and written into a grid cut into bands over every rank: rank 0 reads and
// writes the same cells as one Simulator, for rectangles that wrap around the torus and cross the bands'
// edges, and a grid painted that way steps on exactly as one grid painted the same way.
#include "mpi/rank_backends.hpp"
#include "mpi/rank_environment.hpp"
#include "support/error_of.hpp"

#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab::testing {
namespace {

Rule rule(const std::string& text) { return parseRule(text).rule; }

// Rectangles over a W x H torus: inside one band, across every band, wrapping at both edges, and the
// whole grid.
std::vector<CellRect> rectanglesOver(GridSize size) {
    return {{3, 2, 5, 4},
            {0, 0, size.width, size.height},
            {size.width - 4, size.height - 3, 11, size.height / 2 + 5},
            {-7, 1, 20, size.height - 1},
            {17, -2, 1, 9}};
}

// Cells in states 0..states-1 that differ from cell to cell.
std::vector<Cell> paint(const CellRect& rect, int states, int salt) {
    std::vector<Cell> cells(std::size_t(rect.width) * std::size_t(rect.height));
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = Cell((i * 7 + std::size_t(salt) * 3 + i / 5) % states);
    return cells;
}

void expectCellsAsOneGrid(const Rule& r, GridSize size) {
    for (const std::string& backend : rankBackendsFor(r)) {
        SCOPED_TRACE("backend " + backend + ", rule " + r.format() + ", " + std::to_string(size.width) + "x" +
                     std::to_string(size.height));
        Simulator single(r, size, 0.4, 11, "cpu-naive");
        onEveryRank([&](Communicator& comm) {
            // Halos every 2 generations on a plain torus; other topologies exchange every generation.
            DistributedSimulator grid(comm, r, size, 0.4, 11, backend, r.topology.plainTorus() ? 2 : 0);
            const bool root = comm.rank() == 0;
            int salt = 0;
            for (const CellRect& rect : rectanglesOver(size)) {
                SCOPED_TRACE("rectangle " + std::to_string(rect.x) + "," + std::to_string(rect.y) + " " +
                             std::to_string(rect.width) + "x" + std::to_string(rect.height));
                grid.step(3);
                const std::vector<Cell> painted = paint(rect, r.states, ++salt);
                grid.writeCells(rect, root ? std::span<const Cell>(painted) : std::span<const Cell>());
                grid.step(2);
                const std::vector<Cell> read = grid.readCells(rect);
                if (!root) {
                    EXPECT_TRUE(read.empty());
                    continue;
                }
                // Rank 0 alone drives the one grid, so the threads of other ranks never touch it.
                single.step(3);
                single.writeCells(rect, painted);
                single.step(2);
                EXPECT_EQ(read, single.readCells(rect));
            }
            const Grid whole = grid.gather();
            if (root) {
                EXPECT_EQ(firstDifference(whole, single.snapshot()), -1);
            }
        });
    }
}

TEST(DistributedCells, LifeOnAnOddTorus) { expectCellsAsOneGrid(rule("B3/S23"), {61, 47}); }

TEST(DistributedCells, LargerThanLifeWithDecay) { expectCellsAsOneGrid(rule("R3,C4,M1,S9..20,B10..16,NM"), {53, 71}); }

// Rectangles wrap around the grid as on one grid of these topologies, whose joins they do not follow.
TEST(DistributedCells, OtherTopologies) {
    for (const char* suffix : {":P61,47", ":T61-4,47", ":K61*,47"})
        expectCellsAsOneGrid(rule(std::string("R3,C4,M1,S9..20,B10..16,NM") + suffix), {61, 47});
}

// Bands with an edge frame: the rectangles hold the grid's cells, never the frame's, and the painted
// cells reach the other bands' frames before the next generation.
TEST(DistributedCells, ASphereAndACrossSurface) {
    expectCellsAsOneGrid(rule("R3,C4,M1,S9..20,B10..16,NM:S47"), {47, 47});
    expectCellsAsOneGrid(rule("R3,C4,M1,S9..20,B10..16,NM:C61,47"), {61, 47});
    expectCellsAsOneGrid(rule("B3/S23:K61,48*+1"), {61, 48});
}

TEST(DistributedCells, BadRectanglesAndCellsFailOnEveryRank) {
    onEveryRank([&](Communicator& comm) {
        DistributedSimulator grid(comm, rule("B3/S23"), {40, 30}, 0.5, 1, "cpu");
        const bool root = comm.rank() == 0;
        EXPECT_THROW(grid.readCells({0, 0, 41, 2}), Error);
        const std::vector<Cell> seven(4, Cell(7));
        const std::string message = errorOf([&] {
            grid.writeCells({1, 1, 2, 2}, root ? std::span<const Cell>(seven) : std::span<const Cell>());
        });
        if (root) {
            EXPECT_NE(message.find("7"), std::string::npos) << message;
        }
        EXPECT_NE(message, "(no error)");
        // Nothing was written.
        const std::vector<Cell> after = grid.readCells({1, 1, 2, 2});
        if (root) {
            for (const Cell c : after) EXPECT_LT(c, 2);
        }
    });
}

} // namespace
} // namespace catlab::testing
