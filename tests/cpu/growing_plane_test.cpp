// Golly's unbounded universe: a plane that grows before live cells reach its edges computes what an
// unbounded plane (here: a torus far larger than the pattern ever gets) computes, cell for cell.
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>

namespace catlab {
namespace {

using Cells = std::set<std::pair<long long, long long>>;

// The live cells, on the unbounded plane's coordinates.
Cells liveCells(const Simulator& sim) {
    Cells cells;
    const Grid g = sim.snapshot();
    for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x)
            if (g.at(x, y) != 0) cells.insert({x + sim.originX(), y + sim.originY()});
    return cells;
}

Rule onPlane(const char* text) {
    Rule rule = parseRule(text).rule;
    rule.topology.kind = TopologyKind::Plane;
    return rule;
}

TEST(GrowingPlane, AGliderFliesOnForever) {
    Grid start({16, 16});
    const Cells glider{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
    for (auto [x, y] : glider) start.at(int(x), int(y)) = 1;
    for (const char* backend : {"cpu", "cpu-naive"}) {
        Simulator sim(onPlane("B3/S23"), start, backend);
        sim.growWithPattern();
        sim.step(400);
        Cells moved;
        for (auto [x, y] : glider) moved.insert({x + 100, y + 100});
        EXPECT_EQ(liveCells(sim), moved) << backend;
        EXPECT_EQ(sim.generation(), 400u);
        EXPECT_GT(sim.size().width, 100) << backend;
        EXPECT_TRUE(sim.growing());
    }
}

// Soups that spread in every direction, against a torus wide enough never to wrap.
TEST(GrowingPlane, SoupsGrowAsOnAnUnboundedPlane) {
    for (const char* text : {"B3/S23", "B36/S23", "R2,C0,M1,S2..5,B3..4,NM", "R3,C4,M0,S6..11,B7..10,NN"}) {
        SCOPED_TRACE(text);
        Grid soup({20, 20});
        fillRandom(soup, 0.5, 20261125);
        const int generations = 120;
        const Rule torus = parseRule(text).rule;
        const int margin = (generations + 2) * torus.radius, side = 20 + 2 * margin;
        Grid wide({side, side});
        for (int y = 0; y < 20; ++y)
            for (int x = 0; x < 20; ++x) wide.at(margin + x, margin + y) = soup.at(x, y);
        Simulator reference(torus, wide, "cpu");
        reference.step(generations);
        Cells expected;
        for (auto [x, y] : liveCells(reference)) expected.insert({x - margin, y - margin});
        ASSERT_LT(reference.snapshot().population(), std::uint64_t(side) * std::uint64_t(side));

        for (const char* backend : {"cpu", "cpu-naive"}) {
            Simulator sim(onPlane(text), soup, backend);
            sim.growWithPattern();
            sim.step(generations);
            EXPECT_EQ(liveCells(sim), expected) << backend;
            EXPECT_EQ(sim.generation(), std::uint64_t(generations));
            EXPECT_TRUE(sim.growthStopped().empty()) << sim.growthStopped();
        }
    }
}

TEST(GrowingPlane, OnlyAPlaneWithoutB0Grows) {
    Simulator torus(parseRule("B3/S23").rule, Grid({16, 16}), "cpu");
    EXPECT_NE(testing::errorOf([&] { torus.growWithPattern(); }).find("only a plane grows"), std::string::npos);
    Simulator b0(onPlane("B0123/S23"), Grid({16, 16}), "cpu");
    EXPECT_NE(testing::errorOf([&] { b0.growWithPattern(); }).find("has B0"), std::string::npos);
}

} // namespace
} // namespace catlab
