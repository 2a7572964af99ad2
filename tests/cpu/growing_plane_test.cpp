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
    EXPECT_NE(testing::errorOf([&] { torus.growWithPattern(); }).find("only a plane or a grid with an unbounded side"),
              std::string::npos);
    Simulator b0(onPlane("B0123/S23"), Grid({16, 16}), "cpu");
    EXPECT_NE(testing::errorOf([&] { b0.growWithPattern(); }).find("has B0"), std::string::npos);
}

// Golly's tubes (:T0,h, :Tw,0) and strips (:P0,h, :Pw,0) grow across their unbounded side alone.
TEST(GrowingTube, AGliderGoesRoundTheTubeWhileTheGridGrowsAcross) {
    const RuleSpec tube = parseRule("B3/S23:T0,16");
    Grid start({16, 16});
    const Cells glider{{1, 0}, {2, 1}, {0, 2}, {1, 2}, {2, 2}};
    for (auto [x, y] : glider) start.at(int(x), int(y)) = 1;
    for (const char* backend : {"cpu", "cpu-naive"}) {
        Simulator sim(tube.rule, start, backend);
        sim.growWithPattern();
        sim.step(256); // 64 cells across, and 64 down: four times round the tube
        Cells moved;
        for (auto [x, y] : glider) moved.insert({x + 64, y});
        EXPECT_EQ(liveCells(sim), moved) << backend;
        EXPECT_EQ(sim.size().height, 16) << backend;
        EXPECT_GT(sim.size().width, 64) << backend;
        EXPECT_EQ(sim.originY(), 0) << backend;
        EXPECT_TRUE(sim.growing());
    }
}

// Soups on tubes and strips, against a grid as wide as the soup can ever spread (a torus or a plane of
// the same bounded side), on cpu (an edge frame around its torus) and cpu-naive (joining edges itself).
TEST(GrowingTube, SoupsGrowAsOnAnUnboundedSide) {
    const char* suffixes[] = {":T0,37", ":T41,0", ":P0,37", ":P41,0"};
    for (const char* suffix : suffixes)
        for (const char* text :
             {"B3/S23", "R2,C0,M1,S2..5,B3..4,NM", "R3,C4,M0,S6..11,B7..10,NN", "R2,C0,M0,S2..4,B3..4,NX"}) {
            const RuleSpec spec = parseRule(std::string(text) + suffix);
            SCOPED_TRACE(formatRuleSpec(spec));
            const bool across = spec.rule.topology.unboundedWidth;
            const int bounded = across ? spec.size->height : spec.size->width;
            const int generations = 100, margin = (generations + 2) * spec.rule.radius;
            Grid soup(across ? GridSize{20, bounded} : GridSize{bounded, 20});
            fillRandom(soup, 0.45, 20261126);
            const int wide = 20 + 2 * margin;
            Grid reference(across ? GridSize{wide, bounded} : GridSize{bounded, wide});
            for (int y = 0; y < soup.height(); ++y)
                for (int x = 0; x < soup.width(); ++x)
                    reference.at(x + (across ? margin : 0), y + (across ? 0 : margin)) = soup.at(x, y);
            Rule referenceRule = spec.rule;
            referenceRule.topology.unboundedWidth = referenceRule.topology.unboundedHeight = false;
            Simulator wideGrid(referenceRule, reference, "cpu-naive");
            wideGrid.step(generations);
            Cells expected;
            const Grid after = wideGrid.snapshot();
            for (int y = 0; y < after.height(); ++y)
                for (int x = 0; x < after.width(); ++x)
                    if (after.at(x, y)) expected.insert({x - (across ? margin : 0), y - (across ? 0 : margin)});
            ASSERT_FALSE(expected.empty());

            for (const char* backend : {"cpu", "cpu-naive"}) {
                Simulator sim(spec.rule, soup, backend);
                sim.growWithPattern();
                sim.step(generations);
                EXPECT_EQ(liveCells(sim), expected) << backend;
                EXPECT_EQ(across ? sim.size().height : sim.size().width, bounded) << backend;
                EXPECT_TRUE(sim.growthStopped().empty()) << sim.growthStopped();
            }
        }
}

TEST(GrowingTube, B0IsRefused) {
    Simulator b0(parseRule("B0123/S23:T0,16").rule, Grid({16, 16}), "cpu");
    EXPECT_NE(testing::errorOf([&] { b0.growWithPattern(); }).find("has B0"), std::string::npos);
}

} // namespace
} // namespace catlab
