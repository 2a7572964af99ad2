// The mid kernels' bit-sliced warm-up: every column's count over the window's rows, gathered from the
// planes of every part, against a count of the bits one by one.
#include "bit_planes.cuh"
#include "boxsum_column_warmup.cuh"
#include "boxsum_plan.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

struct WarmupCase {
    int first, window, parts, spanBegin, spanWords, loadWords;
};

TEST(BoxsumColumnWarmup, CountsEveryColumnOverTheWindowsRows) {
    BitGrid g = bitGridShape({300, 23}, 100, 2); // 10 words and 4 halo words a side
    std::vector<unsigned> plane(g.planeWords());
    std::mt19937 random(7);
    for (unsigned& word : plane) word = unsigned(random());
    g.alive = plane.data();
    const WarmupCase cases[] = {
        {0, 1, 1, 0, 10, 10},      // one row
        {5, 7, 3, -4, 18, 18},     // the left halo, parts of 3, 3 and 1 rows
        {20, 7, 24, 0, 10, 10},    // more parts than rows: the last ones empty
        {22, 35, 4, -2, 9, 6},     // the window wraps past the last row; words past loadWords count zero
        {11, 1001, 1, -4, 18, 14}, // the widest window in one part: all ten planes, 43 times round the torus
        {3, 1001, 7, 6, 8, 8},     // and in seven parts (the right halo)
    };
    for (const WarmupCase& c : cases) {
        SCOPED_TRACE(::testing::Message() << "first " << c.first << ", window " << c.window << ", parts " << c.parts);
        std::vector<unsigned> planes(std::size_t(kWarmupPlanes * c.parts * c.spanWords), 0xDEADBEEFu);
        for (int item = 0; item < c.parts * c.spanWords; ++item)
            countColumnPart(g, c.first, c.window, c.spanBegin, c.spanWords, c.loadWords, c.parts, planes.data(), item);
        for (int w = 0; w < c.spanWords; ++w)
            for (unsigned bit = 0; bit < 32; ++bit) {
                unsigned expected = 0;
                for (int i = 0; w < c.loadWords && i < c.window; ++i)
                    expected += (*g.aliveWord((c.first + i) % g.height, c.spanBegin + w) >> bit) & 1u;
                const unsigned counted = gatherColumnSums(planes.data(), w, c.window, c.spanWords, c.parts,
                                                          [bit](unsigned p) { return (p >> bit) & 1u; });
                ASSERT_EQ(counted, expected) << "word " << w << ", bit " << bit;
            }
    }
}

TEST(BoxsumColumnWarmup, PartsAndPlanes) {
    EXPECT_EQ(warmupParts(288, 72, 24), 4);
    EXPECT_EQ(warmupParts(256, 5, 24), 24); // at most the planes' room
    EXPECT_EQ(warmupParts(32, 40, 24), 1);  // fewer threads than words: one part, threads take several items
    EXPECT_EQ(warmupPartRows(7, 3), 3);
    EXPECT_EQ(warmupPartRows(1001, 24), 42);
    // A part's planes: bitsliced::planesFor of its rows, at most kWarmupPlanes.
    EXPECT_EQ(bitsliced::planesFor(warmupPartRows(1001, 1)), kWarmupPlanes);
    EXPECT_EQ(bitsliced::planesFor(warmupPartRows(255, 1)), 8);
    EXPECT_EQ(bitsliced::planesFor(warmupPartRows(256, 1)), 9);
}

} // namespace
} // namespace catlab
