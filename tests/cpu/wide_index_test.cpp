// Index arithmetic of the bit-plane backends at sizes no test can allocate: a band of the 1048576 x
// 1048576 grid has 2^15 words a row and 2^18 rows and more, so its word offsets pass 2^32 and its cell
// offsets 2^37. The offsets are computed by the same host-and-device helpers the kernels call.
#include "bit_geometry.hpp"
#include "bit_planes.cuh"
#include "boxsum_plan.hpp"
#include "staging_bands.hpp"

#include "catlab/grid.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

constexpr std::uint64_t kTwo32 = std::uint64_t(1) << 32;

// A band of the 1048576^2 grid over 4 ranks at radius 5, with its halo rows: 262144 + 2 * 15 rows.
constexpr GridSize kBand{1 << 20, (1 << 18) + 30};

TEST(WideIndex, BoxsumRowOffsetsOfABandPass32Bits) {
    const BitGrid g = bitGridShape(kBand, 5, 2);
    EXPECT_EQ(g.words, 1 << 15);
    EXPECT_EQ(g.halo, 1);
    EXPECT_EQ(g.pitch, (1 << 15) + 2);
    const int last = kBand.height - 1;
    EXPECT_EQ(g.rowOffset(last), std::size_t(last) * std::size_t((1 << 15) + 2) + 1);
    EXPECT_GT(g.rowOffset(last), kTwo32);
    // The first row whose offset passes 2^32 words is about row 2^17, far inside the band.
    const int beyond = int(kTwo32 / std::uint64_t(g.pitch)) + 1;
    EXPECT_GT(g.rowOffset(beyond), kTwo32);
    EXPECT_LT(g.rowOffset(beyond - 1), kTwo32);
    EXPECT_EQ(g.planeWords(), std::size_t(kBand.height) * std::size_t(g.pitch));
    EXPECT_GT(g.planeWords(), std::uint64_t(1) << 33);
}

// The kernels' row pointers (one wide multiply from a word of row 0; DeviceIntrinsics tests that the
// product is whole past 2^32) land where the offsets say.
TEST(WideIndex, RowPointersFromRowZeroMatchTheOffsets) {
    BitGrid g = bitGridShape({1000, 77}, 100, 2);
    std::vector<unsigned> plane(g.planeWords());
    g.alive = plane.data();
    for (const int y : {0, 1, 40, 76})
        for (const int w : {-g.halo, 0, 17, g.words + g.halo - 1}) {
            EXPECT_EQ(g.aliveWord(y, w), plane.data() + std::ptrdiff_t(g.rowOffset(y)) + w)
                << "row " << y << " word " << w;
            EXPECT_EQ(g.inRow(g.aliveWord(0, w), y), g.aliveWord(y, w));
        }
}

TEST(WideIndex, BoxsumRowOffsetsNearTheLargestSide) {
    const BitGrid g = bitGridShape({1 << 20, 1 << 20}, 100, 2, 0); // 4 halo words each side, no padding
    EXPECT_EQ(g.pitch, (1 << 15) + 8);
    const int y = (1 << 20) - 1;
    EXPECT_EQ(g.rowOffset(y), std::uint64_t(y) * std::uint64_t((1 << 15) + 8) + 4);
    EXPECT_EQ(g.rowOffset(y), 34368094204u); // 8 times 2^32 and more
    EXPECT_EQ(rowWordOf(g, 1LL * y * g.words + 7).row, y);
}

// A launch over every word of a band has more than 2^32 threads: the row and word of each come from a
// 64-bit index.
TEST(WideIndex, ThreadIndicesBeyond32BitsFindTheirRowAndWord) {
    const BitGrid g = bitGridShape(kBand, 5, 2);
    const long long count = 1LL * g.height * g.words;
    EXPECT_GT(std::uint64_t(count), std::uint64_t(1) << 33);
    const RowWord lastWord = rowWordOf(g, count - 1);
    EXPECT_EQ(lastWord.row, kBand.height - 1);
    EXPECT_EQ(lastWord.word, g.words - 1);
    const long long beyond = (1LL << 32) + 5;
    const RowWord middle = rowWordOf(g, beyond);
    EXPECT_EQ(middle.row, beyond / (1 << 15));
    EXPECT_EQ(middle.word, 5);
    EXPECT_EQ(1LL * middle.row * g.words + middle.word, beyond);
}

TEST(WideIndex, BitLifeWordsOfATallGridPass32Bits) {
    BitGeometry g;
    g.width = 1 << 20;
    g.height = 1 << 18;
    g.pitchWords = 32792; // bitlife's: strips of 30 words over the 32768 interior words, and 2 more
    const int x = (1 << 20) - 1, y = (1 << 18) - 1;
    EXPECT_EQ(g.wordOf(x, y), std::size_t(y + kBitHaloRows) * 32792 + 1 + 32767);
    EXPECT_GT(g.wordOf(x, y), std::uint64_t(1) << 33);
    EXPECT_EQ(g.rowStart(-kBitHaloRows), 0u);
    EXPECT_EQ(g.paddedWords(), std::size_t((1 << 18) + 2 * kBitHaloRows) * 32792);
}

TEST(WideIndex, StagingBandsCoverABandWithOffsetsBeyond32Bits) {
    EXPECT_EQ(stagingBandRows(kBand), 64);
    EXPECT_EQ(stagingBandBytes(kBand), std::size_t(64) << 20);
    std::size_t covered = 0;
    int nextRow = 0, bands = 0;
    StagingBand last;
    forEachStagingBand(kBand, [&](const StagingBand& band) {
        EXPECT_EQ(band.firstRow, nextRow);
        EXPECT_EQ(band.offset, covered);
        EXPECT_EQ(band.bytes, std::size_t(band.rows) * std::size_t(kBand.width));
        covered += band.bytes;
        nextRow += band.rows;
        ++bands;
        last = band;
    });
    EXPECT_EQ(nextRow, kBand.height);
    EXPECT_EQ(covered, std::size_t(kBand.width) * std::size_t(kBand.height));
    EXPECT_EQ(bands, (kBand.height + 63) / 64);
    EXPECT_EQ(last.firstRow, kBand.height / 64 * 64);
    EXPECT_EQ(last.rows, kBand.height % 64);
    EXPECT_GT(last.offset, std::uint64_t(1) << 37);
    // Rows wider than the staging budget still go a row at a time; a short grid in one band.
    EXPECT_EQ(stagingBandRows({1 << 20, 3}), 3);
    EXPECT_EQ(stagingBandRows({7, 5}), 5);
}

// Packing and unpacking in bands of rows (how boxsum's host loads and stores go) gives the planes and
// cells that the whole grid at once gives: odd width, 3 states, bands that do not divide the height.
TEST(WideIndex, PackingInBandsOfRowsMatchesPackingAtOnce) {
    const GridSize size{75, 23};
    std::vector<Cell> cells(std::size_t(size.width) * std::size_t(size.height));
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = Cell((i * 7 + i / 13) % 3);
    BitGrid g = bitGridShape(size, 1, 3);
    const std::size_t words = std::size_t(1 + g.statePlanes) * g.planeWords();
    std::vector<unsigned> whole(words, 0), banded(words, 0);

    g.alive = whole.data();
    g.state = whole.data() + g.planeWords();
    for (long long i = 0; i < 1LL * g.height * g.words; ++i) packBody(g, cells.data(), i);

    g.alive = banded.data();
    g.state = banded.data() + g.planeWords();
    for (const int first : {0, 10, 20}) {
        const int rows = first == 20 ? 3 : 10;
        const Cell* band = cells.data() + std::size_t(first) * std::size_t(size.width);
        for (long long i = 0; i < 1LL * rows * g.words; ++i) packBody(g, band, i, first);
    }
    EXPECT_EQ(banded, whole);

    std::vector<Cell> back(cells.size(), Cell{9});
    for (const int first : {0, 9, 18}) {
        const int rows = first == 18 ? 5 : 9;
        Cell* band = back.data() + std::size_t(first) * std::size_t(size.width);
        for (long long i = 0; i < 1LL * rows * g.words; ++i) unpackBody(g, band, i, first);
    }
    EXPECT_EQ(back, cells);
}

} // namespace
} // namespace catlab
