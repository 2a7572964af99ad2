// Golly's topologies: what lies past each edge, against the diagrams of Golly's Help ("Bounded Grids"),
// and the suffixes that name them.
#include "catlab/error.hpp"
#include "catlab/rule.hpp"
#include "catlab/topology.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace catlab {
namespace {

// Letters for the grid's cells, row by row (A B C D / E F G H / ...), and the diagram of the grid with
// its border one cell deep: the letter each border position stands for, '.' for a dead one. `grid` gives
// the size where the suffix leaves a side unbounded.
void expectBorder(const char* suffix, const std::vector<std::string>& diagram,
                  std::optional<GridSize> grid = std::nullopt) {
    SCOPED_TRACE(suffix);
    const RuleSpec spec = parseRule(std::string("B3/S23") + suffix);
    const GridSize size = grid ? *grid : *spec.size;
    ASSERT_EQ(int(diagram.size()), size.height + 2);
    for (int y = -1; y <= size.height; ++y) {
        ASSERT_EQ(int(diagram[std::size_t(y + 1)].size()), size.width + 2);
        for (int x = -1; x <= size.width; ++x) {
            const auto cell = resolvePosition(spec.rule.topology, size, x, y);
            const char expected = diagram[std::size_t(y + 1)][std::size_t(x + 1)];
            const char got = cell ? char('A' + cell->y * size.width + cell->x) : '.';
            EXPECT_EQ(got, expected) << "position " << x << "," << y;
        }
    }
}

TEST(Topology, EveryBorderIsAsGollyDrawsIt) {
    expectBorder(":P4,3", {"......", ".ABCD.", ".EFGH.", ".IJKL.", "......"});
    expectBorder(":T4,3", {"LIJKLI", "DABCDA", "HEFGHE", "LIJKLI", "DABCDA"});
    expectBorder(":T4+1,3", {"KLIJKL", "DABCDA", "HEFGHE", "LIJKLI", "ABCDAB"});
    expectBorder(":T4,3+1", {"HIJKLA", "LABCDE", "DEFGHI", "HIJKLA", "LABCDE"});
    expectBorder(":K4*,3", {"ILKJIL", "DABCDA", "HEFGHE", "LIJKLI", "ADCBAD"});
    expectBorder(":K4,3*", {"DIJKLA", "LABCDI", "HEFGHE", "DIJKLA", "LABCDI"});
    expectBorder(":C4,3", {"ALKJID", "LABCDI", "HEFGHE", "DIJKLA", "IDCBAL"});
    expectBorder(":S3", {"AADGC", "AABCG", "BDEFH", "CGHII", "GCFII"});
}

// Golly's Help draws a shifted twist one cell forward; Golly computes it one cell back
// (lifealgo.cpp, JoinTwistedAndShiftedEdges), and catlab runs what Golly runs.
TEST(Topology, AShiftedTwistIsWhatGollyComputes) {
    expectBorder(":K4*+1,3", {"LKJILK", "DABCDA", "HEFGHE", "LIJKLI", "DCBADC"});
    expectBorder(":K3,4*+1", {"LJKLJ", "IABCG", "FDEFD", "CGHIA", "LJKLJ", "IABCG"});
}

// Two cells deep (radius 2) the joins continue inwards.
TEST(Topology, DeeperPositionsFollowTheJoinInwards) {
    const GridSize size{5, 5};
    Topology sphere{.kind = TopologyKind::Sphere};
    EXPECT_EQ(resolvePosition(sphere, size, 3, -2), (CellPosition{1, 3})); // past the top: mirrored
    EXPECT_EQ(resolvePosition(sphere, size, -2, 3), (CellPosition{3, 1}));
    EXPECT_EQ(resolvePosition(sphere, size, 6, 1), (CellPosition{1, 3}));
    Topology klein{.kind = TopologyKind::KleinBottle, .twisted = Edges::Horizontal};
    EXPECT_EQ(resolvePosition(klein, size, 1, -2), (CellPosition{3, 3}));
    EXPECT_EQ(resolvePosition(klein, size, 1, 6), (CellPosition{3, 1}));
    Topology torus{.shifted = Edges::Horizontal, .shift = 7};
    EXPECT_EQ(resolvePosition(torus, size, 0, -2), (CellPosition{3, 3})); // 0 - 7 wraps to 3
    EXPECT_FALSE(resolvePosition(Topology{.kind = TopologyKind::Plane}, size, -2, 0));
}

TEST(Topology, SuffixesReadAndWriteAsGollyWritesThem) {
    for (const char* text :
         {"B3/S23:T30,20", "B3/S23:P30,20", "B3/S23:T30+5,20", "B3/S23:T30,20-2", "B3/S23:K30*,20", "B3/S23:K30,20*",
          "B3/S23:K30*+1,20", "B3/S23:K3,4*+1", "B3/S23:C30,20", "B3/S23:S30", "R2,C0,M0,S3..5,B4..6,NM:P40,30"}) {
        SCOPED_TRACE(text);
        const RuleSpec spec = parseRule(text);
        EXPECT_EQ(formatRuleSpec(spec), text);
        EXPECT_EQ(parseRule(formatRuleSpec(spec)).rule, spec.rule);
    }
    EXPECT_EQ(formatRuleSpec(parseRule("B3/S23:p30,20")), "B3/S23:P30,20");       // lowercase letter
    EXPECT_EQ(formatRuleSpec(parseRule("B3/S23:K30*-3,20")), "B3/S23:K30*+1,20"); // every twist shift is one
    EXPECT_EQ(formatRuleSpec(parseRule("B3/S23:S30,30")), "B3/S23:S30");
    EXPECT_TRUE(parseRule("B3/S23:T30,20").rule.topology.plainTorus());
    EXPECT_FALSE(parseRule("B3/S23:T30+1,20").rule.topology.plainTorus());
    EXPECT_EQ(parseRule("B3/S23:P2,1").size, (GridSize{2, 1})); // a plane may be smaller than 2r + 1
}

// Golly's Help: "Use 0 to specify an infinite width or height", on a torus (a tube) or a plane.
TEST(Topology, AZeroSideIsUnbounded) {
    for (const char* text :
         {"B3/S23:T0,20", "B3/S23:T30,0", "B3/S23:P0,20", "B3/S23:P30,0", "R2,C0,M0,S3..5,B4..6,NX:T0,41"}) {
        SCOPED_TRACE(text);
        const RuleSpec spec = parseRule(text);
        EXPECT_EQ(formatRuleSpec(spec), text);
        EXPECT_EQ(parseRule(formatRuleSpec(spec)).rule, spec.rule);
        EXPECT_FALSE(spec.rule.topology.plainTorus());
    }
    const RuleSpec tube = parseRule("B3/S23:t0,20");
    EXPECT_EQ(tube.rule.topology.kind, TopologyKind::Torus);
    EXPECT_TRUE(tube.rule.topology.unboundedWidth);
    EXPECT_FALSE(tube.rule.topology.unboundedHeight);
    EXPECT_EQ(tube.size, (GridSize{0, 20}));
    EXPECT_EQ(describeTopology(tube.rule.topology), "tube (unbounded across, joined top to bottom)");
    // Whatever the grid's width, the suffix says the side is unbounded.
    EXPECT_EQ(formatRuleSpec(RuleSpec{tube.rule, GridSize{512, 20}}), "B3/S23:T0,20");
    const RuleSpec strip = parseRule("B3/S23:P30,0");
    EXPECT_TRUE(strip.rule.topology.unboundedHeight);
    EXPECT_EQ(describeTopology(strip.rule.topology), "strip (unbounded downwards, dead past its other edges)");
    // Both sides unbounded: Golly's unbounded universe, which Golly writes with no suffix.
    for (const char* text : {"B3/S23:T0,0", "B3/S23:P0,0"}) {
        const RuleSpec universe = parseRule(text);
        EXPECT_FALSE(universe.size) << text;
        EXPECT_EQ(formatRuleSpec(universe), "B3/S23") << text;
    }
}

// A tube's grid is finite: past its unbounded sides lie dead cells (the grid grows before live cells
// come near them), past the others the join.
TEST(Topology, ATubeJoinsOneWayAndIsDeadTheOther) {
    expectBorder(":T0,3",
                 {".IJKL.", //
                  ".ABCD.", //
                  ".EFGH.", //
                  ".IJKL.", //
                  ".ABCD."},
                 GridSize{4, 3});
    const Topology tube = parseRule("B3/S23:T0,3").rule.topology;
    const GridSize size{4, 3};
    EXPECT_EQ(resolvePosition(tube, size, 1, -1), (CellPosition{1, 2}));
    EXPECT_EQ(resolvePosition(tube, size, 3, 4), (CellPosition{3, 1}));
    EXPECT_FALSE(resolvePosition(tube, size, -1, 1));
    EXPECT_FALSE(resolvePosition(tube, size, 4, 1));
    const Topology sideways = parseRule("B3/S23:T4,0").rule.topology;
    EXPECT_EQ(resolvePosition(sideways, size, -1, 1), (CellPosition{3, 1}));
    EXPECT_FALSE(resolvePosition(sideways, size, 1, -1));
    EXPECT_FALSE(resolvePosition(sideways, size, 1, 3));
}

TEST(Topology, BadSuffixesSayWhatIsWrong) {
    const auto error = [](const char* text) { return testing::errorOf([&] { parseRule(text); }); };
    EXPECT_NE(error("B3/S23:S30,20").find("sides must be equal"), std::string::npos);
    EXPECT_NE(error("B3/S23:K30,20").find("twists exactly one pair"), std::string::npos);
    EXPECT_NE(error("B3/S23:K30*,20*").find("twists exactly one pair"), std::string::npos);
    EXPECT_NE(error("B3/S23:K31*+1,20").find("31 is odd"), std::string::npos);
    EXPECT_NE(error("B3/S23:K30*,20+1").find("only on its twisted edges"), std::string::npos);
    EXPECT_NE(error("B3/S23:T30+1,20+1").find("only one pair of edges"), std::string::npos);
    EXPECT_NE(error("B3/S23:P30*,20").find("only a Klein bottle"), std::string::npos);
    EXPECT_NE(error("B3/S23:C30+1,20").find("cannot be shifted"), std::string::npos);
    EXPECT_NE(error("B3/S23:X30,20").find("unknown topology 'X'"), std::string::npos);
    EXPECT_NE(error("B3/S23:K0*,20").find("Klein bottle cannot have an unbounded side"), std::string::npos);
    EXPECT_NE(error("B3/S23:C30,0").find("cross-surface cannot have an unbounded side"), std::string::npos);
    EXPECT_NE(error("B3/S23:S0").find("sphere cannot have an unbounded side"), std::string::npos);
    EXPECT_NE(error("B3/S23:T0,20+1").find("unbounded side (0) cannot be shifted"), std::string::npos);
    EXPECT_NE(error("B3/S23:T30+2,0").find("unbounded side (0) cannot be shifted"), std::string::npos);
    EXPECT_NE(error("B3/S23:T30,20x").find("unexpected 'x'"), std::string::npos);
    EXPECT_NE(error("B3/S23:T30").find("expected :Twidth,height"), std::string::npos);
    // A grid too small for the neighbourhood is refused where the grid is made, as on a torus.
    const RuleSpec small = parseRule("R3,C0,M0,S3..5,B4..6,NM:K6*,20");
    EXPECT_NE(testing::errorOf([&] {
                  validateTopology(small.rule.topology, *small.size, 3);
              }).find("too small for a neighbourhood reaching 3 cells"),
              std::string::npos);
    EXPECT_NE(error("B3/S23:").find("empty topology"), std::string::npos);
}

} // namespace
} // namespace catlab
