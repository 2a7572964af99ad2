// signatureOf, the reference for every backend's signature: the box on the torus (occupiedSpan) and a
// hash that follows the cells wherever they are moved, and changes when the cells do.
#include "catlab/pattern_signature.hpp"
#include "support/grid_text.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace catlab {
namespace {

Grid placed(const std::vector<std::string>& pattern, GridSize size, int x, int y) {
    const Grid cells = testing::gridFromText(pattern);
    Grid grid(size);
    for (int j = 0; j < cells.height(); ++j)
        for (int i = 0; i < cells.width(); ++i) grid.at((x + i) % size.width, (y + j) % size.height) = cells.at(i, j);
    return grid;
}

const std::vector<std::string> kGlider = {".o.", "..o", "ooo"};

TEST(OccupiedSpan, ShortestRunOnTheTorus) {
    const auto span = [](std::vector<std::uint32_t> words, int n) { return occupiedSpan(words, n); };
    EXPECT_EQ(span({0}, 20).length, 0);
    EXPECT_EQ(span({1u << 5}, 20).start, 5);
    EXPECT_EQ(span({1u << 5}, 20).length, 1);
    // 0 and 19 occupied: the box wraps from 19 over the edge to 0.
    EXPECT_EQ(span({1u | 1u << 19}, 20).start, 19);
    EXPECT_EQ(span({1u | 1u << 19}, 20).length, 2);
    // 3..5 and 12: the gap 6..11 is longer than 13..2 (across the edge), so the run starts at 12.
    EXPECT_EQ(span({0b111000u | 1u << 12}, 16).start, 12);
    EXPECT_EQ(span({0b111000u | 1u << 12}, 16).length, 10);
    EXPECT_EQ(span({0xffffffffu, 0xffffffffu}, 40).length, 40);
    EXPECT_EQ(span({0, 1u << 3}, 40).start, 35); // in the second word
}

TEST(PatternSignature, SameCellsMovedAnywhereSameSignature) {
    const PatternSignature here = signatureOf(placed(kGlider, {30, 20}, 4, 5));
    EXPECT_EQ(here.population, 5u);
    EXPECT_EQ(here.box.x, 4);
    EXPECT_EQ(here.box.y, 5);
    EXPECT_EQ(here.box.width, 3);
    EXPECT_EQ(here.box.height, 3);
    for (const auto& [x, y] : std::vector<std::pair<int, int>>{{0, 0}, {28, 3}, {10, 19}, {29, 18}}) {
        const PatternSignature there = signatureOf(placed(kGlider, {30, 20}, x, y));
        EXPECT_TRUE(there.sameShapeAs(here)) << x << "," << y;
        EXPECT_EQ(there.box.x, x);
        EXPECT_EQ(there.box.y, y);
    }
}

TEST(PatternSignature, OtherCellsOtherHash) {
    const PatternSignature glider = signatureOf(placed(kGlider, {30, 20}, 4, 5));
    EXPECT_FALSE(signatureOf(placed({"o.o", ".oo", ".o."}, {30, 20}, 4, 5)).sameShapeAs(glider)); // next phase
    EXPECT_FALSE(signatureOf(placed({".o.", "..o", "oo2"}, {30, 20}, 4, 5)).sameShapeAs(glider)); // a state differs
    EXPECT_NE(signatureOf(placed({"oo"}, {30, 20}, 4, 5)).hash, signatureOf(placed({"o", "o"}, {30, 20}, 4, 5)).hash);
    EXPECT_EQ(signatureOf(Grid({9, 9})).population, 0u);
    EXPECT_EQ(signatureOf(Grid({9, 9})).box.width, 0);
}

} // namespace
} // namespace catlab
