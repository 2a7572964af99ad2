// Thumbnails of library files: the cells scaled into a square, coloured as the view colours them.
#include "catlab/pattern_thumbnail.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace catlab {
namespace {

namespace fs = std::filesystem;

Rgb8 pixel(const Thumbnail& t, int x, int y) {
    const std::uint8_t* p = t.at(x, y);
    EXPECT_EQ(p[3], 255);
    return {p[0], p[1], p[2]};
}

Grid gridOf(int width, int height, const std::vector<std::pair<int, int>>& live, Cell state = 1) {
    Grid grid({width, height});
    for (auto [x, y] : live) grid.at(x, y) = state;
    return grid;
}

TEST(PatternThumbnail, ASmallPatternGetsWholePixelsPerCellCentred) {
    // A 3x2 pattern in an 12x12 image: 4 pixels per cell, the 12x8 picture centred (2 rows above).
    const Grid cells = gridOf(3, 2, {{0, 0}, {2, 1}});
    const Thumbnail t = drawThumbnail(cells, 2, 12);
    ASSERT_EQ(t.width, 12);
    ASSERT_EQ(t.height, 12);
    ASSERT_EQ(t.rgba.size(), 12u * 12u * 4u);
    const Rgb8 live = thumbnailLiveColour(), dead = thumbnailBackground();
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 12; ++x) {
            const bool inPicture = y >= 2 && y < 10;
            const int cx = x / 4, cy = (y - 2) / 4;
            const bool isLive = inPicture && ((cx == 0 && cy == 0) || (cx == 2 && cy == 1));
            EXPECT_EQ(pixel(t, x, y), isLive ? live : dead) << x << "," << y;
        }
}

TEST(PatternThumbnail, ALargePatternAveragesItsCellsPerPixel) {
    // 8x4 cells into 4x4 pixels: 2x2 cells a pixel, the 4x2 picture starts at row 1.
    Grid cells({8, 4});
    cells.at(0, 0) = 1; // pixel (0, 1): 1 of 4 cells
    for (int x = 2; x < 4; ++x)
        for (int y = 0; y < 2; ++y) cells.at(x, y) = 1; // pixel (1, 1): all 4
    const Thumbnail t = drawThumbnail(cells, 2, 4);
    EXPECT_EQ(pixel(t, 1, 1), thumbnailLiveColour());
    EXPECT_EQ(pixel(t, 2, 1), thumbnailBackground());
    EXPECT_EQ(pixel(t, 0, 0), thumbnailBackground());
    const Rgb8 quarter = pixel(t, 0, 1); // a quarter of the way from the background to the live colour
    const Rgb8 live = thumbnailLiveColour(), dead = thumbnailBackground();
    EXPECT_NEAR(quarter.r, dead.r + (live.r - dead.r) * 64 / 255.0, 1.0);
    EXPECT_NEAR(quarter.b, dead.b + (live.b - dead.b) * 64 / 255.0, 1.0);
}

TEST(PatternThumbnail, DecayingStatesFadeFromTheLiveColourTowardsTheBackground) {
    // Brian's Brain: a firing cell (1) and a refractory one (2) of a three-state rule.
    const Grid cells = gridOf(2, 1, {{0, 0}});
    Grid both = cells;
    both.at(1, 0) = 2;
    const Thumbnail t = drawThumbnail(both, 3, 2);
    const Rgb8 firing = pixel(t, 0, 0), refractory = pixel(t, 1, 0), live = thumbnailLiveColour();
    EXPECT_EQ(firing, live);
    EXPECT_NE(refractory, live);
    EXPECT_NE(refractory, thumbnailBackground());
    // A cell in a state above the rule's raises the state count rather than vanishing.
    const Thumbnail raised = drawThumbnail(both, 2, 2);
    EXPECT_NE(pixel(raised, 1, 0), thumbnailBackground());
}

TEST(PatternThumbnail, AnEmptyPatternIsAllBackgroundAndBadSidesAreRefused) {
    const Thumbnail t = drawThumbnail(Grid({5, 5}), 2, 8);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) EXPECT_EQ(pixel(t, x, y), thumbnailBackground());
    EXPECT_EQ(testing::errorOf([] { drawThumbnail(Grid({1, 1}), 2, 0); }), "thumbnail side 0 is outside 1..1024");
}

TEST(PatternThumbnail, PreviewReadsAFileOnceForItsDescriptionAndPicture) {
    const fs::path folder = fs::temp_directory_path() / ("catlab-thumbnail-test-" + std::to_string(::getpid()));
    fs::create_directories(folder);
    std::ofstream(folder / "block.rle") << "#C A block.\nx = 2, y = 2, rule = B3/S23\n2o$2o!\n";
    const PatternPreview block = previewPattern(folder / "block.rle", 4);
    EXPECT_EQ(block.info.error, "");
    EXPECT_EQ(block.info.comments, (std::vector<std::string>{"A block."}));
    ASSERT_EQ(block.thumbnail.width, 4);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) EXPECT_EQ(pixel(block.thumbnail, x, y), thumbnailLiveColour());
    std::ofstream(folder / "bad.rle") << "x = 2, y = 2, rule = B3/S23\n2o$2z!\n";
    const PatternPreview bad = previewPattern(folder / "bad.rle", 4);
    EXPECT_NE(bad.info.error.find("bad.rle:2:"), std::string::npos) << bad.info.error;
    EXPECT_TRUE(bad.thumbnail.rgba.empty());
    fs::remove_all(folder);
}

} // namespace
} // namespace catlab
