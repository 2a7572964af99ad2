// Rules checked against behaviour known by hand or from the literature, on the oracle.
#include "catlab/presets.hpp"
#include "catlab/rle.hpp"
#include "catlab/simulator.hpp"
#include "support/grid_text.hpp"

#include <gtest/gtest.h>

namespace catlab {
namespace {

using testing::gridFromText;
using testing::gridToText;

Grid stepped(const std::string& rule, const Grid& start, int steps, const std::string& backend = "cpu-naive") {
    Simulator sim(parseRule(rule).rule, start, backend);
    sim.step(steps);
    return sim.snapshot();
}

TEST(KnownPatterns, BlinkerHasPeriodTwo) {
    const Grid horizontal = gridFromText({".....", ".....", ".ooo.", ".....", "....."});
    const Grid vertical = gridFromText({".....", "..o..", "..o..", "..o..", "....."});
    EXPECT_EQ(gridToText(stepped("B3/S23", horizontal, 1)), gridToText(vertical));
    EXPECT_EQ(gridToText(stepped("B3/S23", horizontal, 2)), gridToText(horizontal));
}

TEST(KnownPatterns, GliderMovesOneCellDiagonallyEveryFourGenerations) {
    Grid start({12, 10});
    const Grid glider = gridFromText({".o.", "..o", "ooo"});
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x) start.at(x + 2, y + 1) = glider.at(x, y);
    Grid expected({12, 10});
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x) expected.at(x + 3, y + 2) = glider.at(x, y);
    EXPECT_EQ(gridToText(stepped("B3/S23", start, 4)), gridToText(expected));
    // Around the torus: 40 generations move it 10 cells, back to the start column (width 12 needs 48).
    Grid wrapped({10, 10});
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 3; ++x) wrapped.at(x + 2, y + 1) = glider.at(x, y);
    EXPECT_EQ(gridToText(stepped("B3/S23", wrapped, 40)), gridToText(wrapped));
}

TEST(KnownPatterns, AnnealByHand) {
    // A ring of eight: the hole has 8 live neighbours (B8), ring corners 2 and edges 4 (not in S35678),
    // and no outside cell reaches 4. So only the hole is alive next; alone, it dies.
    const Grid ring = gridFromText({".......", ".ooo...", ".o.o...", ".ooo...", ".......", "......."});
    const Grid afterOne = gridFromText({".......", ".......", "..o....", ".......", ".......", "......."});
    EXPECT_EQ(gridToText(stepped("B4678/S35678", ring, 1)), gridToText(afterOne));
    EXPECT_EQ(stepped("B4678/S35678", ring, 2).population(), 0u);
    // A full 3x3 block: corners 3 (S3), edges 5 (S5), centre 8 (S8); outside at most 3 (no birth): stable.
    const Grid block = gridFromText({"......", ".ooo..", ".ooo..", ".ooo..", "......", "......"});
    EXPECT_EQ(gridToText(stepped("B4678/S35678", block, 1)), gridToText(block));
}

TEST(KnownPatterns, GenerationsDecay) {
    // Brian's Brain (B2/S/C3): live cells never survive and pass through state 2 before dying.
    const Grid start = gridFromText({"......", "......", "..oo..", "......", "......"});
    const Grid one = gridFromText({"......", "..oo..", "..22..", "..oo..", "......"});
    EXPECT_EQ(gridToText(stepped("B2/S/C3", start, 1)), gridToText(one));
    // A lone cell in a 5-state rule with no survival: 1 -> 2 -> 3 -> 4 -> 0.
    Grid lone({5, 5});
    lone.at(2, 2) = 1;
    for (int g = 1; g <= 4; ++g) EXPECT_EQ(stepped("R1,C5,M0,S,B8,NM", lone, g).at(2, 2), g < 4 ? g + 1 : 0);
}

TEST(KnownPatterns, VonNeumannAndCentre) {
    // Gnarl (R1,M1,S1,B1,NN): a lone cell sees only itself (count 1 with the centre) and survives;
    // its four orthogonal neighbours see it once and are born; diagonal ones see nothing.
    Grid lone({7, 7});
    lone.at(3, 3) = 1;
    const Grid plus = gridFromText({".......", ".......", "...o...", "..ooo..", "...o...", ".......", "......."});
    EXPECT_EQ(gridToText(stepped("R1,C0,M1,S1..1,B1..1,NN", lone, 1)), gridToText(plus));
    // The same rule without the centre (M0): the lone cell has no neighbours and dies.
    const Grid plusRing = gridFromText({".......", ".......", "...o...", "..o.o..", "...o...", ".......", "......."});
    EXPECT_EQ(gridToText(stepped("R1,C0,M0,S1..1,B1..1,NN", lone, 1)), gridToText(plusRing));
}

TEST(KnownPatterns, BoscoIsAPeriod166Oscillator) {
    const Pattern bosco = readRleFile(CATLAB_TEST_DATA "/bosco.rle");
    ASSERT_TRUE(bosco.rule.has_value());
    EXPECT_EQ(bosco.rule->rule, findPreset("bosco")->rule);
    const Grid start = placePattern(bosco, {100, 100});
    Simulator sim(bosco.rule->rule, start, "cpu-naive");
    sim.step(83);
    EXPECT_NE(sim.snapshot(), start); // not period 83 or less dividing it
    sim.step(83);
    EXPECT_EQ(gridToText(sim.snapshot()), gridToText(start));
    sim.step(166);
    EXPECT_EQ(gridToText(sim.snapshot()), gridToText(start));
}

} // namespace
} // namespace catlab
