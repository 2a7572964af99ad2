// The read-back ring in-process: frames come out whole, in the order they were captured, however
// many pass through the ring, and a collect that does not wait never hands over an unfinished read.
#include "record/reference_frame.hpp"

#include "render/offscreen_frame.hpp"
#include "render/pixel_readback_ring.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace catlab::render {
namespace {

#define REQUIRE_HEADLESS_OPENGL()                                                                                      \
    if (!testing::whyNoHeadlessOpenGL().empty())                                                                       \
    GTEST_SKIP() << "no headless OpenGL here: " << testing::whyNoHeadlessOpenGL()

// Frame i: red = i, green = 255 - i, and the bottom row (row 0 of a read-back) blue, the rest not.
void drawNumberedFrame(int i, int width, int height) {
    glDisable(GL_SCISSOR_TEST);
    glClearColor(float(i) / 255.0f, float(255 - i) / 255.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, width, 1);
    glClearColor(float(i) / 255.0f, float(255 - i) / 255.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    (void)height;
}

struct Seen {
    int index = 0;
    bool whole = true;
};

TEST(PixelReadbackRing, FramesComeOutWholeAndInOrder) {
    REQUIRE_HEADLESS_OPENGL();
    const int width = 37, height = 23; // rows not a multiple of anything
    const OffscreenFrame target(width, height);
    PixelReadbackRing ring(3);
    std::vector<Seen> seen;
    const auto consumer = [&](const ReadbackPixels& p) {
        Seen s;
        s.index = p.rgba[0];
        for (int y = 0; y < p.height; ++y)
            for (int x = 0; x < p.width; ++x) {
                const std::uint8_t* px = p.rgba + std::size_t(y) * p.strideBytes + std::size_t(x) * 4;
                s.whole = s.whole && px[0] == s.index && px[1] == 255 - s.index && px[2] == (y == 0 ? 255 : 0);
            }
        seen.push_back(s);
    };
    for (int i = 0; i < 20; ++i) {
        drawNumberedFrame(i, width, height);
        ring.capture(0, 0, width, height, consumer);
        EXPECT_LE(ring.pending(), ring.slots());
        ring.collect(consumer);
    }
    ring.collect(consumer, true);
    EXPECT_EQ(ring.pending(), 0);
    ASSERT_EQ(seen.size(), 20u);
    for (int i = 0; i < 20; ++i) {
        EXPECT_EQ(seen[std::size_t(i)].index, i);
        EXPECT_TRUE(seen[std::size_t(i)].whole) << "frame " << i;
    }
}

TEST(PixelReadbackRing, AFullRingHandsOverItsOldestFrameFirst) {
    REQUIRE_HEADLESS_OPENGL();
    const OffscreenFrame target(8, 8);
    PixelReadbackRing ring(2);
    std::vector<int> order;
    const auto consumer = [&](const ReadbackPixels& p) { order.push_back(p.rgba[0]); };
    for (int i = 0; i < 5; ++i) {
        drawNumberedFrame(i, 8, 8);
        ring.capture(0, 0, 8, 8, consumer); // never collected in between: the ring must make room itself
    }
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
    EXPECT_EQ(ring.collect(consumer, true), 2);
    EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
}

} // namespace
} // namespace catlab::render
