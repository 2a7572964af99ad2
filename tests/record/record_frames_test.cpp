// recordFrames drives any scene through the Scene interface: each frame is drawn at the recorder's
// size and captured, the scene advances between frames (not after the last), and a stop request ends
// the recording between frames, leaving a file with every frame before it.
#include "record/record_test_support.hpp"
#include "video/decoded_video.hpp"

#include "recording/record_frames.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <utility>
#include <vector>

namespace catlab::recording {
namespace {

namespace fs = std::filesystem;

// A scene that is one grey level, 20 brighter after each advance, and remembers how it was driven.
// Once it has advanced `stopAfter` times it raises `stop`.
class GreyRamp final : public Scene {
  public:
    explicit GreyRamp(std::atomic<bool>& stop, int stopAfter = -1) : stop_(stop), stopAfter_(stopAfter) {}

    void draw(const FrameTarget& target) override {
        drawnSizes.emplace_back(target.width, target.height);
        const float grey = float(20 * advances) / 255.0f;
        glClearColor(grey, grey, grey, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    void advance() override {
        if (++advances == stopAfter_) stop_ = true;
    }
    render::ViewPath uploadPath() const override { return render::ViewPath::None; }
    const std::string& uploadNotice() const override { return notice_; }

    int advances = 0;
    std::vector<std::pair<int, int>> drawnSizes;

  private:
    std::atomic<bool>& stop_;
    int stopAfter_;
    std::string notice_;
};

int greyOfFrame(const fs::path& folder, int frame) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", frame);
    return video::testing::decodeFirstFrame((folder / name).string()).at(3, 3)[0];
}

TEST(RecordFrames, DrawsEachFrameAtTheRecordersSizeAndAdvancesBetweenThem) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path folder = testing::testDirectory() / "ramp";
    std::atomic<bool> stop = false;
    GreyRamp scene(stop);
    FrameRecorder recorder({folder.string(), 48, 32, 10, video::VideoFormat::PngSequence, 0},
                           WhenEncoderIsBehind::Wait);
    long long lastProgress = 0;
    const RecordingResult result = recordFrames(scene, recorder, 6, stop, [&](long long done) { lastProgress = done; });

    EXPECT_FALSE(result.error.has_value()) << *result.error;
    EXPECT_FALSE(result.interrupted);
    EXPECT_EQ(result.framesCaptured, 6);
    EXPECT_EQ(result.framesInFile, 6);
    EXPECT_EQ(lastProgress, 6);
    EXPECT_EQ(scene.advances, 5); // nothing is computed for a frame that is never drawn
    const std::vector<std::pair<int, int>> recorderSize(6, {48, 32});
    EXPECT_EQ(scene.drawnSizes, recorderSize);
    for (int i = 0; i < 6; ++i) EXPECT_EQ(greyOfFrame(folder, i), 20 * i) << "frame " << i;
}

TEST(RecordFrames, AStopRequestEndsTheRecordingBetweenFrames) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path folder = testing::testDirectory() / "stopped";
    std::atomic<bool> stop = false;
    GreyRamp scene(stop, 3); // asks to stop while moving on from the third frame
    FrameRecorder recorder({folder.string(), 16, 16, 10, video::VideoFormat::PngSequence, 0},
                           WhenEncoderIsBehind::Wait);
    const RecordingResult result = recordFrames(scene, recorder, 10, stop);

    EXPECT_TRUE(result.interrupted);
    EXPECT_FALSE(result.error.has_value()) << *result.error;
    EXPECT_EQ(result.framesInFile, 3);
    EXPECT_TRUE(recorder.finished());
    for (int i = 0; i < 3; ++i) EXPECT_EQ(greyOfFrame(folder, i), 20 * i) << "frame " << i;
    EXPECT_FALSE(fs::exists(folder / "frame_000003.png"));
}

} // namespace
} // namespace catlab::recording
