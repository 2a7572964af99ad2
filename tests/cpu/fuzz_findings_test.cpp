// Inputs the fuzzers of tests/fuzz found (or that their findings led to), each with what it must do now.
#include "catlab/backend_choice.hpp"
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/rle.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace catlab {
namespace {

Pattern readText(const std::string& text) {
    std::istringstream in(text);
    return readRle(in, "fuzz.rle");
}

std::string testData(const std::string& name) {
    std::ifstream in(std::string(CATLAB_TEST_DATA) + "/fuzz/" + name, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::uint64_t population(const Grid& grid) {
    std::uint64_t live = 0;
    for (Cell c : grid.cells()) live += c != 0;
    return live;
}

// A "#CXRLE Pos=" far off the torus: adding half the torus side to it overflowed (UBSan). Golly's
// position wraps around the torus like every other coordinate.
TEST(FuzzFindings, RlePositionFarOffItsTorusWraps) {
    const Pattern far = readText("#CXRLE Pos=9223372036854775807,-9223372036854775807\n"
                                 "x = 3, y = 3, rule = B3/S23:T3,3\nbo$2bo$3o!\n");
    const Grid placed = placePattern(far, {3, 3});
    EXPECT_EQ(population(placed), 5u);
    // 2^63 - 1 = 1 (mod 3) and -(2^63 - 1) = 2 (mod 3): the same as Pos=1,2.
    const Pattern near = readText("#CXRLE Pos=1,2\nx = 3, y = 3, rule = B3/S23:T3,3\nbo$2bo$3o!\n");
    EXPECT_EQ(placed, placePattern(near, {3, 3}));
}

// A NUL byte inside a header value ended the number early: "x = 5<NUL>junk" read as x = 5.
TEST(FuzzFindings, RleHeaderValueWithNulByteIsRefused) {
    const std::string text("x = 5\0junk, y = 1\no!\n", 21);
    EXPECT_NE(testing::errorOf([&] { readText(text); }).find("fuzz.rle:1: bad x value"), std::string::npos);
}

// Found by the backend_timings fuzzer: a subnormal speed (1.900111e-320) was taken, and its estimate at a
// larger radius, scaled down by the square of the radius ratio, underflowed to 0, which means unmeasured.
TEST(FuzzFindings, BackendTimingsRefuseASpeedBelowOneUpdateASecond) {
    EXPECT_EQ(
        testing::errorOf([] { BackendTimings::parse(testData("backend-timings-subnormal-rate.csv"), "fuzz.csv"); }),
        "fuzz.csv line 13: bad cell_updates_per_s '1.900111e-320' (expected 1 or more)");
    const BackendTimings slowest = BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,1,1\n", "t");
    EXPECT_GT(slowest.estimate("cpu", kMaxRadius), 0.0);
}

// An infinite speed was taken too, so that `auto` would estimate infinite (or, between two such rows, NaN)
// updates per second.
TEST(FuzzFindings, BackendTimingsRefuseAnInfiniteSpeed) {
    for (const std::string rate : {"inf", "-inf", "infinity", "nan", "0.5"})
        EXPECT_EQ(testing::errorOf([&] {
                      BackendTimings::parse("backend,radius,cell_updates_per_s\ncpu,1," + rate + "\n", "fuzz.csv");
                  }),
                  "fuzz.csv line 2: bad cell_updates_per_s '" + rate + "' (expected 1 or more)");
}

// Found by the RLE fuzzer: R1,C0,M1,S,B4..5,NM (the centre counted, no survival) was written as the HROT
// list R1,C0,S,B4-5,NM, which leaves the centre out and so reads back as the life-like rule B45/S: the same
// rule, but written differently the second time. A rule whose centre-free equivalent is life-like is now
// written in life-like notation at once.
TEST(FuzzFindings, CentreRuleWithALifeLikeEquivalentIsWrittenAsIt) {
    const Pattern first = readText("x = 7,y =3, rule = R1,C0,M1,S,B4..5,NM\nbobo$7o!\n");
    ASSERT_TRUE(first.rule);
    EXPECT_EQ(formatRuleForGolly(first.rule->rule), "B45/S");
    std::ostringstream out;
    writeRle(out, first.cells, first.rule->rule);
    const Pattern again = readText(out.str());
    ASSERT_TRUE(again.rule);
    EXPECT_EQ(formatRuleForGolly(again.rule->rule), formatRuleForGolly(first.rule->rule));
    // Generations with the centre: Golly's S/B/C of the centre-free rule (S1 with the centre is S0).
    EXPECT_EQ(formatRuleForGolly(parseRule("R1,C3,M1,S1..1,3..4,B2..2,NM").rule), "023/2/3");
}

// Found by the RLE fuzzer in CI: R1,C5,M1,S,B4..9,NM was written as Generations "/456789/5", which no reader
// takes: with the centre counted a dead cell's count is at most 8, so birth on 9 never happens and the
// centre-free notation has no digit for it. The unreachable counts are left out; the rule steps the same.
TEST(FuzzFindings, UnreachableBirthCountsOfACentreRuleAreLeftOut) {
    const Rule centre = parseRule("R1,C5,M1,S,B4..9,NM").rule;
    EXPECT_EQ(formatRuleForGolly(centre), "/45678/5");
    const Rule written = parseRule(formatRuleForGolly(centre)).rule;
    Grid start({24, 19});
    fillRandom(start, 0.45, 3);
    Simulator a(centre, start, "cpu-naive"), b(written, start, "cpu-naive");
    a.step(12);
    b.step(12);
    EXPECT_EQ(a.snapshot(), b.snapshot());
    // HROT lists too: births past the neighbourhood's reach go.
    EXPECT_EQ(formatRuleForGolly(parseRule("R2,C0,M1,S3..4,7..9,B5..25,NM").rule), "R2,C0,S2-3,6-8,B5-24,NM");
}

// Found by the RLE fuzzer in CI: "#N Gli1er" followed by many CRs kept all but the last CR in the name,
// so the name written back read back one CR shorter. A name is trimmed at both ends.
TEST(FuzzFindings, RleNameIsTrimmedOfCarriageReturns) {
    const Pattern p = readText("#N Gli1er\r\r\r\r\n#C The test\nx = 3, y = 3, rule = B3/S23\nbo$2o$3o!\n");
    EXPECT_EQ(p.name, "Gli1er");
    std::ostringstream out;
    writeRle(out, p.cells, p.rule->rule, p.name);
    EXPECT_EQ(readText(out.str()).name, "Gli1er");
}

// A grid smaller than the neighbourhood is written with its torus and reads back; running it is refused
// where the grid is made.
TEST(FuzzFindings, ASmallTorusReadsBack) {
    Grid g({2, 1});
    g.at(0, 0) = 1;
    std::ostringstream out;
    writeRle(out, g, parseRule("B/S").rule);
    std::istringstream in(out.str());
    const Pattern back = readRle(in, "small.rle");
    ASSERT_TRUE(back.rule);
    EXPECT_EQ(back.rule->size, (GridSize{2, 1}));
    EXPECT_NE(testing::errorOf([&] { Simulator(back.rule->rule, g, "cpu"); }).find("too small"), std::string::npos);
}

} // namespace
} // namespace catlab
