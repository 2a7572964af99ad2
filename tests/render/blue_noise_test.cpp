// The blue-noise tile behind the cloud march's jittered starts: every rank once, the same tile on every
// run, and blue: thresholds of it have far less low-frequency energy than white noise and no two
// points side by side.
#include "render/blue_noise.hpp"

#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <vector>

namespace catlab::render {
namespace {

constexpr int kSide = 64;

TEST(BlueNoise, EveryRankOnceAndTheSameTileEveryTime) {
    const std::vector<std::uint32_t> tile = blueNoiseRanks(kSide, 1);
    std::vector<std::uint32_t> sorted = tile;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::uint32_t> expected(sorted.size());
    std::iota(expected.begin(), expected.end(), 0u);
    EXPECT_EQ(sorted, expected);
    EXPECT_EQ(blueNoiseRanks(kSide, 1), tile);
    EXPECT_NE(blueNoiseRanks(kSide, 2), tile);
    EXPECT_THROW(blueNoiseRanks(3, 1), Error);
    EXPECT_THROW(blueNoiseRanks(1024, 1), Error);
}

// Power of the pattern's spectrum at frequencies up to `radius` (not 0), over the mean power of all
// non-zero frequencies: about 1 for white noise, small for blue noise.
double lowFrequencyShare(const std::vector<bool>& points, int side, int radius) {
    std::vector<double> value(points.size());
    const double mean = double(std::count(points.begin(), points.end(), true)) / double(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) value[i] = (points[i] ? 1.0 : 0.0) - mean;
    double low = 0, all = 0;
    int lowCount = 0, allCount = 0;
    for (int v = 0; v < side; ++v)
        for (int u = 0; u < side; ++u) {
            if (u == 0 && v == 0) continue;
            double re = 0, im = 0;
            for (int y = 0; y < side; ++y)
                for (int x = 0; x < side; ++x) {
                    const double angle = -2.0 * M_PI * double(u * x + v * y) / side;
                    re += value[std::size_t(y) * side + x] * std::cos(angle);
                    im += value[std::size_t(y) * side + x] * std::sin(angle);
                }
            const double power = re * re + im * im;
            const int fu = std::min(u, side - u), fv = std::min(v, side - v);
            all += power;
            ++allCount;
            if (fu * fu + fv * fv <= radius * radius) {
                low += power;
                ++lowCount;
            }
        }
    return (low / lowCount) / (all / allCount);
}

TEST(BlueNoise, ThresholdsAreEvenlySpreadAcrossTheTileEdges) {
    constexpr int kSmall = 32; // the spectrum is taken directly: keep it small
    const std::vector<std::uint32_t> tile = blueNoiseRanks(kSmall, 7);
    for (double fraction : {0.1, 0.5}) {
        std::vector<bool> points(tile.size());
        for (std::size_t i = 0; i < tile.size(); ++i) points[i] = tile[i] < fraction * double(tile.size());
        EXPECT_LT(lowFrequencyShare(points, kSmall, 4), 0.2) << "threshold " << fraction;
    }
    // At a tenth of the pixels hardly any point has a neighbour among its 8 surrounding pixels (the tile
    // wraps); in white noise of that density more than half of them would.
    const std::vector<std::uint32_t> big = blueNoiseRanks(kSide, 1);
    const std::uint32_t tenth = std::uint32_t(big.size() / 10);
    int crowded = 0;
    for (int y = 0; y < kSide; ++y)
        for (int x = 0; x < kSide; ++x) {
            if (big[std::size_t(y) * kSide + x] >= tenth) continue;
            bool neighbour = false;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if ((dx != 0 || dy != 0) &&
                        big[std::size_t((y + dy + kSide) % kSide) * kSide + (x + dx + kSide) % kSide] < tenth)
                        neighbour = true;
            crowded += neighbour ? 1 : 0;
        }
    EXPECT_LT(crowded, int(tenth) / 20) << crowded << " of " << tenth << " points have a neighbour";
}

} // namespace
} // namespace catlab::render
