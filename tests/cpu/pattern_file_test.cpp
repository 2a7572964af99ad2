// The pattern readers of pattern_file.hpp on small files written here, placed as Golly places them
// (coordinates taken from Golly's readers and checked against bgolly's output).
#include "catlab/golly_rule_text.hpp"
#include "catlab/pattern_file.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace catlab {
namespace {

using testing::errorOf;

// Live cells as "x,y:state" at Golly's coordinates, row by row.
std::string liveCells(const Pattern& p) {
    std::string out;
    const long long left = p.position ? p.position->first : 0, top = p.position ? p.position->second : 0;
    for (int y = 0; y < p.cells.height(); ++y)
        for (int x = 0; x < p.cells.width(); ++x)
            if (const Cell c = p.cells.at(x, y))
                out += std::to_string(left + x) + "," + std::to_string(top + y) + ":" + std::to_string(int(c)) + " ";
    return out;
}

TEST(PatternFile, McellOnATorusIsCentredAsGollyCentresIt) {
    const Pattern p = readPattern("#MCell 4.00\n#GAME Generations\n#RULE 345/2/4\n#BOARD 10x8\n#WRAP 1\n"
                                  "#D a comment\n#L .AB$3A\n",
                                  "t.mcl");
    ASSERT_TRUE(p.rule);
    EXPECT_EQ(p.rule->rule, parseRule("B2/S345/C4").rule);
    EXPECT_EQ(p.rule->size, (GridSize{10, 8}));
    // Written from (-5, -4), then moved by ((10 + 1 - 3) / 2, (8 + 1 - 2) / 2) = (4, 3).
    EXPECT_EQ(liveCells(p), "0,-1:1 1,-1:2 -1,0:1 0,0:1 1,0:1 ");
    EXPECT_EQ(p.comments, (std::vector<std::string>{"#MCell 4.00", "#GAME Generations", "#RULE 345/2/4", "#BOARD 10x8",
                                                    "#WRAP 1", "#D a comment"}));
}

TEST(PatternFile, McellLargerThanLifeAndStatesBeyondTheRuleBecomeOne) {
    const Pattern p = readPattern("#MCell 2.20\n#GAME Larger than Life\n#RULE R2,C0,M1,S3..5,B3..4,NM\n"
                                  "#BOARD 20x20\n#WRAP 1\n#L 2C\n",
                                  "t.mcl");
    EXPECT_EQ(p.rule->rule, parseRule("R2,C0,M1,S3..5,B3..4,NM").rule);
    EXPECT_EQ(liveCells(p), "-1,0:1 0,0:1 ");
}

TEST(PatternFile, McellWrapZeroIsAPlane) {
    const Pattern p = readPattern("#MCell 2.0\n#GAME Generations\n#RULE 2/13/21\n#BOARD 9x9\n#WRAP 0\n#L A\n", "p.mcl");
    EXPECT_EQ(p.rule->size, (GridSize{9, 9}));
    EXPECT_EQ(p.rule->rule.topology.kind, TopologyKind::Plane);
    EXPECT_EQ(formatRuleSpec(*p.rule), "B13/S2/C21:P9,9");
}

TEST(PatternFile, McellRefusesUnknownGamesNamingTheLine) {
    EXPECT_EQ(
        errorOf([] { readPattern("#MCell 2.0\n#GAME Rules table\n#RULE 1,2\n#L A\n", "w.mcl"); }),
        "w.mcl:2: MCell game 'Rules table' is not supported (catlab runs Life, Generations and Larger than Life)");
    EXPECT_EQ(errorOf([] { readPattern("#MCell 2.0\n#RULE 23/3\n#L A?\n", "b.mcl"); }),
              "b.mcl:3: unexpected character '?' in #L data: expected digits, '.', '$', A..X or a..j followed by A..X");
    EXPECT_EQ(errorOf([] { readPattern("#MCell 2.0\n#RULE 23/3\n#BOARD 0x9\n", "z.mcl"); }),
              "z.mcl:3: bad #BOARD '0x9': expected WxH, each side 1..1048576");
}

TEST(PatternFile, PlaintextCells) {
    const Pattern p = readPattern("!Name: Glider\n!a note\n.O\n..O\nOOO\n", "g.cells");
    EXPECT_EQ(p.name, "Glider");
    EXPECT_EQ(p.comments, std::vector<std::string>{"!a note"});
    EXPECT_FALSE(p.rule);
    EXPECT_EQ(liveCells(p), "1,0:1 2,1:1 0,2:1 1,2:1 2,2:1 ");
    EXPECT_EQ(errorOf([] { readPattern("!x\n.O\n.X\n", "bad.cells"); }),
              "bad.cells:3: unexpected character 'X' in plaintext cells: expected '.' (dead) or 'O' (alive)");
}

TEST(PatternFile, Life105BlocksAndRules) {
    const Pattern p =
        readPattern("#Life 1.05\n#D two blocks\n#R 23/36\n#P -3 2\n**\n.*\n#P 4 -1\n*\n#P\n.*\n", "h.lif");
    EXPECT_EQ(p.rule->rule, parseRule("B36/S23").rule);
    EXPECT_EQ(p.comments, std::vector<std::string>{"#D two blocks"});
    // A bare "#P" goes on below the block before.
    EXPECT_EQ(liveCells(p), "4,-1:1 5,0:1 -3,2:1 -2,2:1 -2,3:1 ");
    // "#R B234" names births only, as Golly reads it.
    EXPECT_EQ(readPattern("#Life 1.05\n#R B234\n#P 0 0\n*\n", "r.lif").rule->rule, parseRule("B234/S").rule);
    EXPECT_EQ(errorOf([] { readPattern("#Life 1.05\n#P 1 x\n*\n", "p.lif"); }),
              "p.lif:2: expected #P x y, two whole numbers -4611686018427387904..4611686018427387904, got '1 x'");
}

TEST(PatternFile, Life106Cells) {
    const Pattern p = readPattern("#Life 1.06\n0 -1\n1 0\n-1 1\n0 1\n1 1\n", "g.lif");
    EXPECT_EQ(liveCells(p), "0,-1:1 1,0:1 -1,1:1 0,1:1 1,1:1 ");
    EXPECT_EQ(errorOf([] { readPattern("#Life 1.06\n0 0\n1 2 3\n", "g.lif"); }),
              "g.lif:3: expected a live cell 'x y', two whole numbers -4611686018427387904..4611686018427387904, got "
              "'1 2 3'");
}

// bgolly -h wrote this for "#CXRLE Pos=5,-7 / bo$3o!" (B3/S23).
TEST(PatternFile, MacrocellTwoStatesAtGollysCoordinates) {
    const Pattern p = readPattern("[M2] (golly 3.3)\n#R B3/S23\n#G 12\n......*$.....***$\n4 0 1 0 0\n", "m.mc");
    EXPECT_EQ(p.rule->rule, parseRule("B3/S23").rule);
    EXPECT_EQ(p.generation, "12");
    EXPECT_EQ(liveCells(p), "6,-7:1 5,-6:1 6,-6:1 7,-6:1 ");
}

// bgolly's Generations algorithm wrote this for "#CXRLE Pos=5,-7 / AB$3A!" (345/2/4).
TEST(PatternFile, MacrocellMultiState) {
    const Pattern p =
        readPattern("[M2] (golly 3.3)\n#R 345/2/4\n1 0 1 0 1\n1 2 0 1 1\n2 1 2 0 0\n3 0 3 0 0\n4 0 4 0 0\n", "g.mc");
    EXPECT_EQ(liveCells(p), "5,-7:1 6,-7:2 5,-6:1 6,-6:1 7,-6:1 ");
    EXPECT_EQ(errorOf([] { readPattern("[M2]\n#R 345/2/4\n1 0 1 0 1\n2 1 5 0 0\n", "b.mc"); }),
              "b.mc:4: node '5' is not one of the 1 nodes given before it (or 0, empty)");
    EXPECT_EQ(errorOf([] { readPattern("[M2]\n#R 345/2/4\n1 0 7 0 1\n", "s.mc"); }),
              "s.mc:3: cell state 7 but the rule has only 4 states");
}

TEST(PatternFile, FormatComesFromTheContentThenTheExtension) {
    EXPECT_EQ(detectPatternFormat("#MCell 2.0\n", "x.rle"), PatternFormat::Mcell);
    EXPECT_EQ(detectPatternFormat("\n#Life 1.06\n", ""), PatternFormat::Life106);
    EXPECT_EQ(detectPatternFormat("[M2] (golly)\n", ""), PatternFormat::Macrocell);
    EXPECT_EQ(detectPatternFormat(".O\n", "x.CELLS"), PatternFormat::Plaintext);
    EXPECT_EQ(detectPatternFormat("x = 1, y = 1\no!\n", "x.rle"), PatternFormat::Rle);
}

TEST(PatternFile, RleKeepsCommentsAndGenerationAndWritesThemBack) {
    const Pattern p = readPattern("#CXRLE Pos=-2,-1 Gen=12345678901234567890123\n#N name\n#C first\n#O someone\n"
                                  "x = 2, y = 1, rule = 345/2/4:T6,4\nAB!\n",
                                  "c.rle");
    EXPECT_EQ(p.generation, "12345678901234567890123");
    EXPECT_EQ(p.comments, (std::vector<std::string>{"#C first", "#O someone"}));
    std::ostringstream out;
    writeRle(out, placePattern(p, {6, 4}), p.rule->rule,
             RleExtras{.name = p.name, .comments = p.comments, .generation = 1234567890123, .unboundedOrigin = {}});
    EXPECT_EQ(out.str(), "#CXRLE Pos=-3,-2 Gen=1234567890123\n#N name\n#C first\n#O someone\n"
                         "x = 6, y = 4, rule = 345/2/4:T6,4\n$.AB!\n");
    EXPECT_EQ(errorOf([] { readPattern("#CXRLE Gen=12x\nx = 1, y = 1\no!\n", "g.rle"); }),
              "g.rle:1: bad Gen=12x in #CXRLE line: expected Gen=N, a whole number of generations");
}

TEST(PatternFile, RleKeepsABoundedTopologyAndWritesItBack) {
    const Pattern p = readPattern("x = 1, y = 1, rule = B3/S23:K20*+1,10\no!\n", "k.rle");
    ASSERT_TRUE(p.rule);
    EXPECT_EQ(p.rule->size, (GridSize{20, 10}));
    EXPECT_EQ(p.rule->rule.topology.kind, TopologyKind::KleinBottle);
    std::ostringstream out;
    writeRle(out, placePattern(p, {20, 10}), p.rule->rule);
    EXPECT_NE(out.str().find("rule = B3/S23:K20*+1,10\n"), std::string::npos) << out.str();
}

TEST(GollyRuleText, EachFamilyInTheNotationGollyReads) {
    EXPECT_EQ(formatRuleForGolly(parseRule("B3/S23").rule), "B3/S23");
    EXPECT_EQ(formatRuleForGolly(parseRule("B2/S345/C4").rule), "345/2/4");
    EXPECT_EQ(formatRuleForGolly(parseRule("B2/S/C3").rule), "/2/3");
    EXPECT_EQ(formatRuleForGolly(parseRule("B2/S34/C4V").rule), "R1,C4,M0,S3..4,B2..2,NN");
    EXPECT_EQ(formatRuleForGolly(parseRule("R5,C0,M1,S34..58,B34..45,NM").rule), "R5,C0,M1,S34..58,B34..45,NM");
    // HROT lists: Golly 4 reads them without M; a counted centre moves into the survival counts.
    EXPECT_EQ(formatRuleForGolly(parseRule("R2,C0,M1,S1,4-6,B3,7,NM").rule), "R2,C0,S0,3-5,B3,7,NM");
    // Single ranges once the centre is left out: Larger than Life notation, M0.
    EXPECT_EQ(formatRuleForGolly(parseRule("R2,C0,M1,S0,2-3,B3,NM").rule), "R2,C0,M0,S1..2,B3..3,NM");
    EXPECT_EQ(formatRuleSpecForGolly(parseRule("B2/S345/C4:T10,20")), "345/2/4:T10,20");
}

TEST(GollyRuleText, WhatIsWrittenReadsBackToARuleThatStepsTheSameCells) {
    for (const char* text : {"B3/S23", "B13/S012V", "B2/S345/C4", "B2/S34/C4V", "R5,C0,M1,S34..58,B34..45,NM",
                             "R3,C5,M0,S2,5-9,B4,NC", "R2,C0,M1,S1,4-6,B3,7,NM"}) {
        const Rule rule = parseRule(text).rule;
        const Rule back = parseRule(formatRuleForGolly(rule)).rule;
        if (rule.includeCentre == back.includeCentre) {
            EXPECT_EQ(back, rule) << text;
        } else { // the equivalent rule without the centre
            EXPECT_EQ(back.birth, rule.birth) << text;
            EXPECT_EQ(back.survival.intervals().front().lo + 1, rule.survival.intervals().front().lo) << text;
        }
    }
}

TEST(GollyRuleText, EvansNotation) {
    EXPECT_EQ(parseRule("5,34,45,34,58").rule, parseRule("R5,C0,M1,S34..58,B34..45,NM").rule);
    EXPECT_EQ(errorOf([] { parseRule("5,34,45,34"); }),
              "rule '5,34,45,34': Evans' notation has five numbers, r,bmin,bmax,smin,smax (e.g. 5,34,45,34,58)");
}

TEST(GollyRuleText, B0RulesSayHowGollyShowsThem) {
    EXPECT_EQ(gollyDisplayDifference(parseRule("B3/S23").rule), "");
    EXPECT_NE(gollyDisplayDifference(parseRule("B013568/S01").rule).find("odd ones as the complement"),
              std::string::npos);
    EXPECT_NE(gollyDisplayDifference(parseRule("B0/S8").rule).find("from 1 on"), std::string::npos);
}

TEST(Population, CountsEveryNonZeroState) {
    Grid g(GridSize{4, 1});
    g.at(0, 0) = 1;
    g.at(1, 0) = 2;
    g.at(3, 0) = 255;
    EXPECT_EQ(g.population(), 3u);
}

} // namespace
} // namespace catlab
