// boxsum beyond the shared GPU suite: radii past 16 (to 500), von Neumann at radii 1..6 (the small
// lines kernel's diamond and the switch to the von Neumann kernel) and with more states at large radii,
// the cross, saltire, star and hash at radii 1..500 and the checkerboards to 16, across backend switches
// too, widths around word boundaries, a grid taller than a launch grid is high, and what it refuses.
// Radii up to 100 are checked against cpu-naive; at 250 and 500 the direct count is too slow, and the
// O(1) `cpu` backend (itself checked against cpu-naive in the CPU tests) is the reference.
#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "support/scoped_environment.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace catlab {
namespace {

std::optional<std::string> skipReason() { return BackendRegistry::instance().find("boxsum").unavailableReason(); }

Grid startingState(GridSize size, int states) {
    Grid g(size);
    fillRandom(g, 0.33, 4242);
    if (states > 2) // decaying cells too, so every state's transition is exercised from the first step
        for (std::size_t i = 0; i < g.cells().size(); i += 5)
            if (g.cells()[i] == 0) g.cells()[i] = Cell(2 + (i / 5) % std::size_t(states - 2));
    return g;
}

// Every generation of boxsum equals the reference's.
void expectSameGenerations(const Rule& rule, GridSize size, int generations, const char* reference) {
    SCOPED_TRACE(rule.format() + " on " + std::to_string(size.width) + "x" + std::to_string(size.height) + " against " +
                 reference);
    const Grid start = startingState(size, rule.states);
    Simulator boxsum(rule, start, "boxsum");
    Simulator expected(rule, start, reference);
    EXPECT_EQ(firstDifference(boxsum.snapshot(), start), -1) << "load/store";
    for (int g = 1; g <= generations; ++g) {
        boxsum.step();
        expected.step();
        const Grid want = expected.snapshot();
        const long long diff = firstDifference(boxsum.snapshot(), want);
        ASSERT_EQ(diff, -1) << "generation " << g << ": first difference at (" << diff % size.width << ", "
                            << diff / size.width << ")";
        EXPECT_EQ(boxsum.population(), expected.population()) << "generation " << g;
        if (g == 1) {
            EXPECT_GT(want.population(), std::uint64_t(size.width) * std::uint64_t(size.height) / 50)
                << "generation 1 should be busy";
        }
    }
}

Rule scaled(int r, Neighbourhood n, bool centre, int states) { return testing::scaledRule(r, n, centre, states); }

// Moore sets ending at the mean count of startingState(size) (testing::setsEndingAtTheMean).
Rule nearTheMean(int r, bool centre, GridSize size) {
    const double density = double(startingState(size, 2).population()) / (double(size.width) * size.height);
    return testing::setsEndingAtTheMean(scaled(r, Neighbourhood::Moore, centre, 2), density);
}

class BoxsumTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    }
};

// The mid Moore kernels' SameFloor variants (testing::oneFloorRule).
TEST_F(BoxsumTest, SameFloorRulesMatchOracle) {
    expectSameGenerations(testing::oneFloorRule(40), {1171, 181}, 3, "cpu-naive"); // byte column sums
    expectSameGenerations(testing::oneFloorRule(300), {4300, 1300}, 2, "cpu");     // relative, blocks side by side
}

TEST_F(BoxsumTest, MooreLargeRadiiMatchOracle) {
    expectSameGenerations(scaled(17, Neighbourhood::Moore, false, 2), {71, 53}, 6, "cpu-naive");
    expectSameGenerations(scaled(31, Neighbourhood::Moore, true, 2), {67, 81}, 4, "cpu-naive");
    expectSameGenerations(scaled(64, Neighbourhood::Moore, false, 2), {131, 149}, 3, "cpu-naive");
    expectSameGenerations(scaled(100, Neighbourhood::Moore, true, 2), {203, 211}, 2, "cpu-naive");
}

// The mid kernel (radius 17..127, byte column sums): each end of its range, several column groups and
// strips, general count sets, open and empty sets.
TEST_F(BoxsumTest, MooreMidRadiiMatchOracle) {
    expectSameGenerations(scaled(33, Neighbourhood::Moore, true, 2), {2113, 97}, 3, "cpu-naive");
    expectSameGenerations(scaled(127, Neighbourhood::Moore, false, 2), {263, 257}, 2, "cpu-naive");
    expectSameGenerations(scaled(50, Neighbourhood::Moore, false, 2), {1201, 1503}, 2, "cpu");
    expectSameGenerations(parseRule("R40,C0,M1,S2000..2150,2250..2400,B1900..2100,2200..2300,NM").rule, {171, 181}, 3,
                          "cpu-naive");
    expectSameGenerations(parseRule("R21,C0,M0,S,B610..1848,NM").rule, {97, 89}, 3, "cpu-naive");
}

TEST_F(BoxsumTest, MooreLargestRadiiMatchFastCpu) {
    expectSameGenerations(scaled(250, Neighbourhood::Moore, false, 2), {503, 517}, 3, "cpu");
    expectSameGenerations(scaled(500, Neighbourhood::Moore, true, 2), {1003, 1009}, 3, "cpu");
    expectSameGenerations(scaled(128, Neighbourhood::Moore, false, 2), {389, 263}, 3, "cpu"); // past byte column sums
}

// Column sums past bytes (r > 127), 16-bit and relative to each chunk's row before, over grids tall enough
// that a device's strips hold several chunks of 32 rows (after a strip's first chunk each row's first count
// comes from the row above, or each cell's from the chunk before, kept in two buffers or a ring), with
// counts near the sets' ends.
TEST_F(BoxsumTest, WideColumnsOverStripsOfSeveralChunks) {
    for (const char* columns :
         {"midDeltaColumns=0", "midDeltaColumns=1,midDeltaCountRing=0", "midDeltaColumns=1,midDeltaCountRing=1"}) {
        const testing::ScopedEnvironmentVariable tuning("CATLAB_BOXSUM_TUNING", columns);
        SCOPED_TRACE(columns);
        for (int r : {128, 240, 300, 500}) {
            const GridSize size{2 * r + 133, 12000};
            expectSameGenerations(nearTheMean(r, r == 300, size), size, 2, "cpu");
        }
        // Grids wider than a block: blocks side by side, each with its halo.
        for (int r : {256, 351, 500}) {
            const GridSize size{4000 + r, 2 * r + 700};
            expectSameGenerations(nearTheMean(r, r != 351, size), size, 2, "cpu");
        }
    }
}

TEST_F(BoxsumTest, VonNeumannLargeRadii) {
    expectSameGenerations(scaled(40, Neighbourhood::VonNeumann, false, 2), {97, 89}, 4, "cpu-naive");
    expectSameGenerations(scaled(100, Neighbourhood::VonNeumann, true, 2), {211, 203}, 2, "cpu-naive");
    expectSameGenerations(scaled(250, Neighbourhood::VonNeumann, false, 2), {517, 503}, 3, "cpu");
    expectSameGenerations(scaled(500, Neighbourhood::VonNeumann, true, 2), {1009, 1003}, 3, "cpu");
}

TEST_F(BoxsumTest, MoreStatesLargeRadii) {
    expectSameGenerations(scaled(64, Neighbourhood::Moore, true, 4), {149, 131}, 4, "cpu-naive");
    expectSameGenerations(scaled(100, Neighbourhood::VonNeumann, false, 3), {203, 211}, 3, "cpu-naive");
    expectSameGenerations(scaled(250, Neighbourhood::Moore, false, 5), {517, 503}, 4, "cpu");
    expectSameGenerations(parseRule("R7,C255,M1,S50..90,B60..80,NM").rule, {263, 271}, 8, "cpu-naive");
}

// The small Moore kernel with its ring of window sums in shared memory and, up to the radius it is
// compiled for, in registers: every radius 1..16 each way, on a grid wider and taller than a block and a
// strip of each, with more states at one radius.
TEST_F(BoxsumTest, SmallMooreBothRingsEveryRadius) {
    for (const char* rings : {"smallMooreRegisterRings=0", "smallMooreRegisterRings=511"}) {
        const testing::ScopedEnvironmentVariable tuning("CATLAB_BOXSUM_TUNING",
                                                        std::string(rings) + ",smallMooreThreads=64,maxStripRows=45");
        SCOPED_TRACE(rings);
        for (int r = 1; r <= 16; ++r)
            expectSameGenerations(scaled(r, Neighbourhood::Moore, r % 2 == 0, 2), {2100, 101}, 3, "cpu-naive");
        expectSameGenerations(scaled(6, Neighbourhood::Moore, true, 4), {500, 97}, 4, "cpu-naive");
    }
}

// Small cases of every kernel, quick enough for compute-sanitizer (memcheck, racecheck).
TEST_F(BoxsumTest, SanitizerSmoke) {
    expectSameGenerations(scaled(17, Neighbourhood::Moore, true, 3), {71, 53}, 2, "cpu-naive");
    expectSameGenerations(scaled(130, Neighbourhood::Moore, false, 2), {263, 271}, 1, "cpu");
    expectSameGenerations(scaled(127, Neighbourhood::Moore, true, 2), {257, 263}, 1, "cpu");
    expectSameGenerations(scaled(240, Neighbourhood::Moore, true, 2), {497, 487}, 1, "cpu"); // counts in a ring
    // r = 300 over 113 words: a whole block of 96 output words and its halo of 10, and a narrow one.
    expectSameGenerations(scaled(300, Neighbourhood::Moore, false, 2), {3613, 619}, 1, "cpu");
    expectSameGenerations(scaled(40, Neighbourhood::VonNeumann, true, 2), {97, 89}, 2, "cpu-naive");
    expectSameGenerations(scaled(4, Neighbourhood::Moore, false, 4), {65, 33}, 2, "cpu-naive");
}

TEST_F(BoxsumTest, WidthsAroundWordBoundaries) {
    for (int width : {31, 32, 33, 65})
        for (const Rule& rule :
             {parseRule("B3/S23").rule, scaled(3, Neighbourhood::Moore, true, 2),
              scaled(2, Neighbourhood::VonNeumann, false, 3), scaled(15, Neighbourhood::Moore, false, 2),
              scaled(15, Neighbourhood::VonNeumann, true, 4)})
            expectSameGenerations(rule, {width, 47}, 12, "cpu-naive");
}

// 70000 rows: more than a launch grid's y or z dimension holds (65535).
TEST_F(BoxsumTest, GridTallerThanLaunchGridDimension) {
    const GridSize tall{96, 70000};
    expectSameGenerations(scaled(2, Neighbourhood::Moore, false, 2), tall, 3, "cpu-naive");
    expectSameGenerations(scaled(3, Neighbourhood::VonNeumann, true, 3), tall, 3, "cpu-naive");
    expectSameGenerations(scaled(20, Neighbourhood::Moore, true, 2), tall, 2, "cpu");
}

// ---- Cross, saltire, star, hash, asterisk and tripod: the line kernels ----

constexpr Neighbourhood kLineShapes[] = {Neighbourhood::Cross, Neighbourhood::Saltire,  Neighbourhood::Star,
                                         Neighbourhood::Hash,  Neighbourhood::Asterisk, Neighbourhood::Tripod};

// Birth and survival bands around the live fraction the rule settles at: busy for many generations.
Rule lineRule(int r, Neighbourhood n, bool centre, int states) { return testing::bandedRule(r, n, centre, states); }

TEST_F(BoxsumTest, LineShapesMatchOracleOverManyGenerations) {
    for (Neighbourhood n : kLineShapes)
        for (int r : {1, 2, 3, 5, 8, 16, 17}) {
            const GridSize size{std::max(101, 4 * r + 9), std::max(67, 2 * r + 7)};
            expectSameGenerations(lineRule(r, n, r % 2 == 1, 2), size, 30, "cpu-naive");
            expectSameGenerations(lineRule(r, n, r % 2 == 0, 4), size, 20, "cpu-naive");
        }
}

// Wide row sums, diagonals over several words, several column groups and strips.
TEST_F(BoxsumTest, LineShapesLargeRadii) {
    for (Neighbourhood n : kLineShapes) {
        expectSameGenerations(lineRule(33, n, false, 2), {2113, 97}, 6, "cpu-naive");
        expectSameGenerations(lineRule(64, n, true, 3), {261, 1031}, 4, "cpu-naive");
        expectSameGenerations(lineRule(127, n, false, 2), {263, 257}, 3, "cpu-naive");
        expectSameGenerations(lineRule(128, n, true, 2), {389, 263}, 3, "cpu-naive");
        expectSameGenerations(lineRule(250, n, false, 5), {517, 503}, 3, "cpu");
        // Lines nearly as long as the grid: counts sit at a third of the shape, so the intervals do too.
        Rule widest = lineRule(500, n, true, 2);
        const int cells = widest.neighbourhoodSize();
        widest.birth = CountSet({{cells * 30 / 100, cells * 36 / 100}});
        widest.survival = CountSet({{cells * 28 / 100, cells * 40 / 100}});
        expectSameGenerations(widest, {1009, 1003}, 2, "cpu");
    }
}

TEST_F(BoxsumTest, LineShapesAroundWordBoundariesAndTallGrids) {
    for (Neighbourhood n : kLineShapes) {
        for (int width : {31, 32, 33, 65})
            for (int r : {1, 4, 15})
                if (width >= 2 * r + 1) expectSameGenerations(lineRule(r, n, r == 4, 2), {width, 47}, 12, "cpu-naive");
        expectSameGenerations(lineRule(2, n, true, 3), {96, 70000}, 2, "cpu-naive");
    }
}

// Odd sides with room for the shape's reach.
GridSize shapeGrid(int r) { return {std::max(101, 4 * r + 9), std::max(67, 2 * r + 7)}; }

// The shape at radius r runs on boxsum's `kernel` and matches cpu-naive: 2, 3 and 6 states, and a rule of one
// birth and one survival interval (the kernels' single-interval tests).
void expectShapeOnKernel(Neighbourhood n, int r, const std::string& kernel) {
    const GridSize size = shapeGrid(r);
    for (int states : {2, 3, 6}) {
        const Rule rule = lineRule(r, n, (r + states) % 2 == 1, states);
        EXPECT_EQ(Simulator(rule, size, 0.3, 1, "boxsum").kernelName(), kernel) << rule.format();
        expectSameGenerations(rule, size, states == 2 ? 20 : 12, "cpu-naive");
    }
    Rule oneInterval = lineRule(r, n, r % 2 == 0, 2);
    const int cells = oneInterval.neighbourhoodSize();
    oneInterval.birth = CountSet({{cells * 30 / 100, cells * 45 / 100}});
    oneInterval.survival = CountSet({{cells * 25 / 100, cells * 50 / 100}});
    expectSameGenerations(oneInterval, size, 12, "cpu-naive");
}

// ---- The line shapes at radius 1..8: one carry-save tree per count (the small line kernels) ----

TEST_F(BoxsumTest, SmallLineShapesEveryRadius) {
    for (Neighbourhood n : {Neighbourhood::Cross, Neighbourhood::Saltire, Neighbourhood::Star, Neighbourhood::Hash,
                            Neighbourhood::Tripod, Neighbourhood::Asterisk})
        for (int r = 1; r <= 8; ++r) expectShapeOnKernel(n, r, "small lines");
}

// Several column groups and strips, widths around word boundaries, a grid taller than a launch grid is high.
TEST_F(BoxsumTest, SmallLineShapesGroupsEdgesAndTallGrids) {
    for (Neighbourhood n : kLineShapes) {
        expectSameGenerations(lineRule(5, n, true, 2), {4129, 1031}, 4, "cpu");
        expectSameGenerations(lineRule(8, n, false, 4), {4161, 263}, 3, "cpu-naive");
        for (int width : {17, 31, 32, 33, 63, 65})
            for (int r : {1, 3, 8})
                if (width >= 2 * r + 1) expectSameGenerations(lineRule(r, n, r == 3, 2), {width, 45}, 10, "cpu-naive");
        expectSameGenerations(lineRule(3, n, false, 3), {96, 70000}, 2, "cpu-naive");
    }
}

// A generation stepped in row ranges (boundary rows first, as a rank of a distributed grid does) is the
// whole generation.
void expectRowRangesMakeTheStep(const Rule& rule) {
    SCOPED_TRACE(rule.format());
    const int r = rule.radius;
    const GridSize size{203, 4 * r + 61};
    const Grid start = startingState(size, rule.states);
    Simulator whole(rule, start, "boxsum"), parts(rule, start, "boxsum");
    const int h = size.height;
    const std::vector<std::pair<int, int>> ranges{
        {r, 2 * r}, {h - 2 * r, h - r}, {2 * r, h - 2 * r}, {0, r}, {h - r, h}};
    for (int g = 0; g < 5; ++g) {
        whole.step();
        for (const auto& [first, end] : ranges) parts.stepRows(first, end - first);
        parts.finishStep();
        ASSERT_EQ(firstDifference(parts.snapshot(), whole.snapshot()), -1) << "generation " << g + 1;
    }
}

TEST_F(BoxsumTest, SmallLineShapesRowRanges) {
    for (Neighbourhood n : kLineShapes)
        for (int r : {1, 4, 8}) expectRowRangesMakeTheStep(lineRule(r, n, r != 4, r == 4 ? 3 : 2));
}

// ---- von Neumann at radius 1..5: the diamond on the small line kernels, the von Neumann kernel beyond ----

TEST_F(BoxsumTest, SmallVonNeumannEveryRadius) {
    const Neighbourhood n = Neighbourhood::VonNeumann;
    for (int r = 1; r <= 6; ++r) {
        expectShapeOnKernel(n, r, r <= 5 ? "small lines" : "von neumann");
        expectSameGenerations(scaled(r, n, r % 2 == 1, 2), shapeGrid(r), 12, "cpu-naive");
    }
}

// Several column groups and strips, widths around word boundaries, a grid taller than a launch grid is
// high, row ranges.
TEST_F(BoxsumTest, SmallVonNeumannGroupsEdgesRowRangesAndTallGrids) {
    const Neighbourhood n = Neighbourhood::VonNeumann;
    expectSameGenerations(lineRule(5, n, true, 2), {4129, 1031}, 4, "cpu");
    expectSameGenerations(lineRule(4, n, false, 4), {4161, 263}, 3, "cpu-naive");
    for (int width : {17, 31, 32, 33, 63, 65})
        for (int r : {1, 3, 5})
            if (width >= 2 * r + 1) expectSameGenerations(lineRule(r, n, r == 3, 2), {width, 45}, 10, "cpu-naive");
    expectSameGenerations(lineRule(2, n, false, 3), {96, 70000}, 2, "cpu-naive");
    for (int r : {1, 4, 5}) expectRowRangesMakeTheStep(lineRule(r, n, r != 4, r == 4 ? 3 : 2));
}

TEST_F(BoxsumTest, CheckerboardsMatchOracleOverManyGenerations) {
    for (Neighbourhood n : {Neighbourhood::Checkerboard, Neighbourhood::AlignedCheckerboard}) {
        for (int r : {1, 2, 3, 5, 8, 13, 16}) {
            const GridSize size{std::max(101, 2 * r + 9), std::max(67, 2 * r + 7)}; // odd: colours wrap
            expectSameGenerations(lineRule(r, n, r % 2 == 1, 2), size, 30, "cpu-naive");
            expectSameGenerations(lineRule(r, n, r % 2 == 0, 4), size, 20, "cpu-naive");
        }
        expectSameGenerations(lineRule(4, n, true, 2), {2113, 131}, 8, "cpu-naive"); // column groups, strips
        for (int width : {31, 32, 33, 65})
            expectSameGenerations(lineRule(3, n, false, 2), {width, 47}, 12, "cpu-naive");
        // Past 16, the mid checkerboard kernel: odd sizes, both centres, more states, many blocks. The bands
        // lie around the start's 33% of live cells, so that even the largest neighbourhoods stay busy.
        const auto busy = [&](int r, bool centre, int states) {
            return testing::bandedRule(r, n, centre, states, {8, states > 2 ? 0.15 : 0.33, 0.7});
        };
        for (int r : {17, 31, 64, 101}) {
            const GridSize size{4 * r + 93, 2 * r + 61};
            expectSameGenerations(busy(r, r % 2 == 1, 2), size, 12, "cpu-naive");
            expectSameGenerations(busy(r, r % 2 == 0, 3), size, 8, "cpu-naive");
        }
        expectSameGenerations(busy(40, true, 2), {4001, 263}, 4, "cpu");    // column groups, strips
        expectSameGenerations(busy(254, false, 2), {2053, 1543}, 2, "cpu"); // windows well inside the torus
    }
}

// Each colour's column sums are bytes: r + 1 cells at most, radius 254. Beyond, boxsum says so (general
// computes it).
TEST_F(BoxsumTest, RefusesCheckerboardsBeyondRadius254) {
    const BackendSpec& info = BackendRegistry::instance().find("boxsum");
    EXPECT_FALSE(info.unsupportedReason(lineRule(254, Neighbourhood::Checkerboard, true, 3)).has_value());
    for (Neighbourhood n : {Neighbourhood::Checkerboard, Neighbourhood::AlignedCheckerboard}) {
        const auto why = info.unsupportedReason(lineRule(255, n, false, 2));
        ASSERT_TRUE(why.has_value());
        EXPECT_NE(why->find("radius 255"), std::string::npos) << *why;
        EXPECT_NE(why->find(toString(n)), std::string::npos) << *why;
    }
}

// Past radius 8 (and from fewer cells with smallLinesMaxCells lowered) the tripod and the asterisk run on
// the line kernels, as the other line shapes do.
TEST_F(BoxsumTest, TripodAndAsteriskOnTheLineKernelsPastRadius8) {
    for (Neighbourhood n : {Neighbourhood::Tripod, Neighbourhood::Asterisk})
        for (int r : {9, 16, 40}) expectShapeOnKernel(n, r, "lines");
}

// The state carries over when the simulation moves between boxsum and another backend.
TEST_F(BoxsumTest, LineShapesSwitchingBackendsMidRun) {
    for (Neighbourhood n : {Neighbourhood::Cross, Neighbourhood::Saltire, Neighbourhood::Star, Neighbourhood::Hash,
                            Neighbourhood::Asterisk, Neighbourhood::Tripod, Neighbourhood::Checkerboard,
                            Neighbourhood::AlignedCheckerboard})
        for (int r : {1, 7, 40}) {
            const Rule rule = lineRule(r, n, r != 7, r == 7 ? 3 : 2);
            SCOPED_TRACE(rule.format());
            const Grid start = startingState({4 * r + 131, 2 * r + 89}, rule.states);
            Simulator oracle(rule, start, "cpu-naive");
            oracle.step(11 + 7 + 9);
            for (const char* other : {"general", "cpu"}) {
                SCOPED_TRACE(std::string("boxsum -> ") + other + " -> boxsum");
                Simulator sim(rule, start, "boxsum");
                sim.step(11);
                sim.switchBackend(other);
                sim.step(7);
                sim.switchBackend("boxsum");
                sim.step(9);
                EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
            }
        }
}

// boxsum is the measured fastest GPU backend at every radius and computes these shapes: auto picks it.
TEST_F(BoxsumTest, AutoPicksBoxsumForLineShapesAndCheckerboards) {
    for (const char* text :
         {"R1,C0,M0,S1..2,B2,N+", "R5,C0,M1,S5..9,B6..8,NX", "R16,C3,M0,S20..40,B25..35,N*",
          "R64,C0,M0,S100..200,B120..150,N#", "R3,C0,M1,S5..12,B6..9,NB", "R16,C0,M0,S200..400,B250..300,ND"}) {
        const Rule rule = parseRule(text).rule;
        EXPECT_EQ(chooseBackend(rule, {60416, 60416}).name, "boxsum") << text;
    }
}

TEST_F(BoxsumTest, RefusesCircularAndWindowsWiderThanTheGrid) {
    const BackendSpec& info = BackendRegistry::instance().find("boxsum");
    const auto why = info.unsupportedReason(scaled(7, Neighbourhood::Circular, false, 2));
    ASSERT_TRUE(why.has_value());
    EXPECT_NE(why->find("circular"), std::string::npos) << *why;
    EXPECT_FALSE(info.unsupportedReason(scaled(500, Neighbourhood::VonNeumann, false, 7)).has_value());
    for (Neighbourhood n : kLineShapes) EXPECT_FALSE(info.unsupportedReason(lineRule(500, n, true, 256)).has_value());
    // A side below 2r + 1 would count cells twice; catlab refuses such grids for every backend.
    try {
        Simulator sim(scaled(20, Neighbourhood::Moore, false, 2), {40, 100}, 0.3, 1, "boxsum");
        FAIL() << "a 40-wide grid at radius 20 was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("2r+1"), std::string::npos) << e.what();
    }
}

TEST_F(BoxsumTest, MemoryFloorCountsBitPlanes) {
    auto bytes = [](const Rule& rule) {
        return BackendRegistry::instance().create("boxsum", rule, {100, 100})->bytesPerCellStep();
    };
    EXPECT_DOUBLE_EQ(bytes(scaled(5, Neighbourhood::Moore, false, 2)), 0.25); // one bit read, one written
    EXPECT_DOUBLE_EQ(bytes(scaled(5, Neighbourhood::Moore, false, 3)), 0.75); // alive plane + 2 state planes
}

} // namespace
} // namespace catlab
