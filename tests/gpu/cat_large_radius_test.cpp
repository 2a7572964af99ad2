// `cat` at every band-fragment count (radius 1..127: one more band fragment per 16 of radius, 8-bit
// products) against the cpu-naive oracle: odd grids, centre in and out, 2 and more states, a hundred generations;
// the top of the count range at the largest radius; switching; and the refusals past its limits.
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace catlab {
namespace {

constexpr int kSteps = 100;
constexpr int kLargestRadius = 127;

std::optional<std::string> skipReason() { return BackendRegistry::instance().find("cat").unavailableReason(); }

// Generations after which the whole grid is compared; empty: every one.
using Checked = std::vector<int>;

struct Case {
    int radius;
    bool includeCentre;
    int states;
    GridSize size;
    double bandWidth; // band width in units of sqrt(N)
    Checked checked;
};

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
    const Case& c = info.param;
    std::ostringstream name;
    name << 'R' << c.radius << (c.includeCentre ? "_CentreIn_" : "_CentreOut_") << c.states << "States_" << c.size.width
         << 'x' << c.size.height;
    return name.str();
}

// A rule that stays busy from a random start on a torus not much wider than its neighbourhood: birth and
// survival alternate in 16 bands each around the live fraction such a rule settles at (1/2 for two states,
// 2 / (C + 2) with C states, where live cells that do not survive decay through C - 2 states). Band edges
// throughout the typical counts make any wrong count show.
Rule busyRule(const Case& c) {
    return testing::bandedRule(c.radius, Neighbourhood::Moore, c.includeCentre, c.states,
                               {16, 2.0 / (c.states + 2), c.bandWidth});
}

// A start near the busy rule's steady mix: with C > 2 states, states 0 and 1 take 2 / (C + 2) of the
// cells each and every decaying state 1 / (C + 2) (a start of live and dead cells alone swings the live
// fraction out of the bands within two generations at large radii).
Grid startFor(const Case& c) {
    Grid g(c.size);
    if (c.states == 2) {
        fillRandom(g, 0.5, 20261123);
        return g;
    }
    for (int y = 0; y < c.size.height; ++y)
        for (int x = 0; x < c.size.width; ++x) {
            std::uint64_t h = (std::uint64_t(y) << 32 | std::uint64_t(x)) * 0x9E3779B97F4A7C15ull + 20261123;
            h = (h ^ (h >> 31)) * 0xBF58476D1CE4E5B9ull;
            h ^= h >> 29;
            const int bucket = int(h % std::uint64_t(c.states + 2)); // 0,1 -> 0; 2,3 -> 1; k -> k - 2
            g.at(x, y) = Cell(bucket < 2 ? 0 : bucket < 4 ? 1 : bucket - 2);
        }
    return g;
}

// Grids: every side odd or at least not a multiple of 16, and only a little over the smallest allowed
// (2r + 1) at large radii, where the oracle costs (2r + 1)^2 per cell. Every generation is compared up
// to r = 48; at r = 64 and 127 (a second of the oracle's time per generation on 16 cores) some cases have
// `cat` run a hundred generations and the oracle recompute the listed ones, each from cat's previous state.
std::vector<Case> cases() {
    const Checked sampled{1, 2, 3, 50, 99, 100};
    // One band fragment on each side (r <= 16) first; 45 x 1101 is taller than one block walks (64
    // fragment rows).
    return {
        {2, true, 2, {131, 97}, 0.7, {}},          {5, false, 3, {83, 61}, 0.7, {}},
        {16, true, 2, {67, 53}, 0.7, {}},          {16, false, 5, {61, 59}, 0.7, {}},
        {17, false, 2, {131, 97}, 0.7, {}},        {17, true, 5, {43, 39}, 0.7, {}},
        {20, false, 2, {45, 1101}, 0.7, {}},       {24, true, 3, {97, 131}, 0.7, {}},
        {31, false, 2, {71, 67}, 0.7, {}},         {32, true, 2, {73, 69}, 0.7, {}},
        {32, false, 4, {101, 83}, 0.7, {}},        {33, false, 2, {87, 77}, 0.7, {}},
        {33, true, 3, {87, 77}, 0.7, {}},          {48, true, 2, {117, 107}, 0.7, {}},
        {48, false, 5, {117, 107}, 1.0, {}},       {64, false, 2, {149, 139}, 0.7, {}},
        {64, true, 4, {149, 139}, 1.0, sampled},   {127, true, 2, {275, 265}, 0.7, sampled},
        {127, false, 3, {275, 265}, 1.0, sampled},
    };
}

std::string sizeText(GridSize s) { return std::to_string(s.width) + "x" + std::to_string(s.height); }

::testing::AssertionResult sameGrid(const Rule& rule, const Grid& got, const Grid& want, std::uint64_t generation) {
    const long long i = firstDifference(got, want);
    if (i < 0) return ::testing::AssertionSuccess();
    const int w = got.width();
    return ::testing::AssertionFailure() << rule.format() << " on " << sizeText(got.size())
                                         << ": first difference at generation " << generation << ", cell (" << i % w
                                         << ", " << i / w << "): cat " << int(got.cells()[std::size_t(i)])
                                         << ", cpu-naive " << int(want.cells()[std::size_t(i)]);
}

// `cat` for `steps` generations; the oracle follows it and the grids are compared after each checked
// generation (every one when `checked` is empty).
::testing::AssertionResult matchesOracle(const Rule& rule, const Grid& start, int steps, const Checked& checked) {
    Simulator cat(rule, start, "cat");
    Simulator oracle(rule, start, "cpu-naive");
    for (int g = 1; g <= steps; ++g) {
        const bool every = checked.empty();
        const bool check = every || std::find(checked.begin(), checked.end(), g) != checked.end();
        if (!every && check) oracle.load(cat.snapshot());
        cat.step(1);
        if (!check) continue;
        oracle.step(1);
        if (auto same = sameGrid(rule, cat.snapshot(), oracle.snapshot(), cat.generation()); !same) return same;
    }
    if (cat.population() != oracle.population())
        return ::testing::AssertionFailure() << rule.format() << ": populations differ";
    return ::testing::AssertionSuccess();
}

class CatMatchesNaive : public ::testing::TestWithParam<Case> {};

TEST_P(CatMatchesNaive, HundredGenerations) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Case& c = GetParam();
    EXPECT_TRUE(matchesOracle(busyRule(c), startFor(c), kSteps, c.checked));
}

INSTANTIATE_TEST_SUITE_P(CatLargeRadius, CatMatchesNaive, ::testing::ValuesIn(cases()), caseName);

// The comparisons prove little if the patterns die or freeze: check (with `cpu` alone, no GPU needed)
// that every case is still alive and changing after a hundred generations.
TEST(CatLargeRadius, TestPatternsStayBusy) {
    for (const Case& c : cases()) {
        const Rule rule = busyRule(c);
        Simulator sim(rule, startFor(c), "cpu");
        sim.step(kSteps - 1);
        const Grid before = sim.snapshot();
        sim.step(1);
        EXPECT_GT(sim.population(), c.size.width * c.size.height / 20u) << rule.format();
        EXPECT_NE(firstDifference(before, sim.snapshot()), -1) << rule.format() << " froze";
    }
}

// The largest counts at the largest radius: a full grid but for three dead cells, so the horizontal sums
// reach 2r + 1 = 255 (the most an 8-bit operand holds) and the counts (2r + 1)^2 and the three below it
// tell regions apart; survival and birth pick single counts among them.
TEST(CatLargeRadius, TopOfTheCountRangeAtTheLargestRadius) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    Rule rule;
    rule.radius = kLargestRadius;
    rule.includeCentre = true;
    const int n = rule.neighbourhoodSize();
    ASSERT_EQ(n, 255 * 255);
    rule.survival = CountSet({{n - 2, n - 2}, {n, n}});
    rule.birth = CountSet({{n - 1, n - 1}});
    Grid start({259, 263});
    for (Cell& cell : start.cells()) cell = 1;
    start.at(3, 5) = 0;
    start.at(130, 140) = 0;
    start.at(257, 261) = 0;
    EXPECT_TRUE(matchesOracle(rule, start, 2, {}));
    Simulator oracle(rule, start, "cpu-naive");
    oracle.step(1);
    const std::uint64_t population = oracle.population();
    EXPECT_GT(population, 0u);
    EXPECT_LT(population, std::uint64_t(259 * 263 - 3)) << "generation 1 should mix survivors and deaths";
}

TEST(CatLargeRadius, RefusesBeyondItsLimits) {
#ifndef CATLAB_HAVE_CUDA
    GTEST_SKIP() << "built without CUDA: cat's limits are part of its CUDA code";
#endif
    const BackendSpec& info = BackendRegistry::instance().find("cat");
    EXPECT_NE(info.rulesSummary.find("1..127"), std::string::npos) << info.rulesSummary;
    Case largest{kLargestRadius, true, 3, {275, 265}, 0.7, {}};
    EXPECT_FALSE(info.unsupportedReason(busyRule(largest)));

    Case beyond = largest;
    beyond.radius = kLargestRadius + 1;
    const Rule tooWide = busyRule(beyond);
    const auto why = info.unsupportedReason(tooWide);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("1..127"), std::string::npos) << *why;

    for (Neighbourhood shape : {Neighbourhood::VonNeumann, Neighbourhood::Circular}) {
        Rule rule = busyRule({24, false, 2, {97, 131}, 0.7, {}});
        rule.neighbourhood = shape;
        const auto notMoore = info.unsupportedReason(rule);
        ASSERT_TRUE(notMoore) << toString(shape);
        EXPECT_NE(notMoore->find("Moore"), std::string::npos) << *notMoore;
    }

    if (skipReason()) return; // the rest needs a device
    try {
        Simulator sim(tooWide, startFor(beyond), "cat");
        ADD_FAILURE() << "cat accepted " << tooWide.format();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("1..127"), std::string::npos) << e.what();
    }
}

// Switching to and from cat mid-run at a radius of three band fragments gives the oracle's grid.
TEST(CatLargeRadius, SwitchingMidRunMatchesOracle) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Case c{40, false, 3, {101, 91}, 0.7, {}};
    const Rule rule = busyRule(c);
    Simulator oracle(rule, startFor(c), "cpu-naive");
    oracle.step(kSteps);
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"cat", "cpu"}, {"cpu", "cat"}}) {
        SCOPED_TRACE(from + " -> " + to);
        Simulator sim(rule, startFor(c), from);
        sim.step(kSteps / 2);
        sim.switchBackend(to);
        sim.step(kSteps - kSteps / 2);
        EXPECT_TRUE(sameGrid(rule, sim.snapshot(), oracle.snapshot(), kSteps));
    }
}

// Tiny grids and few steps at two and eight band fragments: quick enough for compute-sanitizer.
TEST(CatLargeRadius, SanitizerSmoke) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    for (const Case& c : {Case{20, true, 3, {45, 43}, 0.7, {}}, Case{kLargestRadius, false, 2, {257, 259}, 0.7, {}}}) {
        SCOPED_TRACE(caseName({c, 0}));
        EXPECT_TRUE(matchesOracle(busyRule(c), startFor(c), c.radius == kLargestRadius ? 1 : 2, {}));
    }
}

} // namespace
} // namespace catlab
