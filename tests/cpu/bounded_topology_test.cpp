// Bounded topologies on a backend that computes tori (cpu), run inside an edge frame, against cpu-naive,
// which joins the edges itself: every cell, the population, painting across the edges, the view and
// rule changes between topologies.
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view_export.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace catlab {
namespace {

using testing::errorOf;

Grid soup(GridSize size, std::uint64_t seed) {
    Grid g(size);
    fillRandom(g, 0.4, seed);
    return g;
}

TEST(BoundedTopology, FramedCpuMatchesTheOracleCellAndPopulation) {
    for (const char* text : {"B3/S23:K24*+1,17", "R2,C3,M1,S2..5,B3..4,NM:C19,23", "B36/S23:S21", "B3/S23:P9,7"}) {
        SCOPED_TRACE(text);
        const RuleSpec spec = parseRule(text);
        const Grid start = soup(*spec.size, 3);
        Simulator framed(spec.rule, start, "cpu"), oracle(spec.rule, start, "cpu-naive");
        for (int g = 1; g <= 30; ++g) {
            framed.step();
            oracle.step();
            ASSERT_EQ(framed.snapshot(), oracle.snapshot()) << "generation " << g;
            ASSERT_EQ(framed.population(), oracle.snapshot().population()) << "generation " << g;
        }
    }
}

// A glider flies off a plane and is gone; on a torus of the same size it would come back.
TEST(BoundedTopology, AGliderLeavesAPlane) {
    const RuleSpec spec = parseRule("B3/S23:P12,12");
    Grid start(*spec.size);
    for (auto [x, y] : {std::pair{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}) start.at(x, y) = 1;
    for (const char* backend : {"cpu", "cpu-naive"}) {
        Simulator sim(spec.rule, start, backend);
        sim.step(60);
        EXPECT_EQ(sim.population(), 4u) << backend; // the block it leaves in the corner
        Rule torus = spec.rule;
        torus.topology = Topology{};
        Simulator wrapped(torus, start, backend);
        wrapped.step(48); // twelve cells diagonally: back where it started
        EXPECT_EQ(wrapped.snapshot(), start) << backend;
    }
}

TEST(BoundedTopology, PaintingAcrossTheEdgesWrapsAsTheGridDoes) {
    const RuleSpec spec = parseRule("B3/S23:K20*,16");
    Simulator framed(spec.rule, soup(*spec.size, 5), "cpu"), oracle(spec.rule, soup(*spec.size, 5), "cpu-naive");
    const std::vector<Cell> block(7 * 5, 1);
    const CellRect across{-3, 14, 7, 5}; // wraps around both edges
    framed.writeCells(across, block);
    oracle.writeCells(across, block);
    EXPECT_EQ(framed.readCells(across), block);
    EXPECT_EQ(framed.population(), oracle.population());
    framed.step(5);
    oracle.step(5);
    EXPECT_EQ(framed.snapshot(), oracle.snapshot());
    EXPECT_EQ(framed.readCells(across), oracle.readCells(across));
}

// The view shows the grid, never the frame beyond it, also where the window wraps around.
TEST(BoundedTopology, TheViewShowsTheGridOnly) {
    const RuleSpec spec = parseRule("B3/S23:C30,22");
    Simulator framed(spec.rule, soup(*spec.size, 9), "cpu");
    framed.step(3);
    const Grid state = framed.snapshot();
    for (const ViewWindow& window : {ViewWindow{-7.5, -3.25, 0.5, 50, 40}, ViewWindow{0, 0, 3, 40, 30}}) {
        std::vector<ViewPixel> got(std::size_t(window.width * window.height)), want(got.size());
        framed.exportView(window, {got.data(), window.width, MemorySpace::Host});
        exportViewOnHost(hostBuffer(state), 2, window, {want.data(), window.width, MemorySpace::Host});
        EXPECT_EQ(got, want);
    }
}

TEST(BoundedTopology, RuleChangesMoveBetweenTopologiesKeepingTheCells) {
    const Grid start = soup({25, 25}, 11);
    Simulator framed(parseRule("B3/S23").rule, start, "cpu"), oracle(parseRule("B3/S23").rule, start, "cpu-naive");
    for (const char* text : {"B3/S23:S25", "B36/S23:S25", "B3/S23:P25,25", "B3/S23:T25,25", "B3/S23:T25+3,25"}) {
        SCOPED_TRACE(text);
        const Rule rule = parseRule(text).rule;
        framed.setRule(rule);
        oracle.setRule(rule);
        framed.step(4);
        oracle.step(4);
        ASSERT_EQ(framed.snapshot(), oracle.snapshot());
    }
    framed.switchBackend("cpu-naive");
    framed.switchBackend("cpu");
    framed.step(2);
    oracle.step(2);
    EXPECT_EQ(framed.snapshot(), oracle.snapshot());
}

TEST(BoundedTopology, AGridTheTopologyCannotJoinIsRefused) {
    const Rule sphere = parseRule("B3/S23:S20").rule;
    EXPECT_NE(errorOf([&] {
                  Simulator(sphere, Grid({20, 18}), "cpu");
              }).find("sides must be equal"),
              std::string::npos);
    const Rule klein = parseRule("R4,C0,M0,S5..9,B6..8,NM:K20*,20").rule;
    EXPECT_NE(errorOf([&] {
                  Simulator(klein, Grid({20, 8}), "cpu");
              }).find("too small for radius 4"),
              std::string::npos);
}

} // namespace
} // namespace catlab
