// The population plot's pieces: the zoom's window, the values ImGui draws and the PNG's pixels.
#include "gui/population_plot.hpp"

#include "catlab/error.hpp"

#include <gtest/gtest.h>

namespace catlab::gui {
namespace {

const std::vector<PopulationSample> kSamples = {{0, 10}, {1, 30}, {2, 20}, {5, 40}, {9, 0}};

TEST(PopulationPlotPieces, ZoomKeepsTheLastGenerations) {
    EXPECT_EQ(lastGenerations(kSamples, std::nullopt).size(), 5u);
    const auto last4 = lastGenerations(kSamples, 4);
    ASSERT_EQ(last4.size(), 2u);
    EXPECT_EQ(last4.front().generation, 5u);
    EXPECT_EQ(lastGenerations(kSamples, 100).size(), 5u);
    EXPECT_TRUE(lastGenerations({}, 4).empty());
}

TEST(PopulationPlotPieces, FewerPointsKeepThePeaks) {
    EXPECT_EQ(plotValues(kSamples, 10), (std::vector<float>{10, 30, 20, 40, 0}));
    EXPECT_EQ(plotValues(kSamples, 2), (std::vector<float>{30, 40}));
    EXPECT_EQ(plotValues(kSamples, 0), (std::vector<float>{40}));
}

TEST(PopulationPlotPieces, PictureSpansThePlotArea) {
    const int w = 100, h = 50;
    const std::vector<std::uint8_t> rgb = drawPopulationPlot(kSamples, w, h);
    ASSERT_EQ(rgb.size(), std::size_t(w * h * 3));
    const auto dark = [&](int x, int y) { return rgb[3 * std::size_t(y * w + x)] < 100; };
    int top = h, bottom = -1, left = w, right = -1;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if (dark(x, y)) {
                top = std::min(top, y);
                bottom = std::max(bottom, y);
                left = std::min(left, x);
                right = std::max(right, x);
            }
    // From generation 0 at the left edge to 9 at the right, from population 40 at the top to 0 at the bottom.
    EXPECT_EQ(left, 6);
    EXPECT_EQ(right, w - 7);
    EXPECT_EQ(top, 6);
    EXPECT_EQ(bottom, h - 7);
    EXPECT_THROW(drawPopulationPlot(kSamples, 8, 50), Error);
    EXPECT_EQ(drawPopulationPlot({}, w, h).size(), rgb.size());
}

} // namespace
} // namespace catlab::gui
