#include "catlab/error.hpp"
#include "catlab/rule.hpp"

#include <gtest/gtest.h>

namespace catlab {
namespace {

Rule parse(const std::string& s) { return parseRule(s).rule; }

std::string errorOf(const std::string& s) {
    try {
        parseRule(s);
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(RuleParser, LargerThanLifeNotation) {
    const Rule r = parse("R5,C0,M1,S34..58,B34..45,NM");
    EXPECT_EQ(r.radius, 5);
    EXPECT_EQ(r.states, 2);
    EXPECT_TRUE(r.includeCentre);
    EXPECT_EQ(r.neighbourhood, Neighbourhood::Moore);
    EXPECT_EQ(r.survival.intervals(), (std::vector<Interval>{{34, 58}}));
    EXPECT_EQ(r.birth.intervals(), (std::vector<Interval>{{34, 45}}));
    EXPECT_EQ(r.neighbourhoodSize(), 121);
}

TEST(RuleParser, HrotNotationForAnneal) {
    const Rule hrot = parse("R1,C0,S3,5-8,B4,6-8,NM");
    const Rule lifeLike = parse("B4678/S35678");
    EXPECT_EQ(hrot, lifeLike);
    EXPECT_EQ(hrot.survival.intervals(), (std::vector<Interval>{{3, 3}, {5, 8}}));
    EXPECT_EQ(hrot.birth.intervals(), (std::vector<Interval>{{4, 4}, {6, 8}}));
    EXPECT_FALSE(hrot.includeCentre);
}

TEST(RuleParser, LifeLikeForms) {
    const Rule life = parse("B3/S23");
    EXPECT_EQ(life, parse("b3/s23"));
    EXPECT_EQ(life, parse("S23/B3"));
    EXPECT_EQ(life, parse("23/3"));
    EXPECT_EQ(life, parse("R1,C0,M0,S2..3,B3..3,NM"));
    EXPECT_EQ(life.radius, 1);
    EXPECT_EQ(life.neighbourhoodSize(), 8);

    const Rule brain = parse("B2/S/C3");
    EXPECT_EQ(brain.states, 3);
    EXPECT_TRUE(brain.survival.empty());
    EXPECT_EQ(parse("/2/3"), brain);

    const Rule vn = parse("B2/S013V");
    EXPECT_EQ(vn.neighbourhood, Neighbourhood::VonNeumann);
    EXPECT_EQ(vn.neighbourhoodSize(), 4);
}

TEST(RuleParser, NeighbourhoodSizes) {
    EXPECT_EQ(neighbourhoodCells(Neighbourhood::Moore, 3), 49);
    EXPECT_EQ(neighbourhoodCells(Neighbourhood::VonNeumann, 3), 25); // 2r(r+1)+1
    EXPECT_EQ(neighbourhoodCells(Neighbourhood::Circular, 1), 9);    // distance < 1.5 takes the corners
    EXPECT_EQ(neighbourhoodCells(Neighbourhood::Circular, 2), 21);
    EXPECT_EQ(neighbourhoodCells(Neighbourhood::Moore, 500), 1001 * 1001);
}

TEST(RuleParser, TorusSuffix) {
    const RuleSpec spec = parseRule("R5,C0,M1,S34..58,B34..45,NM:T500,40");
    ASSERT_TRUE(spec.size.has_value());
    EXPECT_EQ(spec.size->width, 500);
    EXPECT_EQ(spec.size->height, 40);
    EXPECT_EQ(formatRuleSpec(spec), "R5,C0,M1,S34..58,B34..45,NM:T500,40");
    EXPECT_EQ(parseRule("B3/S23:T64,32").size, (GridSize{64, 32}));
}

TEST(RuleParser, FormatRoundTrips) {
    for (const char* text :
         {"R5,C0,M1,S34..58,B34..45,NM", "B3/S23", "B4678/S35678", "B2/S/C3", "B2/S013V", "R1,C0,S3,5-8,B4,6-8,NM",
          "R10,C255,M1,S2..3,B3..3,NM", "R7,C0,M0,S50..100,B45..70,NN", "R3,C5,M1,S,B7,9-11,NC",
          "R500,C0,M0,S1000..500000,B20..30,NM", "R2,C0,M1,S0..0,B0..24,NM", "R1,C0,M1,S1..1,B1..1,NN"}) {
        SCOPED_TRACE(text);
        const Rule r = parse(text);
        const std::string formatted = r.format();
        EXPECT_EQ(parse(formatted), r) << formatted;
    }
    EXPECT_EQ(parse("R5,C0,M1,S34..58,B34..45,NM").format(), "R5,C0,M1,S34..58,B34..45,NM");
    EXPECT_EQ(parse("R1,C0,M0,S2..3,B3..3,NM").format(), "B3/S23");
    EXPECT_EQ(parse("R2,C0,S3,5-8,B4,6-8,NM").format(), "R2,C0,M0,S3,5-8,B4,6-8,NM");
}

TEST(RuleParser, ErrorsNameTheBadToken) {
    EXPECT_NE(errorOf("R5,C0,M1,S34..58,B34..4x,NM").find("'B34..4x'"), std::string::npos);
    EXPECT_NE(errorOf("R5,C0,M1,S34..58,B34..45,NQ").find("'NQ'"), std::string::npos);
    EXPECT_NE(errorOf("R5,C0,M2,S34..58,B34..45,NM").find("'M2'"), std::string::npos);
    EXPECT_NE(errorOf("R5,C0,M1,Z3,S34..58,B34..45,NM").find("'Z3'"), std::string::npos);
    EXPECT_NE(errorOf("R5,R6,S1..2,B3..4").find("given twice"), std::string::npos);
    EXPECT_NE(errorOf("R5,S40..30,B3..4").find("backwards"), std::string::npos);
    EXPECT_NE(errorOf("B39/S23").find("'B39'"), std::string::npos);
    EXPECT_NE(errorOf("B3/S2a").find("'S2a'"), std::string::npos);
    EXPECT_NE(errorOf("B3/S23:K10,10").find("bad topology ':K10,10'"), std::string::npos);
    EXPECT_NE(errorOf("B3/S23:T10").find("bad topology ':T10'"), std::string::npos);
    EXPECT_NE(errorOf("hello").find("no known notation"), std::string::npos);
    EXPECT_NE(errorOf("").find("empty"), std::string::npos);
    EXPECT_NE(errorOf("R5,C0,M1,B34..45,NM").find("lacks its S field"), std::string::npos);
}

TEST(RuleParser, RangesAreChecked) {
    EXPECT_NE(errorOf("R0,C0,M1,S1..2,B3..4,NM").find("radius 0 is out of range 1..500"), std::string::npos);
    EXPECT_NE(errorOf("R501,C0,M1,S1..2,B3..4,NM").find("radius 501"), std::string::npos);
    EXPECT_NE(errorOf("R1,C257,M1,S1..2,B3..4,NM").find("state count 257"), std::string::npos);
    EXPECT_NE(errorOf("R1,C0,M1,S1..10,B3..4,NM").find("outside 0..9"), std::string::npos);
    EXPECT_NE(errorOf("R1,C0,M0,S1..2,B3..9,NM").find("outside 0..8"), std::string::npos);
    EXPECT_NE(errorOf("R1,C0,M1,S1..2,B3..4,NM,99999999999").find("bad token"), std::string::npos);
    EXPECT_EQ(parse("R1,C1,M0,S2..3,B3..3,NM").states, 2); // C0 and C1 both mean two states
    EXPECT_EQ(errorOf("R99999999999,C0,M1,S1..2,B3..4,NM"),
              "bad token 'R99999999999' in rule 'R99999999999,C0,M1,S1..2,B3..4,NM': expected a radius of at most "
              "2147483647");
    EXPECT_EQ(errorOf("B3/S23:T2000000,64"),
              "bad topology ':T2000000,64' in rule 'B3/S23:T2000000,64': width 2000000 is outside 0..1048576");
    EXPECT_EQ(errorOf("B3/S23:C0,64"),
              "bad topology ':C0,64' in rule 'B3/S23:C0,64': a cross-surface cannot have an unbounded side (0)");
}

TEST(RuleParser, EmptyRuleTextsAreRefused) {
    EXPECT_EQ(errorOf("/"), "rule '/' names no counts (the rule where nothing is born and nothing survives is B/S)");
    EXPECT_EQ(errorOf("/V"), "rule '/V' names no counts (the rule where nothing is born and nothing survives is B/S)");
    EXPECT_EQ(errorOf(":T64,64"), "rule ':T64,64' has a topology but no rule before the ':'");
    EXPECT_EQ(errorOf("  "), "empty rule string");
    // What they are not: the rules that are written out.
    EXPECT_EQ(parse("B/S").format(), "B/S");
    EXPECT_EQ(parse("23/").format(), "B/S23");
    EXPECT_EQ(parse("/3").format(), "B3/S");
}

TEST(CountSet, MergesAndSorts) {
    const CountSet s({{8, 9}, {1, 2}, {3, 4}, {20, 19}});
    EXPECT_EQ(s.intervals(), (std::vector<Interval>{{1, 4}, {8, 9}}));
    EXPECT_TRUE(s.contains(3));
    EXPECT_FALSE(s.contains(5));
    EXPECT_EQ(s.max(), 9);
}

} // namespace
} // namespace catlab
