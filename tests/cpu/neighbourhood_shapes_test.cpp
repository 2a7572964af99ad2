// The HROT neighbourhood shapes against Golly 4: each shape's cells at radius 1, 2 and 3 as drawn by the
// loops of gollybase/ltlalgo.cpp (fast_Cross, fast_Saltire, ...; the diagrams of Help: Larger than Life are
// the r = 3 rows), its largest count against Golly's max_neighbors, the weights of NG, NW and N@ against the
// Help page's examples, and the rule text of every shape read back.
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/rule.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace catlab {
namespace {

std::string errorOf(const std::string& text) {
    try {
        parseRule(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}

struct ShapePicture {
    char letter;
    int radius;
    std::vector<std::string> rows; // dy = -r first; 'O' marks a cell of the neighbourhood, the centre included
};

// dx runs over -r..r (the triangular shape: -2r..2r); the triangular shape is the one of cells with even x + y.
const ShapePicture kPictures[] = {
    {'M', 1, {"OOO", "OOO", "OOO"}},
    {'M', 2, {"OOOOO", "OOOOO", "OOOOO", "OOOOO", "OOOOO"}},
    {'M', 3, {"OOOOOOO", "OOOOOOO", "OOOOOOO", "OOOOOOO", "OOOOOOO", "OOOOOOO", "OOOOOOO"}},
    {'N', 1, {".O.", "OOO", ".O."}},
    {'N', 2, {"..O..", ".OOO.", "OOOOO", ".OOO.", "..O.."}},
    {'N', 3, {"...O...", "..OOO..", ".OOOOO.", "OOOOOOO", ".OOOOO.", "..OOO..", "...O..."}},
    {'C', 1, {"OOO", "OOO", "OOO"}},
    {'C', 2, {".OOO.", "OOOOO", "OOOOO", "OOOOO", ".OOO."}},
    {'C', 3, {"..OOO..", ".OOOOO.", "OOOOOOO", "OOOOOOO", "OOOOOOO", ".OOOOO.", "..OOO.."}},
    {'+', 1, {".O.", "OOO", ".O."}},
    {'+', 2, {"..O..", "..O..", "OOOOO", "..O..", "..O.."}},
    {'+', 3, {"...O...", "...O...", "...O...", "OOOOOOO", "...O...", "...O...", "...O..."}},
    {'X', 1, {"O.O", ".O.", "O.O"}},
    {'X', 2, {"O...O", ".O.O.", "..O..", ".O.O.", "O...O"}},
    {'X', 3, {"O.....O", ".O...O.", "..O.O..", "...O...", "..O.O..", ".O...O.", "O.....O"}},
    {'*', 1, {"OOO", "OOO", "OOO"}},
    {'*', 2, {"O.O.O", ".OOO.", "OOOOO", ".OOO.", "O.O.O"}},
    {'*', 3, {"O..O..O", ".O.O.O.", "..OOO..", "OOOOOOO", "..OOO..", ".O.O.O.", "O..O..O"}},
    {'2', 1, {".O.", "OOO", ".O."}},
    {'2', 2, {"..O..", ".OOO.", "OOOOO", ".OOO.", "..O.."}},
    {'2', 3, {"...O...", ".OOOOO.", ".OOOOO.", "OOOOOOO", ".OOOOO.", ".OOOOO.", "...O..."}},
    {'H', 1, {"OO.", "OOO", ".OO"}},
    {'H', 2, {"OOO..", "OOOO.", "OOOOO", ".OOOO", "..OOO"}},
    {'H', 3, {"OOOO...", "OOOOO..", "OOOOOO.", "OOOOOOO", ".OOOOOO", "..OOOOO", "...OOOO"}},
    {'B', 1, {".O.", "OOO", ".O."}},
    {'B', 2, {".O.O.", "O.O.O", ".OOO.", "O.O.O", ".O.O."}},
    {'B', 3, {".O.O.O.", "O.O.O.O", ".O.O.O.", "O.OOO.O", ".O.O.O.", "O.O.O.O", ".O.O.O."}},
    {'D', 1, {"O.O", ".O.", "O.O"}},
    {'D', 2, {"O.O.O", ".O.O.", "O.O.O", ".O.O.", "O.O.O"}},
    {'D', 3, {"O.O.O.O", ".O.O.O.", "O.O.O.O", ".O.O.O.", "O.O.O.O", ".O.O.O.", "O.O.O.O"}},
    {'#', 1, {"OOO", "OOO", "OOO"}},
    {'#', 2, {".O.O.", "OOOOO", ".OOO.", "OOOOO", ".O.O."}},
    {'#', 3, {"..O.O..", "..O.O..", "OOOOOOO", "..OOO..", "OOOOOOO", "..O.O..", "..O.O.."}},
    {'3', 1, {".O.", "OO.", "..O"}},
    {'3', 2, {"..O..", "..O..", "OOO..", "...O.", "....O"}},
    {'3', 3, {"...O...", "...O...", "...O...", "OOOO...", "....O..", ".....O.", "......O"}},
    {'A', 1, {"OO.", "OOO", ".OO"}},
    {'A', 2, {"O.O..", ".OO..", "OOOOO", "..OO.", "..O.O"}},
    {'A', 3, {"O..O...", ".O.O...", "..OO...", "OOOOOOO", "...OO..", "...O.O.", "...O..O"}},
    {'L', 1, {"OOOOO", "OOOOO", ".OOO."}},
    {'L', 2, {".OOOOOOO.", "OOOOOOOOO", "OOOOOOOOO", ".OOOOOOO.", "..OOOOO.."}},
    {'L',
     3,
     {"..OOOOOOOOO..", ".OOOOOOOOOOO.", "OOOOOOOOOOOOO", "OOOOOOOOOOOOO", ".OOOOOOOOOOO.", "..OOOOOOOOO..",
      "...OOOOOOO..."}},
};

TEST(NeighbourhoodShapes, CellsMatchGollysPictures) {
    for (const ShapePicture& p : kPictures) {
        const auto kind = neighbourhoodFromLetter(p.letter);
        ASSERT_TRUE(kind) << p.letter;
        const int r = p.radius, reachX = int(p.rows[0].size()) / 2;
        ASSERT_EQ(int(p.rows.size()), 2 * r + 1);
        int cells = 0;
        for (int dy = -r; dy <= r; ++dy)
            for (int dx = -reachX; dx <= reachX; ++dx) {
                const bool expected = p.rows[std::size_t(dy + r)][std::size_t(dx + reachX)] == 'O';
                cells += expected;
                EXPECT_EQ(inNeighbourhood(*kind, r, dx, dy), expected)
                    << toString(*kind) << " r=" << r << " at (" << dx << ", " << dy << ")";
            }
        // Nothing beyond the drawn square.
        for (int dy = -r - 1; dy <= r + 1; ++dy)
            for (int dx : {-reachX - 1, reachX + 1}) EXPECT_FALSE(inNeighbourhood(*kind, r, dx, dy)) << p.letter;
        EXPECT_EQ(neighbourhoodCells(*kind, r), cells) << toString(*kind) << " r=" << r;
    }
}

// Golly's max_neighbors (the centre left out) for the shapes it gives a formula.
TEST(NeighbourhoodShapes, LargestCountsMatchGollysFormulas) {
    for (int r = 1; r <= 20; ++r) {
        const int square = (2 * r + 1) * (2 * r + 1);
        auto size = [r](Neighbourhood n) { return neighbourhoodCells(n, r) - 1; };
        EXPECT_EQ(size(Neighbourhood::Moore), square - 1);
        EXPECT_EQ(size(Neighbourhood::VonNeumann), 2 * r * (r + 1));
        EXPECT_EQ(size(Neighbourhood::Cross), 4 * r);
        EXPECT_EQ(size(Neighbourhood::Saltire), 4 * r);
        EXPECT_EQ(size(Neighbourhood::Star), 8 * r);
        EXPECT_EQ(size(Neighbourhood::Hexagonal), square - r * (r + 1) - 1);
        EXPECT_EQ(size(Neighbourhood::Checkerboard), (square - 1) / 2);
        EXPECT_EQ(size(Neighbourhood::AlignedCheckerboard), (square - 1) / 2);
        EXPECT_EQ(size(Neighbourhood::Hash), 8 * r);
        EXPECT_EQ(size(Neighbourhood::Tripod), 3 * r);
        EXPECT_EQ(size(Neighbourhood::Asterisk), 6 * r);
        EXPECT_EQ(size(Neighbourhood::Triangular), (4 * r + 1) * (2 * r + 1) - 2 * r * r - 1);
        Rule gaussian;
        gaussian.neighbourhood = Neighbourhood::Gaussian;
        gaussian.radius = r;
        EXPECT_EQ(gaussian.neighbourhoodSize(), (r + 1) * (r + 1) * (r + 1) * (r + 1));
    }
}

TEST(NeighbourhoodShapes, RowSpanShapesAreTheirRows) {
    for (Neighbourhood n : {Neighbourhood::Moore, Neighbourhood::VonNeumann, Neighbourhood::Circular,
                            Neighbourhood::Euclidean, Neighbourhood::Cross}) {
        ASSERT_TRUE(isCentredRowSpans(n));
        for (int r : {1, 2, 3, 7})
            for (int dy = -r; dy <= r; ++dy)
                for (int dx = -r; dx <= r; ++dx)
                    EXPECT_EQ(inNeighbourhood(n, r, dx, dy), std::abs(dx) <= rowHalfWidth(n, r, dy)) << toString(n);
    }
    for (Neighbourhood n :
         {Neighbourhood::Saltire, Neighbourhood::Hexagonal, Neighbourhood::Checkerboard, Neighbourhood::Weighted}) {
        EXPECT_FALSE(isCentredRowSpans(n));
        EXPECT_THROW(rowHalfWidth(n, 2, 0), Error) << toString(n);
    }
}

// The row-span backends walk rows by rowSpan and columns by the same spans: each shape is its own
// transpose, and every span holds the centre column (the backends add the offsets left and right of it).
TEST(NeighbourhoodShapes, RowSpansAreRowsAndColumns) {
    int shapes = 0;
    for (int letter = 0; letter < 128; ++letter) {
        const auto n = neighbourhoodFromLetter(char(letter));
        if (!n || neighbourhoodLetter(*n) != letter || !isFixedShape(*n) || !isRowSpans(*n)) continue;
        ++shapes;
        for (int r : {1, 2, 3, 7, 20})
            for (int dy = -r; dy <= r; ++dy) {
                const RowSpan span = rowSpan(*n, r, dy);
                EXPECT_LE(span.lo, 0) << toString(*n);
                EXPECT_GE(span.hi, 0) << toString(*n);
                for (int dx = -r - 1; dx <= r + 1; ++dx) {
                    const bool inRow = dx >= span.lo && dx <= span.hi;
                    EXPECT_EQ(inNeighbourhood(*n, r, dx, dy), inRow) << toString(*n) << " r=" << r;
                    EXPECT_EQ(inNeighbourhood(*n, r, dy, dx), inRow) << toString(*n) << " r=" << r;
                }
            }
    }
    EXPECT_EQ(shapes, 6); // M, N, C, 2, + and H
    EXPECT_TRUE(isRowSpans(Neighbourhood::Hexagonal));
    EXPECT_EQ(rowSpan(Neighbourhood::Hexagonal, 3, -1), (RowSpan{-3, 2}));
    EXPECT_EQ(rowSpan(Neighbourhood::Hexagonal, 3, 2), (RowSpan{-1, 3}));
    for (Neighbourhood n : {Neighbourhood::Saltire, Neighbourhood::Triangular, Neighbourhood::Checkerboard,
                            Neighbourhood::Tripod, Neighbourhood::Weighted}) {
        EXPECT_FALSE(isRowSpans(n));
        EXPECT_THROW(rowSpan(n, 2, 0), Error) << toString(n);
    }
}

// The weight of each cell of the square in the rule's shape (centre: centreWeight), row by row.
std::vector<std::vector<int>> weightsOf(const Rule& rule, bool flipped = false) {
    const NeighbourhoodShape s = neighbourhoodShape(rule);
    const int side = 2 * s.reachX + 1;
    std::vector<std::vector<int>> grid(std::size_t(2 * s.reachY + 1), std::vector<int>(std::size_t(side), 0));
    grid[std::size_t(s.reachY)][std::size_t(s.reachX)] = s.centreWeight;
    for (const NeighbourOffset& o : s.offsets)
        grid[std::size_t((flipped ? -o.dy : o.dy) + s.reachY)][std::size_t(o.dx + s.reachX)] = o.weight;
    return grid;
}

// Help, "Gaussian (NG)": R2,C2,M0,S31..48,B24..38,NG weighs the 5x5 square 1 2 3 2 1 / 2 4 6 4 2 / 3 6 9 6 3 / ...
// Golly's fast_Gaussian counts a live centre with its weight 9 under M0 (10 under M1).
TEST(NeighbourhoodShapes, GaussianWeightsMatchTheHelpExample) {
    const Rule rule = parseRule("R2,C2,M0,S31..48,B24..38,NG").rule;
    EXPECT_EQ(weightsOf(rule),
              (std::vector<std::vector<int>>{
                  {1, 2, 3, 2, 1}, {2, 4, 6, 4, 2}, {3, 6, 9, 6, 3}, {2, 4, 6, 4, 2}, {1, 2, 3, 2, 1}}));
    EXPECT_EQ(rule.neighbourhoodSize(), 81);
    EXPECT_EQ(neighbourhoodShape(parseRule("R2,C2,M1,S31..48,B24..38,NG").rule).centreWeight, 10);
    EXPECT_NE(errorOf("R51,C0,S1,B1,NG").find("out of range 1..50 for the Gaussian neighbourhood"), std::string::npos);
}

// Help, "Weighted (NW)": 1 2 3 / 4 0 1 / 3 2 3 is NW123401323; 8 16 8 / 10 -5 10 / 8 16 8 is
// NW0810080a850a081008 (the top bit of a digit or pair is the sign). The centre carries its own weight.
TEST(NeighbourhoodShapes, WeightedNeighbourhoodsMatchTheHelpExamples) {
    const Rule one = parseRule("R1,C0,S2,B3,NW123401323").rule;
    EXPECT_EQ(one.neighbourhood, Neighbourhood::Weighted);
    EXPECT_EQ(weightsOf(one), (std::vector<std::vector<int>>{{1, 2, 3}, {4, 0, 1}, {3, 2, 3}}));
    EXPECT_EQ(one.neighbourhoodSize(), 19);

    const Rule two = parseRule("R1,C0,S2,B3,NW0810080a850a081008").rule;
    EXPECT_EQ(weightsOf(two), (std::vector<std::vector<int>>{{8, 16, 8}, {10, -5, 10}, {8, 16, 8}}));
    const NeighbourhoodShape shape = neighbourhoodShape(two);
    EXPECT_EQ(shape.centreWeight, -5);
    EXPECT_EQ(shape.maxCount, 84);
    EXPECT_EQ(shape.minCount, -5);

    // Single digits 8..f are 0..-7.
    EXPECT_EQ(weightsOf(parseRule("R1,C0,S0,B0,NW9AB0C0DEF").rule),
              (std::vector<std::vector<int>>{{-1, -2, -3}, {0, -4, 0}, {-5, -6, -7}}));
}

// Help, "Custom (N@)": the square 10001 / 00100 / 01c10 / 00100 / 10001 without its centre is 891891.
TEST(NeighbourhoodShapes, CustomNeighbourhoodsMatchTheHelpExample) {
    const Rule rule = parseRule("R2,C0,S2,B3,N@891891").rule;
    EXPECT_EQ(rule.neighbourhood, Neighbourhood::Custom);
    EXPECT_EQ(weightsOf(rule),
              (std::vector<std::vector<int>>{
                  {1, 0, 0, 0, 1}, {0, 0, 1, 0, 0}, {0, 1, 0, 1, 0}, {0, 0, 1, 0, 0}, {1, 0, 0, 0, 1}}));
    EXPECT_EQ(rule.neighbourhoodSize(), 8);
    const Rule centred = parseRule("R2,C0,M1,S2..3,B3..3,N@891891").rule;
    EXPECT_EQ(centred.neighbourhoodSize(), 9);
    EXPECT_EQ(neighbourhoodShape(centred).centreWeight, 1);
}

// Golly flips the triangular neighbourhood, and NW or N@ ending in L, on cells with odd x + y.
TEST(NeighbourhoodShapes, TriangularShapesFlipOnOddCells) {
    const NeighbourhoodShape tri = neighbourhoodShape(parseRule("R1,C0,S2,B3,NL").rule);
    EXPECT_TRUE(tri.flipsOnOddCells);
    EXPECT_EQ(tri.reachX, 2);
    EXPECT_EQ(tri.reachY, 1);
    const Rule custom = parseRule("R1,C0,S2,B3,N@F8L").rule; // 111 / 1c1 / 000
    EXPECT_EQ(custom.weights.grid, CellGrid::Triangular);
    EXPECT_TRUE(neighbourhoodShape(custom).flipsOnOddCells);
    EXPECT_EQ(weightsOf(custom, true), (std::vector<std::vector<int>>{{0, 0, 0}, {1, 0, 1}, {1, 1, 1}}));
    // H only draws the cells on a hexagonal grid: the count is the square grid's.
    const Rule hex = parseRule("R1,C0,S2,B3,N@F8H").rule;
    EXPECT_EQ(hex.weights.grid, CellGrid::Hexagonal);
    EXPECT_FALSE(neighbourhoodShape(hex).flipsOnOddCells);
    EXPECT_NE(errorOf("R251,C0,S1,B1,NL").find("out of range 1..250 for the triangular neighbourhood"),
              std::string::npos);
}

TEST(NeighbourhoodShapes, EveryShapeReadsBackFromItsText) {
    const std::vector<std::string> texts = {
        "R1,C0,M0,S2..3,B3..3,N+",       "R2,C0,M1,S2..5,B3..4,NX",
        "R3,C5,M0,S2..12,B3..9,N*",      "R4,C0,M0,S9..30,B8..20,N2",
        "R2,C3,M1,S3..9,B4..6,NH",       "R3,C0,M0,S4..12,B5..9,NB",
        "R3,C0,M1,S4..12,B5..9,ND",      "R2,C0,M0,S3..8,B4..6,N#",
        "R5,C2,M0,S2..5,B3..4,N3",       "R2,C0,M1,S2..6,B3..5,NA",
        "R2,C4,M0,S8..20,B9..14,NL",     "R2,C0,M0,S31..48,B24..38,NG",
        "R1,C0,S2,4-5,B3,7,NW123401323", "R1,C0,S2-40,B3,NW0810080A850A081008",
        "R2,C0,M1,S2..5,B3..3,N@891891", "R1,C3,S1-2,B2,N@F8L",
        "R1,C0,S1,B2,NW1111F1111H",      "R3,C0,S0,B1-4,N@00000000FFFF",
    };
    for (const std::string& text : texts) {
        SCOPED_TRACE(text);
        const Rule rule = parseRule(text).rule;
        EXPECT_EQ(parseRule(rule.format()).rule, rule);
        EXPECT_EQ(parseRule(formatRuleForGolly(rule)).rule.neighbourhood, rule.neighbourhood);
    }
    // Golly writes the weights as it reads them; catlab writes single digits when every weight fits.
    EXPECT_EQ(parseRule("R1,C0,S2,B3,NW010203040001030203").rule.format(), "R1,C0,M0,S2..2,B3..3,NW123401323");
    EXPECT_EQ(parseRule("r2,c0,m0,s2..5,b3..3,n@891891l").rule.format(), "R2,C0,M0,S2..5,B3..3,N@891891L");
    EXPECT_EQ(formatRuleForGolly(parseRule("R1,C0,S2,4-5,B3,7,NW123401323").rule), "R1,C0,S2,4-5,B3,7,NW123401323");
    // Fields in another order: a B list after NW is the birth list, not state weights.
    EXPECT_EQ(parseRule("R1,C0,S2,NW123401323,B3").rule, parseRule("R1,C0,S2,B3,NW123401323").rule);
}

TEST(NeighbourhoodShapes, BadNeighbourhoodTextIsNamed) {
    const struct {
        const char* rule;
        const char* message;
    } cases[] = {
        {"R1,C0,S2,B3,NQ", "bad token 'NQ'"},
        {"R1,C0,S2,B3,N", "bad token 'N'"},
        {"R1,C0,S2,B3,NXX", "the saltire neighbourhood takes nothing after NX"},
        {"R1,C0,S2,B3,NW1234", "takes 9 hex digits (one per weight) or 18 (two per weight), not 4"},
        {"R1,C0,S2,B3,NW12340132G", "'G' is not a hex digit"},
        {"R2,C0,S2,B3,N@8918", "bad token 'N@8918'"},
        {"R2,C0,S2,B3,N@8918", "takes 6 hex digits (4 cells each, the centre left out), not 4"},
        {"R1,C3,S2,B3,NW123401323,012", "state weights after NW are not supported"},
        {"R1,C3,S2,B3,NW123401323,A01", "state weights after NW are not supported"},
        {"R1,C0,M1,S2..3,B3..3,NW123401323", "M1 does not apply to a weighted neighbourhood"},
        {"R1,C0,S20,B3,NW123401323", "survival count 20 is outside 0..19"},
        {"R2,C0,S2,B3,N@891891Q", "'Q' is not a hex digit"},
        {"R1,C0,S5,B3,N+", "survival count 5 is outside 0..4"},
    };
    for (const auto& c : cases) {
        const std::string error = errorOf(c.rule);
        EXPECT_NE(error.find(c.message), std::string::npos) << c.rule << " gave: " << error;
    }
}

} // namespace
} // namespace catlab
