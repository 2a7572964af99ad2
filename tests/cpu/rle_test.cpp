#include "catlab/error.hpp"
#include "catlab/random.hpp"
#include "catlab/rle.hpp"
#include "support/grid_text.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace catlab {
namespace {

Pattern read(const std::string& text) {
    std::istringstream in(text);
    return readRle(in, "test.rle");
}

std::string errorOf(const std::string& text) {
    try {
        read(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

std::string errorOfFile(const std::string& path) {
    try {
        readRleFile(path);
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Rle, ReadsGollyPattern) {
    const Pattern p = read("#N Glider\n#C a comment\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n");
    EXPECT_EQ(p.name, "Glider");
    ASSERT_TRUE(p.rule.has_value());
    EXPECT_EQ(p.rule->rule.format(), "B3/S23");
    EXPECT_EQ(testing::gridToText(p.cells), ".o.\n..o\nooo\n");
}

TEST(Rle, ReadsRuleWithCommasAndTorus) {
    const Pattern p = read("x=4,y=2,rule=R5,C0,M1,S34..58,B34..45,NM:T200,100\n4o$\n2b2o!");
    ASSERT_TRUE(p.rule && p.rule->size);
    EXPECT_EQ(*p.rule->size, (GridSize{200, 100}));
    EXPECT_EQ(p.rule->rule.radius, 5);
    EXPECT_EQ(testing::gridToText(p.cells), "oooo\n..oo\n");
}

TEST(Rle, MultiStateCells) {
    const Pattern p = read("x = 5, y = 2, rule = B2/S/C256\nA.BpAyO$2X!\n");
    EXPECT_EQ(p.cells.at(0, 0), 1);
    EXPECT_EQ(p.cells.at(1, 0), 0);
    EXPECT_EQ(p.cells.at(2, 0), 2);
    EXPECT_EQ(p.cells.at(3, 0), 25);
    EXPECT_EQ(p.cells.at(4, 0), 255);
    EXPECT_EQ(p.cells.at(0, 1), 24);
    EXPECT_EQ(p.cells.at(1, 1), 24);
}

TEST(Rle, RoundTripsTwoAndManyStates) {
    for (int states : {2, 3, 30, 256}) {
        SCOPED_TRACE(states);
        Rule rule = parseRule("R2,C0,M0,S3..9,B4..6,NM").rule;
        rule.states = states;
        Grid g({97, 61});
        for (int y = 0; y < g.height(); ++y)
            for (int x = 0; x < g.width(); ++x) {
                const std::uint32_t bits = randomBits(7, std::uint32_t(x), std::uint32_t(y));
                g.at(x, y) = bits % 3 == 0 ? Cell(bits % std::uint32_t(states)) : Cell{0}; // sparse, with runs
            }
        std::stringstream s;
        writeRle(s, g, rule, "round trip");
        const Pattern p = readRle(s, "memory");
        ASSERT_TRUE(p.rule.has_value());
        EXPECT_EQ(p.rule->rule, rule);
        EXPECT_EQ(p.rule->size, g.size());
        EXPECT_EQ(p.name, "round trip");
        EXPECT_EQ(placePattern(p, g.size()), g);
        for (const std::string& line : [&] {
                 std::vector<std::string> lines;
                 std::istringstream in(s.str());
                 for (std::string l; std::getline(in, l);) lines.push_back(l);
                 return lines;
             }())
            EXPECT_LE(line.size(), 120u);
    }
}

TEST(Rle, PlacementCentresSmallPatterns) {
    const Pattern p = read("x = 2, y = 1\n2o!");
    const Grid g = placePattern(p, {6, 5});
    EXPECT_EQ(testing::gridToText(g), "......\n......\n..oo..\n......\n......\n");
    EXPECT_THROW(placePattern(p, {1, 1}), Error);
}

TEST(Rle, ErrorsGiveTheLine) {
    EXPECT_NE(errorOf("x = 3, y = 3\nbo$2bo$3z!").find("test.rle:2: unexpected character 'z'"), std::string::npos);
    EXPECT_NE(errorOf("#C only\nbo!").find("test.rle:2: expected 'key = value'"), std::string::npos);
    EXPECT_NE(errorOf("x = 3, y = 3\nbo$2bo$3o").find("without '!'"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1\n3o!").find("test.rle:2: cells lie outside the 2x1 bounding box"),
              std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1\nbo$o!").find("outside"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1, rule = B3/S23\nB!").find("cell state 2 but the rule has only 2 states"),
              std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1, rule = B3/Q23\no!").find("test.rle:1:"), std::string::npos);
    EXPECT_NE(errorOf("x = -2, y = 1\no!").find("bad x value"), std::string::npos);
    EXPECT_NE(errorOf("x = 2\no!").find("needs both x and y"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1, colour = red\no!").find("unknown header key 'colour'"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1\npZ!").find("must be followed by A..X"), std::string::npos);
    EXPECT_NE(errorOf("").find("no 'x = ..., y = ...' header"), std::string::npos);
}

TEST(Rle, HeaderNumbersAreStrict) {
    EXPECT_NE(errorOf("x = 99999999999999999999, y = 1\no!")
                  .find("test.rle:1: bad x value '99999999999999999999': expected a whole number 0..1048576"),
              std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1048577\no!").find("bad y value '1048577'"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 0x10\no!").find("bad y value '0x10'"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1, x = 3\no!").find("header gives x twice"), std::string::npos);
    EXPECT_NE(errorOf("x = 2, y = 1\n200000000o!").find("test.rle:2: run count larger than 100000000"),
              std::string::npos);
}

TEST(Rle, ExtendedHeaderIsStrict) {
    const Pattern p = read("#CXRLE Pos=-3,12 Gen=123456789012345678901234567890\nx = 1, y = 1\no!");
    EXPECT_EQ(p.position, (std::pair<long long, long long>{-3, 12}));
    for (const char* line :
         {"#CXRLE Pos=9223372036854775808,0", "#CXRLE Pos=1,2x", "#CXRLE Pos=1", "#CXRLE Pos=,1", "#CXRLE Pos=0x1,2"})
        EXPECT_NE(errorOf(std::string(line) + "\nx = 1, y = 1\no!").find("test.rle:1: bad Pos="), std::string::npos)
            << line;
    EXPECT_NE(errorOf("#CXRLE Gen=-1\nx = 1, y = 1\no!").find("test.rle:1: bad Gen=-1 in #CXRLE line"),
              std::string::npos);
}

TEST(Rle, HugePositionsWrapOntoTheTorus) {
    // Golly's Pos is the top-left cell relative to the torus centre; the extremes of 64 bits wrap
    // without overflowing (the sanitizer build checks): (2^63 - 1 + 4) mod 8 = 3, (-2^63 + 2) mod 4 = 2.
    const Pattern p =
        read("#CXRLE Pos=9223372036854775807,-9223372036854775808\nx = 2, y = 1, rule = B3/S23:T8,4\n2o!");
    EXPECT_EQ(testing::gridToText(placePattern(p, {8, 4})), "........\n........\n...oo...\n........\n");
    const Pattern q = read("#CXRLE Pos=-4,-2\nx = 2, y = 1, rule = B3/S23:T8,4\n2o!");
    EXPECT_EQ(testing::gridToText(placePattern(q, {8, 4})), "oo......\n........\n........\n........\n");
}

// A growing plane's grid is part of Golly's unbounded universe: its live cells' box is written at its place
// on it, with no topology, and reads back there.
TEST(Rle, AnUnboundedPlaneIsWrittenAsItsLiveCellsAtTheirPlace) {
    Grid g({10, 10});
    g.at(3, 4) = 1;
    g.at(5, 6) = 1;
    Rule plane = parseRule("B3/S23").rule;
    plane.topology.kind = TopologyKind::Plane;
    std::ostringstream out;
    writeRle(out, g, plane,
             RleExtras{.name = {},
                       .comments = {},
                       .generation = 7,
                       .unboundedOrigin = std::pair<std::int64_t, std::int64_t>{-100, 50}});
    EXPECT_EQ(out.str(), "#CXRLE Pos=-97,54 Gen=7\nx = 3, y = 3, rule = B3/S23\no2$2bo!\n");
    const Pattern back = read(out.str());
    EXPECT_FALSE(back.rule->size);
    EXPECT_EQ(back.position, (std::pair<long long, long long>{-97, 54}));
}

TEST(Rle, FilesAreReadWithLimits) {
    const std::string dir = ::testing::TempDir();
    EXPECT_EQ(errorOfFile(dir), "pattern file '" + dir + "' is a directory, not a text file");
    EXPECT_EQ(errorOfFile("/dev/zero"), "pattern file '/dev/zero' is a character device, not a text file");
    EXPECT_NE(errorOfFile("/nonexistent/dir/p.rle").find("cannot open pattern file '/nonexistent/dir/p.rle': No such"),
              std::string::npos);
}

TEST(Rle, UnreadableAndUnwritablePaths) {
    EXPECT_THROW(readRleFile("/nonexistent/dir/p.rle"), Error);
    Grid g({3, 3});
    EXPECT_THROW(writeRleFile("/nonexistent/dir/p.rle", g, parseRule("B3/S23").rule), Error);
}

TEST(Rle, ABlockIsWrittenAsGollyPutsASelectionOnTheClipboard) {
    // Dead margins are part of the block: its size is the selection's, not its live cells' box.
    const Grid block = testing::gridFromText({"....", ".o..", "..o.", ".ooo", "...."});
    std::ostringstream torus;
    writeRleBlock(torus, block, RuleSpec{parseRule("B3/S23").rule, GridSize{40, 30}}, {-2, -3});
    EXPECT_EQ(torus.str(), "#CXRLE Pos=-2,-3\nx = 4, y = 5, rule = B3/S23:T40,30\n$bo$2bo$b3o!\n");
    const Pattern back = read(torus.str());
    EXPECT_EQ(back.cells, block);
    ASSERT_TRUE(back.position.has_value());
    EXPECT_EQ(*back.position, (std::pair<long long, long long>{-2, -3}));

    // An unbounded universe's rule names no topology; more states, Golly's state letters.
    const Grid decaying = testing::gridFromText({"o2", "3."});
    std::ostringstream plane;
    writeRleBlock(plane, decaying, RuleSpec{parseRule("345/2/4").rule, std::nullopt}, {7, -9});
    EXPECT_EQ(plane.str(), "#CXRLE Pos=7,-9\nx = 2, y = 2, rule = 345/2/4\nAB$C!\n");
    EXPECT_EQ(read(plane.str()).cells, decaying);
}

} // namespace
} // namespace catlab
