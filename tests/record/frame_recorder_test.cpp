// The recorder in-process: what it captures reaches the file in order, and when it may drop frames
// (the window's policy) every captured frame is either in the file or counted as dropped.
#include "record/record_test_support.hpp"
#include "video/decoded_video.hpp"

#include "recording/frame_recorder.hpp"
#include "render/offscreen_frame.hpp"

#include <gtest/gtest.h>

#include <filesystem>

namespace catlab::recording {
namespace {

namespace fs = std::filesystem;

// The whole framebuffer one grey level; the top half white in odd frames (so frames differ).
void drawFrame(int i, int width, int height) {
    glDisable(GL_SCISSOR_TEST);
    const float grey = float(i % 200) / 255.0f;
    glClearColor(grey, grey, grey, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    if (i % 2) {
        glEnable(GL_SCISSOR_TEST);
        glScissor(0, height / 2, width, height - height / 2);
        glClearColor(1, 1, 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
    }
}

TEST(FrameRecorder, WaitingForTheEncoderKeepsEveryFrameInOrder) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path folder = testing::testDirectory() / "wait";
    const render::OffscreenFrame target(64, 48);
    {
        FrameRecorder recorder({folder.string(), 64, 48, 10, video::VideoFormat::PngSequence, 0},
                               WhenEncoderIsBehind::Wait, 2, 1);
        for (int i = 0; i < 12; ++i) {
            drawFrame(i, 64, 48);
            ASSERT_TRUE(recorder.capture());
        }
        EXPECT_FALSE(recorder.finish().has_value());
        EXPECT_EQ(recorder.framesCaptured(), 12);
        EXPECT_EQ(recorder.framesInFile(), 12);
        EXPECT_EQ(recorder.framesDropped(), 0);
    }
    for (int i = 0; i < 12; ++i) {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%06d.png", i);
        const video::testing::RgbImage image = video::testing::decodeFirstFrame((folder / name).string());
        EXPECT_EQ(image.at(5, 40)[0], i % 200) << "frame " << i;              // bottom half: the grey level
        EXPECT_EQ(image.at(5, 5)[0], i % 2 ? 255 : i % 200) << "frame " << i; // top half upright
    }
}

TEST(FrameRecorder, DroppedFramesAreCountedAndTheRestAreInTheFile) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path path = testing::testDirectory() / "drop.mp4";
    const render::OffscreenFrame target(640, 480);
    std::int64_t inFile = 0;
    {
        FrameRecorder recorder({path.string(), 640, 480, 30, video::VideoFormat::H264, 18},
                               WhenEncoderIsBehind::DropFrame, 2, 1);
        for (int i = 0; i < 60; ++i) {
            drawFrame(i, 640, 480);
            ASSERT_TRUE(recorder.capture());
        }
        EXPECT_FALSE(recorder.finish().has_value());
        EXPECT_EQ(recorder.framesCaptured(), 60);
        EXPECT_EQ(recorder.framesInFile() + recorder.framesDropped(), 60);
        inFile = recorder.framesInFile();
    }
    EXPECT_GE(inFile, 1);
    EXPECT_EQ(video::testing::probe(path.string()).frames, inFile);
}

} // namespace
} // namespace catlab::recording
