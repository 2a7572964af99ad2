// The `cpu` backend against the `cpu-naive` oracle: full grids, cell for cell, generation after generation.
#include "catlab/backend_registry.hpp"
#include "catlab/grid.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/presets.hpp"
#include "catlab/rule.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

namespace catlab {
namespace {

constexpr int kSteps = 100;

// Compares whole grids; a failure names the rule, the generation and the first differing cell.
::testing::AssertionResult sameGrid(const Rule& rule, const Grid& got, const Grid& want, std::uint64_t generation) {
    const long long i = firstDifference(got, want);
    if (i < 0) return ::testing::AssertionSuccess();
    const int w = got.width();
    return ::testing::AssertionFailure() << rule.format() << " on " << formatGridSize(got.size())
                                         << ": first difference at generation " << generation << ", cell (" << i % w
                                         << ", " << i / w << "): cpu " << int(got.cells()[std::size_t(i)])
                                         << ", cpu-naive " << int(want.cells()[std::size_t(i)]);
}

// Runs `cpu` and the `cpu-naive` oracle from the same start and compares the whole grids after every
// generation, so that a pattern dying out later cannot hide an early difference.
::testing::AssertionResult matchesOracle(const Rule& rule, const Grid& start, int steps = kSteps) {
    Simulator fast(rule, start, "cpu");
    Simulator oracle(rule, start, "cpu-naive");
    for (int g = 1; g <= steps; ++g) {
        fast.step(1);
        oracle.step(1);
        if (auto same = sameGrid(rule, fast.snapshot(), oracle.snapshot(), fast.generation()); !same) return same;
    }
    if (fast.population() != oracle.population())
        return ::testing::AssertionFailure() << rule.format() << ": populations differ";
    return ::testing::AssertionSuccess();
}

// The same from a random start.
::testing::AssertionResult matchesOracle(const Rule& rule, GridSize size, double density, int steps = kSteps,
                                         std::uint64_t seed = 7) {
    Grid start(size);
    fillRandom(start, density, seed);
    return matchesOracle(rule, start, steps);
}

// Where a hundred oracle generations would take minutes (radius 64 and beyond): `cpu` runs every
// generation, and the oracle recomputes the listed ones, each from cpu's own previous state.
::testing::AssertionResult matchesOracleAt(const Rule& rule, GridSize size, double density, int steps,
                                           const std::vector<int>& checkedGenerations, std::uint64_t seed = 7) {
    Grid start(size);
    fillRandom(start, density, seed);
    Simulator fast(rule, start, "cpu");
    Simulator oracle(rule, start, "cpu-naive");
    for (int g = 1; g <= steps; ++g) {
        const bool check =
            std::find(checkedGenerations.begin(), checkedGenerations.end(), g) != checkedGenerations.end();
        if (check) oracle.load(fast.snapshot());
        fast.step(1);
        if (!check) continue;
        oracle.step(1);
        if (auto same = sameGrid(rule, fast.snapshot(), oracle.snapshot(), fast.generation()); !same) return same;
    }
    return ::testing::AssertionSuccess();
}

// A rule that stays busy from a random start on a torus barely wider than its neighbourhood, whatever
// the radius and shape (single-interval rules like Bosco's die out there within a few generations):
// birth and survival alternate in eight bands each, about sqrt(N)/1.4 counts wide, around the typical
// count. The alternation keeps the density from collapsing, and band edges throughout the typical range
// make a wrong count show. With decay fewer cells are alive, so the bands sit lower.
Rule bandedRule(int radius, Neighbourhood n, bool includeCentre, int states) {
    Rule rule;
    rule.radius = radius;
    rule.neighbourhood = n;
    rule.includeCentre = includeCentre;
    rule.states = states;
    const int size = rule.neighbourhoodSize();
    const int middle = int(std::lround(size * (states > 2 ? 0.15 : 0.5)));
    const int width = std::max(1, int(std::lround(0.7 * std::sqrt(double(size)))));
    auto band = [&](int lo) { return Interval{std::clamp(lo, 0, size), std::clamp(lo + width - 1, 0, size)}; };
    std::vector<Interval> birth, survival;
    for (int k = 0; k < 8; ++k) {
        const int lo = middle + (2 * k - 8) * width;
        birth.push_back(band(lo));
        survival.push_back(band(lo + width));
    }
    rule.birth = CountSet(birth);
    rule.survival = CountSet(survival);
    rule.validate();
    return rule;
}

struct Case {
    int radius;
    Neighbourhood neighbourhood;
    bool includeCentre;
    int states;
};

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    const Case& c = info.param;
    const char* shape = c.neighbourhood == Neighbourhood::Moore        ? "Moore"
                        : c.neighbourhood == Neighbourhood::VonNeumann ? "VonNeumann"
                                                                       : "Circular";
    std::ostringstream name;
    name << 'R' << c.radius << '_' << shape << (c.includeCentre ? "_CentreIn_" : "_CentreOut_") << c.states << "States";
    return name.str();
}

// Non-aligned grids while the oracle is cheap, grids a little over the smallest allowed (2r + 1) once it is
// not. Not exactly 2r + 1 for Moore: there every cell would see the whole torus and all counts would be equal.
GridSize gridFor(int radius) {
    if (radius <= 3) return {131, 97};
    if (radius <= 8) return {83, 61};
    if (radius <= 16) return {2 * radius + 8, 2 * radius + 3};
    if (radius <= 32) return {2 * radius + 9, 2 * radius + 5};
    return {2 * radius + 21, 2 * radius + 11};
}

constexpr Neighbourhood kShapes[] = {Neighbourhood::Moore, Neighbourhood::VonNeumann, Neighbourhood::Circular};

std::vector<Case> smallRadiusCases() {
    std::vector<Case> cases;
    for (int r : {1, 2, 3, 5, 8, 13, 16})
        for (Neighbourhood n : kShapes)
            for (bool centre : {false, true})
                for (int states : {2, 5}) cases.push_back({r, n, centre, states});
    return cases;
}

std::vector<Case> largeRadiusCases() {
    std::vector<Case> cases;
    for (int r : {32, 64})
        for (Neighbourhood n : kShapes)
            for (bool centre : {false, true}) cases.push_back({r, n, centre, 2});
    return cases;
}

// Every shape, centre in and out, 2 and 5 states: a hundred generations, every one compared.
class CpuMatchesNaive : public ::testing::TestWithParam<Case> {};

TEST_P(CpuMatchesNaive, EveryGeneration) {
    const Case& c = GetParam();
    EXPECT_TRUE(
        matchesOracle(bandedRule(c.radius, c.neighbourhood, c.includeCentre, c.states), gridFor(c.radius), 0.5));
}

INSTANTIATE_TEST_SUITE_P(SmallRadii, CpuMatchesNaive, ::testing::ValuesIn(smallRadiusCases()), caseName);

// A hundred generations of the oracle cost about a second at radius 32 but 6 to 30 s at radius 64. So
// radius 32 compares every generation with the centre excluded and radius 64 does so for von Neumann on
// the smallest grid allowed (the cheapest), while the other cases run `cpu` for a hundred generations
// and have the oracle recompute generations 1, 2, 3, 50, 99 and 100 from cpu's states.
bool comparesEveryGeneration(const Case& c) {
    return c.radius <= 32 ? !c.includeCentre : c.neighbourhood == Neighbourhood::VonNeumann && !c.includeCentre;
}

GridSize largeGridFor(const Case& c) {
    return c.radius == 64 && comparesEveryGeneration(c) ? GridSize{129, 129} : gridFor(c.radius);
}

class CpuMatchesNaiveLarge : public ::testing::TestWithParam<Case> {};

TEST_P(CpuMatchesNaiveLarge, HundredGenerations) {
    const Case& c = GetParam();
    const Rule rule = bandedRule(c.radius, c.neighbourhood, c.includeCentre, c.states);
    if (comparesEveryGeneration(c))
        EXPECT_TRUE(matchesOracle(rule, largeGridFor(c), 0.5));
    else
        EXPECT_TRUE(matchesOracleAt(rule, largeGridFor(c), 0.5, kSteps, {1, 2, 3, 50, 99, 100}));
}

INSTANTIATE_TEST_SUITE_P(LargeRadii, CpuMatchesNaiveLarge, ::testing::ValuesIn(largeRadiusCases()), caseName);

TEST(CpuBackend, TestRulesStayBusy) {
    // The comparisons above prove little if the patterns die or freeze: check (with cpu alone) that they do not.
    std::vector<std::pair<Case, GridSize>> cases;
    for (const Case& c : smallRadiusCases()) cases.push_back({c, gridFor(c.radius)});
    for (const Case& c : largeRadiusCases()) cases.push_back({c, largeGridFor(c)});
    for (const auto& [c, size] : cases) {
        const Rule rule = bandedRule(c.radius, c.neighbourhood, c.includeCentre, c.states);
        Grid start(size);
        fillRandom(start, 0.5, 7);
        Simulator sim(rule, start, "cpu");
        sim.step(kSteps - 1);
        const Grid before = sim.snapshot();
        sim.step(1);
        EXPECT_GT(sim.population(), 0u) << rule.format();
        EXPECT_NE(firstDifference(before, sim.snapshot()), -1) << rule.format() << " froze";
    }
}

TEST(CpuBackend, IsRegisteredForAnyRule) {
    const BackendInfo& info = BackendRegistry::instance().find("cpu");
    EXPECT_EQ(info.rulesSummary, "any rule");
    EXPECT_FALSE(info.unavailableReason());
    EXPECT_FALSE(info.unsupportedReason(bandedRule(500, Neighbourhood::Circular, true, 256)));
}

TEST(CpuBackend, MatchesEveryPreset) {
    for (const Preset& p : presets()) {
        const int side = 2 * p.rule.radius + 1;
        const GridSize size{std::max(side + 6, 67), std::max(side + 1, 53)};
        EXPECT_TRUE(matchesOracle(p.rule, size, p.density)) << "preset " << p.id;
    }
}

TEST(CpuBackend, CountsInSeveralIntervals) {
    const Rule rule = parseRule("R3,C0,S3,5-8,10,B4,6-8,20-30,NM").rule;
    ASSERT_EQ(rule.survival.intervals().size(), 3u);
    EXPECT_TRUE(matchesOracle(rule, {131, 97}, 0.3));
    Rule generations = rule;
    generations.states = 4;
    generations.includeCentre = true;
    EXPECT_TRUE(matchesOracle(generations, {97, 131}, 0.3));
}

TEST(CpuBackend, MoreIntervalsThanTheVectorKernelTests) {
    // Every odd count: 20 intervals, more than the interval tests take, so the rule is read from tables.
    std::vector<Interval> odd;
    for (int c = 1; c <= 40; c += 2) odd.push_back({c, c});
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::Circular}) {
        Rule rule;
        rule.radius = 3;
        rule.neighbourhood = n;
        rule.survival = CountSet(odd);
        rule.birth = CountSet({{9, 12}, {14, 14}, {16, 19}});
        for (int states : {2, 3}) {
            rule.states = states;
            EXPECT_TRUE(matchesOracle(rule, {61, 45}, 0.5));
        }
    }
}

TEST(CpuBackend, EmptyBirthSet) {
    Rule rule = parseRule("R2,C0,S4-8,10-14,B,NM").rule;
    ASSERT_TRUE(rule.birth.empty());
    EXPECT_TRUE(matchesOracle(rule, {131, 97}, 0.6));
    rule.states = 3;
    rule.neighbourhood = Neighbourhood::VonNeumann;
    rule.survival = CountSet({{2, 6}});
    EXPECT_TRUE(matchesOracle(rule, {131, 97}, 0.6));
}

TEST(CpuBackend, AllTwoHundredFiftySixStates) {
    // A dying cell ages through 2 .. 255 and then dies: 256 generations to see the last step.
    Rule rule = parseRule("R1,C256,M0,S2..3,B3..3,NM").rule;
    ASSERT_EQ(rule.states, 256);
    EXPECT_TRUE(matchesOracle(rule, {41, 37}, 0.4, 300));
}

TEST(CpuBackend, ThinGrids) {
    // The smallest side on one axis and a long one on the other: pads as wide as the grid.
    for (Neighbourhood n : kShapes) {
        EXPECT_TRUE(matchesOracle(bandedRule(4, n, false, 2), {9, 150}, 0.5));
        EXPECT_TRUE(matchesOracle(bandedRule(4, n, true, 5), {150, 9}, 0.5));
        EXPECT_TRUE(matchesOracle(bandedRule(1, n, false, 2), {3, 3}, 0.5));
        EXPECT_TRUE(matchesOracle(bandedRule(7, n, true, 2), {15, 15}, 0.5));
    }
}

TEST(CpuBackend, TallGridsInManyBands) {
    // Tall enough for more bands than threads (bands are at least 64 rows): threads take bands in turn.
    for (Neighbourhood n : kShapes) {
        EXPECT_TRUE(matchesOracle(bandedRule(2, n, false, 2), {37, 700}, 0.5));
        EXPECT_TRUE(matchesOracle(bandedRule(3, n, true, 5), {23, 515}, 0.5));
    }
}

// A random box in an otherwise empty torus: most rows have no live cell within reach, and `cpu` writes
// them without counting. Decaying cells there must still age, and a rule with birth at 0 fills them.
Grid sparseStart(GridSize size, int boxX, int boxY, int boxSide) {
    Grid start(size);
    fillRandom(start, 0.5, 5);
    for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x)
            if (x < boxX || x >= boxX + boxSide || y < boxY || y >= boxY + boxSide) start.at(x, y) = 0;
    return start;
}

TEST(CpuBackend, SparsePatterns) {
    // Boxes in the middle, across the torus's seam and in a corner.
    const Grid starts[] = {sparseStart({90, 301}, 30, 130, 24), sparseStart({90, 301}, 80, 290, 24),
                           sparseStart({90, 301}, 0, 0, 16)};
    for (const Grid& start : starts) {
        EXPECT_TRUE(matchesOracle(parseRule("R5,C0,M1,S34..58,B34..45,NM").rule, start));
        EXPECT_TRUE(matchesOracle(parseRule("R4,C6,M0,S10..30,B12..20,NM").rule, start)); // decaying cells
        EXPECT_TRUE(matchesOracle(parseRule("R3,C0,M0,S5..12,B6..9,NN").rule, start));
        EXPECT_TRUE(matchesOracle(parseRule("R3,C4,M1,S10..30,B12..20,NC").rule, start));
        EXPECT_TRUE(matchesOracle(parseRule("R2,C0,M0,S3..8,B0..2,NM").rule, start, 20)); // birth at count 0
    }
}

TEST(CpuBackend, ThirtyTwoBitCounts) {
    // Radius 128 Moore has 257^2 = 66049 cells, more than 16-bit counts hold. From a nearly full start every
    // count is above 65535 and the rule's bands sit there, so a count kept modulo 2^16 would show at once.
    // The oracle takes seconds a generation here: one generation.
    Rule rule;
    rule.radius = 128;
    rule.survival = CountSet({{65870, 65880}, {65886, 65895}}); // around 0.9975 * 66049 = 65884
    rule.birth = CountSet({{65875, 65890}});
    Grid start({257, 258});
    fillRandom(start, 0.9975, 11);
    Simulator fast(rule, start, "cpu");
    Simulator oracle(rule, start, "cpu-naive");
    fast.step(1);
    oracle.step(1);
    const Grid got = fast.snapshot(), want = oracle.snapshot();
    EXPECT_TRUE(sameGrid(rule, got, want, 1));
    EXPECT_GT(want.population(), 0u);
    EXPECT_NE(firstDifference(start, want), -1) << "the generation changed nothing";
}

TEST(CpuBackend, StepsAfterReconfiguring) {
    // Simulator::setRule reconfigures the same backend: the new rule's kernels must replace the old ones.
    Grid start({101, 77});
    fillRandom(start, 0.5, 3);
    Simulator fast(bandedRule(3, Neighbourhood::Moore, false, 2), start, "cpu");
    Simulator oracle(bandedRule(3, Neighbourhood::Moore, false, 2), start, "cpu-naive");
    fast.step(10);
    oracle.step(10);
    const Rule next = bandedRule(6, Neighbourhood::VonNeumann, true, 5);
    fast.setRule(next);
    oracle.setRule(next);
    fast.step(40);
    oracle.step(40);
    EXPECT_TRUE(sameGrid(next, fast.snapshot(), oracle.snapshot(), 50));
}

} // namespace
} // namespace catlab
