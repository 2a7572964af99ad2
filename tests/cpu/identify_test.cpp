// Identify on known objects of Life, Generations and Larger than Life. Each expectation is first
// established here by brute force, without signatures or boxes: the object is run on the cpu-naive
// oracle and each generation compared with the start moved by every shift of the torus; the first
// generation that equals a moved start gives the period and the displacement. Heat is counted over
// whole grids. Identify must then find the same.
#include "catlab/error.hpp"
#include "catlab/identify.hpp"
#include "catlab/pattern_file.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"
#include "support/grid_text.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace catlab {
namespace {

using testing::errorOf;
using testing::gridFromText;

Rule ruleOf(const std::string& text) { return parseRule(text).rule; }

// `pattern` (text rows) at (x, y) of an empty torus, wrapping.
Grid placed(const std::vector<std::string>& pattern, GridSize size, int x, int y) {
    const Grid cells = gridFromText(pattern);
    Grid grid(size);
    for (int j = 0; j < cells.height(); ++j)
        for (int i = 0; i < cells.width(); ++i) grid.at((x + i) % size.width, (y + j) % size.height) = cells.at(i, j);
    return grid;
}

Grid fromRle(const std::string& rle, GridSize size) { return placePattern(readPattern(rle, "test.rle"), size); }

bool movedBy(const Grid& from, const Grid& to, int dx, int dy) {
    for (int y = 0; y < from.height(); ++y)
        for (int x = 0; x < from.width(); ++x)
            if (to.wrappedAt(x + dx, y + dy) != from.at(x, y)) return false;
    return true;
}

struct Cycle {
    int period = 0, dx = 0, dy = 0;
    double heat = 0;
};

// The first generation 1..limit equal to `start` moved by some shift, the shortest shift, and the
// average number of cells changing per generation until then; nullopt when there is none.
std::optional<Cycle> bruteForceCycle(const Rule& rule, const Grid& start, int limit) {
    Simulator sim(rule, start, "cpu-naive");
    Grid previous = start;
    long long changed = 0;
    for (int p = 1; p <= limit; ++p) {
        sim.step();
        const Grid now = sim.snapshot();
        for (std::size_t i = 0; i < now.cells().size(); ++i) changed += now.cells()[i] != previous.cells()[i];
        previous = now;
        const int w = start.width(), h = start.height();
        for (int dy = -(h - 1) / 2; dy <= h / 2; ++dy)
            for (int dx = -(w - 1) / 2; dx <= w / 2; ++dx)
                if (movedBy(start, now, dx, dy)) return Cycle{p, dx, dy, double(changed) / p};
    }
    return std::nullopt;
}

// Runs both and compares; `kind` and (unless empty) `speed` as Identify should name them.
void expectIdentified(const std::string& ruleText, const Grid& start, IdentifyKind kind, const std::string& speed,
                      int limit = 200) {
    const Rule rule = ruleOf(ruleText);
    const std::optional<Cycle> truth = bruteForceCycle(rule, start, limit);
    ASSERT_TRUE(truth) << "no cycle within " << limit << " generations by brute force";
    IdentifyOptions options;
    options.backend = "cpu-naive";
    options.maxGenerations = limit;
    const IdentifyResult r = identify(rule, start, options);
    EXPECT_EQ(r.kind, kind) << identifyReport(r);
    EXPECT_EQ(r.cycleStart, 0u);
    EXPECT_EQ(r.period, std::uint64_t(truth->period));
    EXPECT_EQ(r.generations, std::uint64_t(truth->period));
    EXPECT_EQ(r.dx, truth->dx);
    EXPECT_EQ(r.dy, truth->dy);
    EXPECT_DOUBLE_EQ(r.heat, truth->heat);
    if (!speed.empty()) {
        EXPECT_EQ(speedText(r.dx, r.dy, r.period), speed);
    }
    const std::uint64_t population = start.population();
    EXPECT_LE(r.minPopulation, population);
    EXPECT_GE(r.maxPopulation, population);
}

const std::vector<std::string> kGlider = {".o.", "..o", "ooo"};
const std::vector<std::string> kLwss = {".o..o", "o....", "o...o", "oooo."};

TEST(Identify, LifeStillLifeAndOscillators) {
    expectIdentified("B3/S23", placed({"oo", "oo"}, {12, 10}, 4, 4), IdentifyKind::StillLife, "");
    expectIdentified("B3/S23", placed({"ooo"}, {12, 11}, 4, 5), IdentifyKind::Oscillator, "");
    const Grid pulsar = fromRle("x = 13, y = 13, rule = B3/S23\n2b3o3b3o2$o4bobo4bo$o4bobo4bo$o4bobo4bo$2b3o3b3o2$"
                                "2b3o3b3o$o4bobo4bo$o4bobo4bo$o4bobo4bo2$2b3o3b3o!",
                                {25, 23});
    expectIdentified("B3/S23", pulsar, IdentifyKind::Oscillator, "");
}

TEST(Identify, BlockDetails) {
    const IdentifyResult r = identify(ruleOf("B3/S23"), placed({"oo", "oo"}, {12, 10}, 4, 6), {"cpu", 10});
    EXPECT_EQ(r.kind, IdentifyKind::StillLife);
    EXPECT_EQ(r.period, 1u);
    EXPECT_EQ(r.box.x, 4);
    EXPECT_EQ(r.box.y, 6);
    EXPECT_EQ(r.box.width, 2);
    EXPECT_EQ(r.box.height, 2);
    EXPECT_EQ(r.minPopulation, 4u);
    EXPECT_EQ(r.maxPopulation, 4u);
    EXPECT_EQ(r.heat, 0.0);
    EXPECT_EQ(r.backend, "cpu");
}

TEST(Identify, LifeSpaceships) {
    expectIdentified("B3/S23", placed(kGlider, {20, 18}, 3, 4), IdentifyKind::Spaceship, "c/4 diagonal");
    expectIdentified("B3/S23", placed(kLwss, {24, 15}, 10, 5), IdentifyKind::Spaceship, "c/2 orthogonal");
    const IdentifyResult glider = identify(ruleOf("B3/S23"), placed(kGlider, {20, 18}, 3, 4), {"cpu", 10});
    EXPECT_EQ(headingText(glider.dx, glider.dy), "south-east");
    EXPECT_EQ(identifySummary(glider), "spaceship, c/4 diagonal, heading south-east, period 4");
    EXPECT_EQ(glider.heat, 4.0);
}

TEST(Identify, SpaceshipAcrossTheTorusEdge) {
    // Placed across the right and bottom edges, and run for many periods round a small torus.
    expectIdentified("B3/S23", placed(kGlider, {9, 8}, 8, 7), IdentifyKind::Spaceship, "c/4 diagonal");
    const IdentifyResult r = identify(ruleOf("B3/S23"), placed(kLwss, {13, 9}, 11, 7), {"cpu", 50});
    EXPECT_EQ(r.kind, IdentifyKind::Spaceship);
    EXPECT_EQ(r.dx, -2);
    EXPECT_EQ(r.dy, 0);
    EXPECT_EQ(r.period, 4u);
}

TEST(Identify, GenerationsSpaceship) {
    // Brian's Brain: two firing cells ahead of two refractory ones move one cell a generation.
    expectIdentified("/2/3", placed({"oo", "22"}, {16, 14}, 6, 6), IdentifyKind::Spaceship, "c orthogonal");
}

TEST(Identify, LargerThanLifeBugAndOscillator) {
    // A bug of Bosco's Rule (Golly's BugCollection.rle, Evans and Hickerson).
    const Grid bug = fromRle("x = 11, y = 10, rule = R5,C0,M1,S34..58,B34..45,NM\n"
                             "3b4o$2b7o$b9o$2o3b5o$o5b5o$o5b5o$2o3b5o$b9o$2b7o$3b4o!",
                             {61, 31});
    expectIdentified("R5,C0,M1,S34..58,B34..45,NM", bug, IdentifyKind::Spaceship, "", 100);
    const IdentifyResult r = identify(ruleOf("R5,C0,M1,S34..58,B34..45,NM"), bug, {"cpu", 100});
    EXPECT_TRUE(r.dx == 0 || r.dy == 0) << identifyReport(r);
    EXPECT_NE(speedText(r.dx, r.dy, r.period).find("orthogonal"), std::string::npos);

    const Pattern bosco = readPatternFile(std::string(CATLAB_TEST_DATA) + "/bosco.rle");
    expectIdentified("R5,C0,M1,S34..58,B34..45,NM", placePattern(bosco, {60, 30}), IdentifyKind::Oscillator, "", 200);
}

TEST(Identify, CycleStartingLater) {
    // An L tromino becomes a block at generation 1.
    const IdentifyResult r = identify(ruleOf("B3/S23"), placed({"oo", "o."}, {10, 10}, 3, 3), {"cpu", 10});
    EXPECT_EQ(r.kind, IdentifyKind::StillLife);
    EXPECT_EQ(r.cycleStart, 1u);
    EXPECT_EQ(r.generations, 2u);
    EXPECT_EQ(r.minPopulation, 4u);
}

TEST(Identify, DiesOut) {
    const IdentifyResult r = identify(ruleOf("B3/S23"), placed({"oo"}, {10, 10}, 3, 3), {"cpu", 10});
    EXPECT_EQ(r.kind, IdentifyKind::DiesOut);
    EXPECT_EQ(r.cycleStart, 1u);
    EXPECT_NE(identifyReport(r).find("dies out at generation 1"), std::string::npos);
    EXPECT_EQ(identify(ruleOf("B3/S23"), Grid({10, 10}), {"cpu", 10}).cycleStart, 0u);
}

TEST(Identify, NoCycleWithinTheLimit) {
    const IdentifyResult r = identify(ruleOf("B3/S23"), placed(kGlider, {20, 20}, 3, 3), {"cpu", 3});
    EXPECT_EQ(r.kind, IdentifyKind::NoCycle);
    EXPECT_EQ(r.generations, 3u);
    EXPECT_EQ(r.maxPopulation, 5u);
    EXPECT_NE(identifyReport(r).find("no cycle within 3 generations"), std::string::npos);
}

TEST(Identify, BadLimitsAndBackendsAreRefused) {
    const Grid block = placed({"oo", "oo"}, {10, 10}, 3, 3);
    EXPECT_NE(errorOf([&] { identify(ruleOf("B3/S23"), block, {"cpu", 0}); }).find("must be 1.."), std::string::npos);
    EXPECT_NE(errorOf([&] {
                  identify(ruleOf("B3/S23"), block, {"turbo", 5});
              }).find("unknown backend 'turbo'"),
              std::string::npos);
}

TEST(IdentifyText, SpeedsAsGollyWritesThem) {
    EXPECT_EQ(speedText(1, 1, 4), "c/4 diagonal");
    EXPECT_EQ(speedText(-2, 0, 4), "c/2 orthogonal");
    EXPECT_EQ(speedText(0, 2, 5), "2c/5 orthogonal");
    EXPECT_EQ(speedText(2, -1, 6), "(2,1)c/6 oblique");
    EXPECT_EQ(speedText(-1, 2, 6), "(2,1)c/6 oblique");
    EXPECT_EQ(speedText(4, 2, 12), "(2,1)c/6 oblique");
    EXPECT_EQ(speedText(0, -1, 1), "c orthogonal");
    EXPECT_EQ(speedText(3, 3, 3), "c diagonal");
    EXPECT_EQ(headingText(0, -1), "north");
    EXPECT_EQ(headingText(-1, 1), "south-west");
    EXPECT_EQ(headingText(2, -1), "east-north-east");
    EXPECT_EQ(headingText(-1, -2), "north-north-west");
}

TEST(IdentifyText, JsonHasTheFacts) {
    const IdentifyResult r = identify(ruleOf("B3/S23"), placed(kGlider, {20, 18}, 3, 4), {"cpu", 10});
    const std::string json = identifyJson(r);
    EXPECT_NE(json.find("\"type\": \"spaceship\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"period\": 4"), std::string::npos) << json;
    EXPECT_NE(json.find("\"speed\": \"c/4 diagonal\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"heat\": {\"average\": 4"), std::string::npos) << json;
}

} // namespace
} // namespace catlab
