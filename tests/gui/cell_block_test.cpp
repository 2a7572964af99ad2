// The selection's pure edits of cell blocks: turns, mirrors, paste modes and the live cells' box.
#include "gui/cell_block.hpp"

#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab::gui {
namespace {

// A block drawn as text rows: '.' dead, 'o' alive, digits for other states.
CellBlock blockOf(const std::vector<std::string>& rows) {
    const int width = int(rows.at(0).size()), height = int(rows.size());
    std::vector<Cell> cells;
    for (const std::string& row : rows)
        for (char c : row) cells.push_back(c == '.' ? 0 : c == 'o' ? 1 : Cell(c - '0'));
    return CellBlock(width, height, cells);
}

// The glider of the brief's scripts, not symmetric under any turn or mirror.
const CellBlock kGlider = blockOf({".o.", "..o", "ooo"});
const CellBlock kWide = blockOf({"o.2", "...", ".3o", "o.."}); // 3x4, four states

TEST(CellBlock, TurnsAQuarterEachWay) {
    EXPECT_EQ(rotatedClockwise(kGlider), blockOf({"o..", "o.o", "oo."}));
    EXPECT_EQ(rotatedAnticlockwise(kGlider), blockOf({".oo", "o.o", "..o"}));
    // A 3x4 block becomes 4x3: its left column, read upwards, is the top row.
    EXPECT_EQ(rotatedClockwise(kWide), blockOf({"o..o", ".3..", ".o.2"}));
    EXPECT_EQ(rotatedAnticlockwise(kWide), blockOf({"2.o.", "..3.", "o..o"}));
}

TEST(CellBlock, FourTurnsAndTwoMirrorsRestoreTheBlock) {
    for (const CellBlock& block : {kGlider, kWide}) {
        EXPECT_EQ(rotatedClockwise(rotatedAnticlockwise(block)), block);
        EXPECT_EQ(rotatedClockwise(rotatedClockwise(rotatedClockwise(rotatedClockwise(block)))), block);
        EXPECT_EQ(flippedLeftRight(flippedLeftRight(block)), block);
        EXPECT_EQ(flippedTopBottom(flippedTopBottom(block)), block);
        // Two quarter turns are both mirrors at once.
        EXPECT_EQ(rotatedClockwise(rotatedClockwise(block)), flippedLeftRight(flippedTopBottom(block)));
    }
}

TEST(CellBlock, MirrorsLeftRightAndTopBottom) {
    EXPECT_EQ(flippedLeftRight(kGlider), blockOf({".o.", "o..", "ooo"}));
    EXPECT_EQ(flippedTopBottom(kGlider), blockOf({"ooo", "..o", ".o."}));
    EXPECT_EQ(flippedLeftRight(kWide), blockOf({"2.o", "...", "o3.", "..o"}));
}

TEST(CellBlock, PasteModesCombineAsGollyDoes) {
    const std::vector<Cell> under = {0, 0, 1, 1, 2, 0, 3};
    const std::vector<Cell> pasted = {0, 1, 0, 1, 1, 2, 0};
    EXPECT_EQ(combinePasted(under, pasted, PasteMode::Or), (std::vector<Cell>{0, 1, 1, 1, 1, 2, 3}));
    EXPECT_EQ(combinePasted(under, pasted, PasteMode::Copy), pasted);
    EXPECT_EQ(combinePasted(under, pasted, PasteMode::Xor), (std::vector<Cell>{0, 1, 1, 0, 0, 2, 3}));
    EXPECT_THROW(combinePasted(under, std::vector<Cell>{1}, PasteMode::Or), Error);
}

TEST(CellBlock, PasteModesByName) {
    for (PasteMode mode : {PasteMode::Or, PasteMode::Copy, PasteMode::Xor})
        EXPECT_EQ(parsePasteMode(toString(mode)), mode);
    EXPECT_EQ(parsePasteMode("and"), std::nullopt);
    EXPECT_EQ(parsePasteMode("OR"), std::nullopt);
}

TEST(CellBlock, LiveBoxIsTheSmallestRectangleOfLiveCells) {
    EXPECT_EQ(liveBox(blockOf({".....", "..o..", ".....", "...3.", "....."})), (BlockBox{2, 1, 2, 3}));
    EXPECT_EQ(liveBox(kGlider), (BlockBox{0, 0, 3, 3}));
    EXPECT_EQ(liveBox(blockOf({"...", "..."})), std::nullopt);
}

TEST(CellBlock, RefusesABufferOfTheWrongLength) {
    EXPECT_THROW(CellBlock(3, 2, std::vector<Cell>(5)), Error);
    EXPECT_THROW(CellBlock(-1, 2, std::vector<Cell>()), Error);
}

} // namespace
} // namespace catlab::gui
