// Recording the window: started and stopped by Ctrl+R or script commands, checked with ffprobe and
// against screenshots of the same (paused) picture.
#include "gui/gui_test_support.hpp"
#include "video/decoded_video.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kWindow = {"--window", "640x400"};

// Mean absolute difference per channel over a rectangle of two pictures of the same size.
double meanDifference(const video::testing::RgbImage& a, const Image& b, int x0, int y0, int x1, int y1) {
    double sum = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            for (int c = 0; c < 3; ++c) sum += std::abs(int(a.at(x, y)[c]) - int(b.at(x, y)[c]));
    return sum / (3.0 * (x1 - x0) * (y1 - y0));
}

long long reportedFrames(const std::string& text, const std::string& label) {
    std::smatch match;
    if (!std::regex_search(text, match, std::regex(label + " ([0-9]+) frames"))) return -1;
    return std::stoll(match[1]);
}

// The view alone is saved first (panel hidden), then shown again for the recording.
const std::string kScreenshotOfTheView = "pause\npanel hide\nframes 1\nscreenshot view.png\npanel show\n";

TEST(WindowRecording, CtrlRRecordsTheViewWithoutThePanelAtTheChosenRate) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "record.txt",
                                    kScreenshotOfTheView + "record-options 30 h264 view\nkey ctrl+r\nframes 20\n"
                                                           "key ctrl+r\nframes 1\nquit\n");
    std::vector<std::string> args = kWindow;
    args.insert(args.end(), {"--script", script.string()});
    const RunResult run = runCatlab(args, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    // Ctrl+R with no path set names the file after the time.
    std::vector<fs::path> videos;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.path().extension() == ".mp4") videos.push_back(entry.path());
    ASSERT_EQ(videos.size(), 1u);
    EXPECT_TRUE(std::regex_match(videos[0].filename().string(), std::regex("catlab-[0-9]{8}-[0-9]{6}\\.mp4")));
    const long long frames = reportedFrames(run.out, "recorded");
    EXPECT_GE(frames, 1) << run.out;
    EXPECT_LE(frames, 21) << run.out; // at most one a drawn frame
    video::testing::expectVideo(videos[0].string(), {"h264", 640, 400, frames, double(frames) / 30});
    // Paused, every frame shows the view as the screenshot does: the panel is not in the video.
    const auto first = video::testing::decodeFirstFrame(videos[0].string());
    const Image view = readPng(dir / "view.png");
    ASSERT_EQ(view.width, 640);
    EXPECT_LT(meanDifference(first, view, 0, 0, 640, 400), 12.0);
}

TEST(WindowRecording, ThePanelIsRecordedWhenAsked) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "record.txt",
                                    kScreenshotOfTheView + "record-options 10 mpeg4 panel\nrecord with panel.mp4\n"
                                                           "frames 10\nrecord-stop\nquit\n");
    std::vector<std::string> args = kWindow;
    args.insert(args.end(), {"--script", script.string()});
    const RunResult run = runCatlab(args, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("to with panel.mp4"), std::string::npos) << run.out;
    const long long frames = reportedFrames(run.out, "recorded");
    video::testing::expectVideo((dir / "with panel.mp4").string(), {"mpeg4", 640, 400, frames, double(frames) / 10});
    const auto first = video::testing::decodeFirstFrame((dir / "with panel.mp4").string());
    const Image view = readPng(dir / "view.png");
    // The panel covers the right of the window (380 pixels wide, 8 from the edge); the left shows the view.
    EXPECT_LT(meanDifference(first, view, 0, 0, 200, 400), 12.0);
    EXPECT_GT(meanDifference(first, view, 280, 40, 620, 360), 20.0);
}

// The cloud scene is recorded as the window shows it: the clouds that formed, not the empty sky.
TEST(WindowRecording, TheCloudSceneIsRecordedAsShown) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "clouds.txt",
                                    "pause\nframes 1\nscreenshot sky.png\nplay\nspeed 8\nframes 40\npause\nframes 4\n"
                                    "screenshot clouds.png\nrecord-options 30 h264 view\nrecord clouds.mp4\nframes 5\n"
                                    "record-stop\nquit\n");
    const RunResult run = runCatlab({"--window", "320x240", "--hide-panel", "--scene", "cloud", "--cloud-size",
                                     "48x48x16", "--script", script.string()},
                                    dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const long long frames = reportedFrames(run.out, "recorded");
    video::testing::expectVideo((dir / "clouds.mp4").string(), {"h264", 320, 240, frames, double(frames) / 30});
    const auto first = video::testing::decodeFirstFrame((dir / "clouds.mp4").string());
    const double toClouds = meanDifference(first, readPng(dir / "clouds.png"), 0, 0, 320, 240);
    const double toSky = meanDifference(first, readPng(dir / "sky.png"), 0, 0, 320, 240);
    EXPECT_LT(toClouds, 4.0);
    EXPECT_GT(toSky, 4 * toClouds) << "the video shows the empty sky";
}

TEST(WindowRecording, AFullDiskStopsTheRecordingWhileTheSimulationGoesOn) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "full.txt",
                                    "pause\nrule life\nsize 320x240\nrandom 0.5 3\nfit\n"
                                    "record-options 5 h264 view\nplay\nrecord full.mp4\nframes 300\npause\n"
                                    "status\nquit\n");
    const RunResult run =
        runCatlab({"--window", "320x240", "--hide-panel", "--script", script.string()}, dir, "ulimit -f 600;");
    EXPECT_EQ(run.exitCode, 1) << run.err; // the failed recording counts as a failure
    EXPECT_NE(run.err.find("full.mp4: writing failed: File too large"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("generation 300\n"), std::string::npos) << run.out; // stepped every frame
    const long long kept = reportedFrames(run.err, "keeps the");
    ASSERT_GE(kept, 1) << run.err;
    EXPECT_LE(fs::file_size(dir / "full.mp4"), 600u * 512u);
    const auto info = video::testing::probe((dir / "full.mp4").string());
    EXPECT_EQ(info.codec, "h264");
    EXPECT_EQ(info.frames, kept);
}

// The window's recording goes by the same rules as `catlab record`: the extension picks the container,
// and a path or codec that does not fit is refused before anything is made.
TEST(WindowRecording, TheContainerFollowsTheExtensionAndPathsThatDoNotFitAreRefused) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "clips.txt",
                                    "pause\nrecord clip.avi\nrecord-options 30 h264 view\nrecord clip.webm\n"
                                    "record frames/f%03d.png\nrecord-options 30 auto view\nrecord frames/%s.png\n"
                                    "record clip.mkv\nframes 6\nrecord-stop\nquit\n");
    const RunResult run = runCatlab({"--window", "320x240", "--hide-panel", "--script", script.string()}, dir);
    EXPECT_EQ(run.exitCode, 1) << run.err; // the refusals are script errors
    EXPECT_NE(run.err.find("clips.txt:2: record: clip.avi: .avi is not a container catlab writes; name the file "
                           ".mp4, .mkv, .mov or .webm"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("clips.txt:4: record: clip.webm: WebM holds vp9, not h264"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("clips.txt:5: record: frames/f%03d.png: .png names PNG frames, not h264 video"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("clips.txt:7: record: frames/%s.png: '%s' is not a frame-number field"), std::string::npos)
        << run.err;
    EXPECT_FALSE(fs::exists(dir / "clip.avi"));
    EXPECT_FALSE(fs::exists(dir / "clip.webm"));
    EXPECT_FALSE(fs::exists(dir / "frames"));
    const long long frames = reportedFrames(run.out, "recorded");
    ASSERT_GE(frames, 1) << run.out;
    EXPECT_EQ(video::testing::containerOf((dir / "clip.mkv").string()), "matroska");
    video::testing::expectVideo((dir / "clip.mkv").string(), {"h264", 320, 240, frames, double(frames) / 30});
}

// Stopped before a frame was drawn: nothing to play, so no file, and the window says so.
TEST(WindowRecording, ARecordingStoppedBeforeAnyFrameLeavesNoFileAndSaysSo) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "none.txt", "pause\nrecord none.mp4\nrecord-stop\nquit\n");
    const RunResult run = runCatlab({"--window", "320x240", "--hide-panel", "--script", script.string()}, dir);
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("recording stopped: no frame reached the file; none.mp4 is removed"), std::string::npos)
        << run.err;
    EXPECT_EQ(run.out.find("recorded"), std::string::npos) << run.out;
    EXPECT_FALSE(fs::exists(dir / "none.mp4"));
}

TEST(WindowRecording, AnUnwritablePathIsReportedAndNothingElseStops) {
    const auto dir = testDirectory();
    const auto script =
        writeScript(dir, "bad.txt", "pause\nrecord no-such-folder/a.mp4\nrecord-stop\nstep 2\nstatus\nquit\n");
    const RunResult run = runCatlab({"--window", "320x240", "--hide-panel", "--script", script.string()}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("bad.txt:2: record: no-such-folder/a.mp4: cannot open for writing: No such file"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("bad.txt:3: record-stop: nothing is being recorded"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("generation 2\n"), std::string::npos) << run.out;
}

} // namespace
} // namespace catlab::testing
