// The window's session on a grid cut into bands over rank threads, as the window's thread commands it
// (no window needed): stepping, the view, painting through rectangles, rule, backend and seed changes,
// undo's whole states, all against a session on one grid. On the CPU the ranks are threads with the
// threads transport; the same session over NCCL, one rank per GPU, runs where there are GPUs.
#include "session/simulation_session.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/distributed/nccl.hpp"
#include "catlab/distributed/rank_launch.hpp"
#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace catlab::gui {
namespace {

Rule rule(const std::string& text) { return parseRule(text).rule; }

SceneStart start(const std::string& ruleText, GridSize size, const std::string& backend, RankSpread spread) {
    SceneStart s;
    s.rule = rule(ruleText);
    s.size = size;
    s.density = 0.4;
    s.seed = 9;
    s.backend = backend;
    s.spread = spread;
    return s;
}

std::vector<ViewPixel> viewOf(const SimulationSession& session, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    session.exportView(window, {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

// The same cells, generation and population, and the same pixels through windows zoomed out and in
// across the bands' edges and the torus's.
void expectSameGrid(const SimulationSession& spread, const SimulationSession& one) {
    ASSERT_EQ(spread.size(), one.size());
    EXPECT_EQ(spread.generation(), one.generation());
    EXPECT_EQ(spread.population(), one.population());
    EXPECT_EQ(firstDifference(spread.snapshot(), one.snapshot()), -1);
    const GridSize size = one.size();
    const ViewWindow windows[] = {
        {0.0, 0.0, 3.0, size.width / 3, size.height / 3},
        {-5.5, double(size.height) / 2 - 7.25, 0.25, 64, 48},
        {double(size.width) - 10, double(size.height) - 9, 1.0, 30, 25},
    };
    for (const ViewWindow& w : windows) {
        SCOPED_TRACE("window at " + std::to_string(w.originX) + "," + std::to_string(w.originY) + ", " +
                     std::to_string(w.cellsPerPixel) + " cells/pixel");
        EXPECT_TRUE(viewOf(spread, w) == viewOf(one, w));
    }
}

// Every change the window makes to its automaton, made to a distributed session and to one grid.
void expectSameSessions(const std::string& backend, RankSpread spread, const std::string& otherBackend) {
    const GridSize size{97, 83}; // bands of odd sizes on 2 or 3 ranks
    SimulationSession distributed(start("B3/S23", size, backend, spread));
    SimulationSession one(start("B3/S23", size, "cpu-naive", {}));
    ASSERT_NE(distributed.distributed(), nullptr);
    EXPECT_EQ(one.distributed(), nullptr);
    EXPECT_EQ(int(distributed.distributed()->ranks().size()), spread.ranks);
    expectSameGrid(distributed, one);

    // Stepping, in calls that end anywhere between halo exchanges.
    for (const int generations : {1, 4, 6}) { // 11: the edits below fall between halo exchanges
        distributed.step(generations);
        one.step(generations);
    }
    expectSameGrid(distributed, one);

    // Painting, and a pasted block, through rectangles that cross the bands and wrap.
    const CellRect brush{40, 41, 3, 3};
    const std::vector<Cell> live(9, Cell(1));
    distributed.writeCells(brush, live);
    one.writeCells(brush, live);
    const CellRect block{-6, size.height - 20, 25, 30};
    std::vector<Cell> pattern(std::size_t(block.width) * std::size_t(block.height));
    for (std::size_t i = 0; i < pattern.size(); ++i) pattern[i] = Cell((i * 5 + i / 7) % 3 == 0);
    distributed.writeCells(block, pattern);
    one.writeCells(block, pattern);
    EXPECT_EQ(distributed.readCells(block), pattern);
    distributed.step(5);
    one.step(5);
    expectSameGrid(distributed, one);

    // Another backend mid-run keeps the grid.
    distributed.switchBackend(otherBackend);
    EXPECT_EQ(distributed.backendName(), otherBackend);
    distributed.step(6);
    one.step(6);
    expectSameGrid(distributed, one);

    // A rule of another radius and more states keeps the cells and the generation.
    const Rule wider = rule("R2,C3,M1,S5..9,B6..8,NM");
    distributed.setRule(wider, "wider");
    one.setRule(wider, "wider");
    EXPECT_EQ(distributed.rule(), wider);
    EXPECT_EQ(distributed.ruleName(), "wider");
    distributed.step(4);
    one.step(4);
    expectSameGrid(distributed, one);

    // Undo's whole state put back, at its generation.
    const Grid kept = one.snapshot();
    const std::uint64_t generation = one.generation();
    distributed.step(3);
    distributed.restore(kept, wider, "wider", generation, std::nullopt);
    expectSameGrid(distributed, one);

    // A new random start, and a cleared grid.
    distributed.randomStart(0.3, 21);
    one.randomStart(0.3, 21);
    expectSameGrid(distributed, one);
    distributed.clear();
    EXPECT_EQ(distributed.population(), 0u);
}

TEST(DistributedSession, ThreadRanksAreOneGrid) {
    for (const int ranks : {2, 3}) {
        SCOPED_TRACE(std::to_string(ranks) + " ranks");
        expectSameSessions("cpu", {ranks, false}, "cpu-naive");
    }
}

TEST(DistributedSession, RanksReportWhereTheyRun) {
    SimulationSession session(start("B3/S23", {64, 64}, "cpu", {3, false}));
    const DistributedGridSession& grid = *session.distributed();
    EXPECT_EQ(grid.transport(), "threads");
    session.step(2);
    for (const RankInfo& rank : grid.ranks()) {
        EXPECT_EQ(rank.gpu, -1);
        EXPECT_TRUE(rank.pciBusId.empty());
    }
    EXPECT_THROW(session.simulator(), Error);
    EXPECT_FALSE(session.growing());
}

// A rule on a Klein bottle, a plane, a cross-surface: the ranks take them (a new distributed grid each time).
TEST(DistributedSession, RulesOnOtherTopologiesAreSplit) {
    SimulationSession spread(start("B3/S23", {61, 47}, "cpu", {3, false}));
    SimulationSession one(start("B3/S23", {61, 47}, "cpu-naive", {}));
    for (const char* text : {"B3/S23:K61*,47", "B36/S23:P61,47", "B3/S23:C61,47"}) {
        SCOPED_TRACE(text);
        spread.setRule(rule(text), "");
        one.setRule(rule(text), "");
        spread.step(17);
        one.step(17);
        ASSERT_NE(spread.distributed(), nullptr);
        expectSameGrid(spread, one);
    }
}

TEST(DistributedSession, RefusalsLeaveTheGridAsItWas) {
    SimulationSession session(start("B3/S23", {60, 50}, "cpu", {2, false}));
    session.step(3);
    const Grid before = session.snapshot();
    const std::uint64_t generation = session.generation();
    // A rule whose neighbourhood is taller than the grid is refused by every rank.
    try {
        session.setRule(rule("R30,C0,M1,S30..60,B30..40,NM"), "");
        ADD_FAILURE() << "a neighbourhood of 61 x 61 cells was taken on a grid of 50 rows";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("too small"), std::string::npos) << e.what();
    }
    EXPECT_THROW(session.switchBackend("no-such-backend"), Error);
    EXPECT_THROW(session.writeCells({0, 0, 2, 2}, std::vector<Cell>(4, Cell(5))), Error);
    EXPECT_THROW(session.readCells({0, 0, 61, 1}), Error);
    EXPECT_THROW(session.exportView({0, 0, 0.0, 10, 10}, {}), Error);
    EXPECT_EQ(session.rule(), rule("B3/S23"));
    EXPECT_EQ(session.generation(), generation);
    EXPECT_EQ(firstDifference(session.snapshot(), before), -1);
    session.step(1); // and it still runs
    EXPECT_EQ(session.generation(), generation + 1);
}

std::string fileText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Saving writes the same file as one grid's, row by row as the bands send them: even where rank 0 may
// not gather the grid (CATLAB_GATHER_MEMORY_MIB below its 1.2 MB), the window can still save it.
TEST(DistributedSession, SavesAGridRankZeroMayNotGather) {
    const std::string dir = ::testing::TempDir();
    SimulationSession spread(start("B2/S345/C4", {2048, 600}, "cpu", {3, false}));
    SimulationSession one(start("B2/S345/C4", {2048, 600}, "cpu", {}));
    spread.step(7);
    one.step(7);
    const RleExtras extras{.name = "saved",
                           .comments = {"#C from the window"},
                           .generation = one.generation(),
                           .unboundedOrigin = std::nullopt};
    one.saveRle(dir + "one.rle", extras);
    setenv("CATLAB_GATHER_MEMORY_MIB", "1", 1);
    EXPECT_THROW(spread.snapshot(), Error);
    EXPECT_NO_THROW(spread.saveRle(dir + "spread.rle", extras));
    unsetenv("CATLAB_GATHER_MEMORY_MIB");
    const std::string saved = fileText(dir + "spread.rle");
    EXPECT_GT(saved.size(), 100000u);
    EXPECT_TRUE(saved == fileText(dir + "one.rle"));
    std::remove((dir + "one.rle").c_str());
    std::remove((dir + "spread.rle").c_str());
}

// One rank per GPU through NCCL (any number of GPUs; one is enough to run it).
TEST(DistributedSession, GpuRanksAreOneGrid) {
    if (cudaDeviceCount() == 0) GTEST_SKIP() << "no GPU here";
    if (const auto why = ncclUnavailableReason()) GTEST_SKIP() << *why;
    const int gpus = gpuCountOf("all");
    expectSameSessions("bitlife", {gpus, true}, "boxsum");
    SimulationSession session(start("B3/S23", {64, 64}, "auto", {gpus, true}));
    const DistributedGridSession& grid = *session.distributed();
    EXPECT_EQ(grid.transport(), "nccl");
    for (std::size_t i = 0; i < grid.ranks().size(); ++i) {
        EXPECT_EQ(grid.ranks()[i].gpu, int(i));
        EXPECT_FALSE(grid.ranks()[i].pciBusId.empty());
    }
}

} // namespace
} // namespace catlab::gui
