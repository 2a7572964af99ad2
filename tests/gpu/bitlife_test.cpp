// `bitlife` against the cpu-naive oracle: Life, ANNEAL and random B/S tables (B0 and M1 included), steps
// that are and are not multiples of the 16 generations of a pass, grid sides on and off the 32-cell word
// boundary (and narrower and lower than the halo), known patterns, painting, the view, switching, refusals.
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view_export.hpp"
#include "support/grid_text.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace catlab {
namespace {

constexpr const char* kBitlife = "bitlife";

std::optional<std::string> skipReason() { return BackendRegistry::instance().find(kBitlife).unavailableReason(); }

// A radius-1 Moore rule with the given birth and survival counts (bit c: count c).
Rule tableRule(unsigned birth, unsigned survival, bool includeCentre) {
    Rule rule;
    rule.includeCentre = includeCentre;
    std::vector<Interval> b, s;
    for (int c = 0; c <= 9; ++c) {
        if (birth >> c & 1) b.push_back({c, c});
        if (survival >> c & 1) s.push_back({c, c});
    }
    rule.birth = CountSet(b);
    rule.survival = CountSet(s);
    rule.validate();
    return rule;
}

struct RuleCase {
    std::string label;
    Rule rule;
    double density;
};

std::vector<RuleCase> ruleCases() {
    std::mt19937 random(4242);
    std::uniform_int_distribution<unsigned> nine(0, 511), ten(0, 1023);
    const unsigned randomBirth = nine(random) & ~1u, randomSurvival = nine(random); // no B0 here
    return {
        {"life", parseRule("B3/S23").rule, 0.3},
        {"anneal", parseRule("B4678/S35678").rule, 0.5},
        {"random_" + tableRule(randomBirth, randomSurvival, false).format(),
         tableRule(randomBirth, randomSurvival, false), 0.4},
        // B0: empty space comes alive; exact on the torus, where nothing lies outside the grid.
        {"b0", tableRule(nine(random) | 1u, nine(random), false), 0.4},
        // M1: the centre counts itself, counts run 0..9.
        {"centre_in", tableRule(ten(random), ten(random), true), 0.4},
    };
}

std::string where(const Grid& g, long long index) {
    if (index < 0) return "none";
    std::ostringstream text; // not "(" + std::to_string(...): GCC 12 warns wrongly (-Wrestrict) once inlined
    text << '(' << index % g.width() << ", " << index / g.width() << ')';
    return text.str();
}

TEST(BitLife, MatchesOracleForEveryStepCountAndSize) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const std::vector<GridSize> sizes{{31, 31}, {32, 32}, {33, 33}, {1000, 777}, {3, 5}, {64, 7}, {97, 70}};
    for (const RuleCase& c : ruleCases()) {
        ASSERT_FALSE(BackendRegistry::instance().find(kBitlife).unsupportedReason(c.rule)) << c.rule.format();
        for (const GridSize size : sizes) {
            SCOPED_TRACE(c.label + " " + c.rule.format() + " on " + std::to_string(size.width) + "x" +
                         std::to_string(size.height));
            Grid start(size);
            fillRandom(start, c.density, 77);
            Simulator sim(c.rule, start, kBitlife);
            Simulator oracle(c.rule, start, "cpu-naive");
            int generation = 0;
            for (const int steps : {1, 15, 16, 17, 100}) {
                sim.step(steps);
                oracle.step(steps);
                generation += steps;
                const Grid expected = oracle.snapshot(), got = sim.snapshot();
                EXPECT_EQ(firstDifference(got, expected), -1)
                    << "after step(" << steps << "), generation " << generation << ": first difference at "
                    << where(got, firstDifference(got, expected));
                EXPECT_EQ(sim.population(), expected.population());
            }
        }
    }
}

// A single step(g) from the start, for every g up to two passes: each mix of pass lengths.
TEST(BitLife, EveryGenerationCountFromTheStart) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule life = parseRule("B3/S23").rule;
    Grid start({45, 38});
    fillRandom(start, 0.35, 5);
    Simulator oracle(life, start, "cpu-naive");
    for (int g = 1; g <= 33; ++g) {
        oracle.step();
        Simulator sim(life, start, kBitlife);
        sim.step(g);
        EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1) << "step(" << g << ")";
    }
}

const std::vector<std::string> kGlider{".o...", "..o..", "ooo..", ".....", "....."};

// Places a pattern at (x, y) of an empty grid (wrapping).
Grid withPattern(GridSize size, const std::vector<std::string>& rows, int x, int y) {
    const Grid pattern = testing::gridFromText(rows);
    Grid g(size);
    for (int py = 0; py < pattern.height(); ++py)
        for (int px = 0; px < pattern.width(); ++px)
            g.at((x + px) % size.width, (y + py) % size.height) = pattern.at(px, py);
    return g;
}

TEST(BitLife, GliderMovesOneCellDiagonallyEveryFourGenerations) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule life = parseRule("B3/S23").rule;
    for (const GridSize size : {GridSize{32, 32}, GridSize{33, 31}, GridSize{70, 40}}) {
        SCOPED_TRACE(std::to_string(size.width) + "x" + std::to_string(size.height));
        // Start astride the word boundary and the wrap.
        Simulator sim(life, withPattern(size, kGlider, size.width - 3, size.height - 2), kBitlife);
        sim.step(4);
        EXPECT_EQ(sim.snapshot(), withPattern(size, kGlider, size.width - 2, size.height - 1));
        sim.step(64); // 68 generations in all: 17 cells on
        EXPECT_EQ(sim.snapshot(),
                  withPattern(size, kGlider, (size.width + 14) % size.width, (size.height + 15) % size.height));
        EXPECT_EQ(sim.population(), 5u);
    }
}

TEST(BitLife, BlinkerOscillatesAndBlockStays) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule life = parseRule("B3/S23").rule;
    const std::vector<std::string> horizontal{"..........", ".ooo......", "..........", "..........", "..........",
                                              "..........", "......oo..", "......oo..", "..........", ".........."};
    std::vector<std::string> vertical = horizontal;
    vertical[0] = vertical[2] = "..o.......";
    vertical[1] = "..o.......";
    Simulator sim(life, testing::gridFromText(horizontal), kBitlife);
    sim.step();
    EXPECT_EQ(sim.snapshot(), testing::gridFromText(vertical));
    sim.step(18); // generation 19, odd: upright again
    EXPECT_EQ(sim.snapshot(), testing::gridFromText(vertical));
    sim.step(33);
    EXPECT_EQ(sim.snapshot(), testing::gridFromText(horizontal));
}

TEST(BitLife, SwitchingToAndFromBaseMidRun) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    for (const RuleCase& c : ruleCases()) {
        SCOPED_TRACE(c.label);
        Grid start({517, 389});
        fillRandom(start, c.density, 12);
        Simulator oracle(c.rule, start, "cpu-naive");
        oracle.step(37 + 29 + 50);
        for (const auto& [first, second] : {std::pair{"bitlife", "base"}, std::pair{"base", "bitlife"}}) {
            SCOPED_TRACE(std::string(first) + " -> " + second + " -> " + first);
            Simulator sim(c.rule, start, first);
            sim.step(37);
            sim.switchBackend(second);
            sim.step(29);
            sim.switchBackend(first);
            sim.step(50);
            EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
        }
    }
}

TEST(BitLife, RandomFillMatchesHostOnTallAndOddGrids) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule life = parseRule("B3/S23").rule;
    for (const GridSize size : {GridSize{1001, 779}, GridSize{33, 70001}}) {
        Simulator sim(life, size, 0.37, 99, kBitlife);
        Grid host(size);
        fillRandom(host, 0.37, 99);
        EXPECT_EQ(firstDifference(sim.snapshot(), host), -1);
        EXPECT_EQ(sim.population(), host.population());
    }
}

TEST(BitLife, PaintingReadingAndTheViewMatchCpuNaive) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule rule = parseRule("B36/S23").rule;
    const GridSize size{333, 201};
    Simulator sim(rule, size, 0.3, 8, kBitlife);
    Simulator oracle(rule, size, 0.3, 8, "cpu-naive");
    std::mt19937 random(9);
    for (const CellRect r : {CellRect{-7, -3, 40, 9}, CellRect{300, 190, 50, 20}, CellRect{31, 5, 2, 150}}) {
        std::vector<Cell> cells(std::size_t(r.width) * std::size_t(r.height));
        for (Cell& cell : cells) cell = Cell(random() % 3 == 0);
        sim.writeCells(r, cells);
        oracle.writeCells(r, cells);
        EXPECT_EQ(sim.readCells(r), cells);
        sim.step(19); // painted cells near the edges must reach the halo
        oracle.step(19);
        EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
    }
    EXPECT_THROW(sim.writeCells({0, 0, 1, 1}, std::vector<Cell>{2}), Error);
    const Grid state = oracle.snapshot();
    for (const ViewWindow& w : {ViewWindow{0, 0, 1, 333, 201}, ViewWindow{-20.5, 7.25, 2.75, 160, 90},
                                ViewWindow{100.3, 50.6, 0.4, 97, 61}}) {
        std::vector<ViewPixel> expected(std::size_t(w.width) * std::size_t(w.height)), got(expected.size());
        exportViewOnHost(hostBuffer(state), 2, w, {expected.data(), w.width, MemorySpace::Host});
        sim.exportView(w, {got.data(), w.width, MemorySpace::Host});
        EXPECT_TRUE(expected == got) << "window " << w.width << "x" << w.height;
    }
}

TEST(BitLife, RefusesWhatOneBitAndA3x3BlockCannotHold) {
#ifndef CATLAB_HAVE_CUDA
    GTEST_SKIP() << "built without CUDA: bitlife's limits are part of its CUDA code";
#endif
    const BackendSpec& info = BackendRegistry::instance().find(kBitlife);
    const auto reason = [&](const std::string& text) {
        return info.unsupportedReason(parseRule(text).rule).value_or("");
    };
    EXPECT_EQ(reason("B3/S23"), "");
    EXPECT_EQ(reason("R1,C0,M1,S3..4,B3..3,NM"), ""); // Life with the centre counted
    EXPECT_EQ(reason("R1,C0,M0,S2..3,B3..3,NC"), ""); // the radius-1 circle is the 3x3 block
    EXPECT_NE(reason("R2,C0,M0,S7..12,B8..11,NM").find("radius 1 only"), std::string::npos);
    EXPECT_NE(reason("B2/S/C3").find("two states only"), std::string::npos);
    EXPECT_NE(reason("B2/S345/C4").find("two states only"), std::string::npos);
    EXPECT_NE(reason("B3/S23V").find("von Neumann"), std::string::npos);
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    EXPECT_THROW(Simulator(parseRule("B2/S/C3").rule, GridSize{64, 64}, 0.3, 1, kBitlife), Error);
}

TEST(BitLife, ReportsAFractionOfAByteMovedPerCellAndGeneration) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    Simulator sim(parseRule("B3/S23").rule, GridSize{64, 64}, 0.3, 1, kBitlife);
    EXPECT_DOUBLE_EQ(sim.bytesPerCellStep(), 2.0 / 8.0 / 16.0);
}

} // namespace
} // namespace catlab
