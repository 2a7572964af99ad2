// `catlab record` end to end: the real executable films a scene headless (EGL: Mesa's llvmpipe here,
// the GPU on NVIDIA machines), and the files it writes are checked with ffprobe and decoded back.
#include "record/child_process.hpp"
#include "record/record_test_support.hpp"
#include "record/reference_frame.hpp"
#include "video/decoded_video.hpp"

#include "catlab/presets.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <filesystem>
#include <regex>
#include <thread>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;
using video::testing::decodeFirstFrame;
using video::testing::expectVideo;
using video::testing::probe;
using video::testing::RgbImage;

// A random Game of Life start, as catlab record makes it with these options.
const std::vector<std::string> kLifeScene = {"--rule", "life", "--density", "0.4", "--seed", "11", "--backend", "cpu"};

std::vector<std::string> recordArgs(std::vector<std::string> extra) {
    std::vector<std::string> args{"record", "--no-progress"};
    args.insert(args.end(), kLifeScene.begin(), kLifeScene.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

Simulator lifeSimulator(GridSize size) { return Simulator(findPreset("life")->rule, size, 0.4, 11, "cpu"); }

bool isLive(const std::uint8_t* rgb) { return int(rgb[0]) + rgb[1] + rgb[2] > 3 * 128; }

TEST(RecordCommand, H264FileHasTheCodecSizeFrameCountAndDuration) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const ChildResult run =
        runCatlab(recordArgs({"--size", "200x150", "--steps", "20", "--every", "2", "--width", "320", "--height", "240",
                              "--fps", "10", "--format", "h264", "--out", "life.mp4"}),
                  dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(reportedFrames(run.out, "wrote      "), 11) << run.out; // generations 0, 2, ..., 20
    expectVideo((dir / "life.mp4").string(), {"h264", 320, 240, 11, 1.1});
}

TEST(RecordCommand, Mpeg4FileHasTheCodecSizeFrameCountAndDuration) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const ChildResult run =
        runCatlab(recordArgs({"--size", "64", "--steps", "10", "--every", "3", "--width", "160", "--height", "96",
                              "--fps", "4", "--format", "mpeg4", "--out", "life.mp4"}),
                  dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    expectVideo((dir / "life.mp4").string(), {"mpeg4", 160, 96, 4, 1.0}); // generations 0, 3, 6, 9
}

// Frame g of a PNG recording at one cell per pixel is the picture of generation g, pixel for pixel.
TEST(RecordCommand, PngFramesShowEachGenerationExactly) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const GridSize grid{97, 61}; // odd sides: PNG keeps them
    const ChildResult run = runCatlab(recordArgs({"--size", "97x61", "--steps", "3", "--width", "97", "--height", "61",
                                                  "--format", "png", "--out", "frames"}),
                                      dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    Simulator sim = lifeSimulator(grid);
    const ViewWindow oneToOne{0, 0, 1, grid.width, grid.height};
    for (int generation = 0; generation <= 3; ++generation) {
        char name[32];
        std::snprintf(name, sizeof name, "frame_%06d.png", generation);
        const RgbImage frame = decodeFirstFrame((dir / "frames" / name).string());
        ASSERT_EQ(frame.width, grid.width);
        ASSERT_EQ(frame.height, grid.height);
        EXPECT_EQ(frame.rgb, renderReference(sim, oneToOne, {}).rgb) << "generation " << generation;
        // And, independently of the renderer, a pixel is bright exactly where its cell is alive.
        const Grid cells = sim.snapshot();
        int wrong = 0;
        for (int y = 0; y < grid.height; ++y)
            for (int x = 0; x < grid.width; ++x) wrong += isLive(frame.at(x, y)) != (cells.at(x, y) == 1);
        EXPECT_EQ(wrong, 0) << "generation " << generation;
        sim.step(1);
    }
    EXPECT_FALSE(fs::exists(dir / "frames" / "frame_000004.png"));
}

// H.264 is lossy: the first frame is the picture of generation 0 within a tolerance, and every cell
// (4x4 pixels at zoom 4) is clearly alive or dead as the grid says.
TEST(RecordCommand, H264FirstFrameShowsTheFirstGenerationWithinATolerance) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const GridSize grid{80, 60};
    const ChildResult run =
        runCatlab(recordArgs({"--size", "80x60", "--steps", "4", "--every", "2", "--width", "320", "--height", "240",
                              "--view", "4", "--format", "h264", "--out", "life.mp4"}),
                  dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const RgbImage frame = decodeFirstFrame((dir / "life.mp4").string());
    ASSERT_EQ(frame.width, 320);
    ASSERT_EQ(frame.height, 240);
    const Simulator sim = lifeSimulator(grid);
    const RgbImage reference = renderReference(sim, {0, 0, 0.25, 320, 240}, {});
    double difference = 0;
    for (std::size_t i = 0; i < frame.rgb.size(); ++i) difference += std::abs(int(frame.rgb[i]) - reference.rgb[i]);
    // Mean over every channel, out of 255: about 7 from 4:2:0 chroma and compression; a picture one pixel
    // off would be above 30.
    EXPECT_LT(difference / double(frame.rgb.size()), 12.0);
    const Grid cells = sim.snapshot();
    int wrong = 0;
    for (int y = 0; y < grid.height; ++y)
        for (int x = 0; x < grid.width; ++x) wrong += isLive(frame.at(4 * x + 2, 4 * y + 2)) != (cells.at(x, y) == 1);
    EXPECT_EQ(wrong, 0);
}

TEST(RecordCommand, ReadOnlyDirectoryIsAClearErrorBeforeAnyFrame) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    fs::create_directory(dir / "readonly");
    fs::permissions(dir / "readonly", fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                          fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    ChildOptions asUser;
    asUser.dropRoot = true; // root writes anywhere
    const ChildResult run = runCatlab(
        recordArgs({"--size", "64", "--steps", "5", "--width", "64", "--height", "64", "--out", "readonly/life.mp4"}),
        dir, asUser);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("readonly/life.mp4: cannot open for writing: Permission denied"), std::string::npos)
        << run.err;
    EXPECT_FALSE(fs::exists(dir / "readonly" / "life.mp4"));
}

// A full disk (here a file size limit, which fails writes the same way) stops the recording with the
// reason; the file keeps the whole fragments written before, and plays.
TEST(RecordCommand, FullDiskStopsWithTheReasonAndLeavesAPlayableFile) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    ChildOptions limited;
    limited.fileSizeLimit = 500 * 1024;
    const ChildResult run =
        runCatlab(recordArgs({"--size", "320x240", "--steps", "3000", "--width", "320", "--height", "240", "--view",
                              "1", "--fps", "5", "--format", "h264", "--out", "full.mp4"}),
                  dir, limited);
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("full.mp4: writing failed: File too large"), std::string::npos) << run.err;
    const long long kept = reportedFrames(run.err, "keeps the");
    ASSERT_GT(kept, 0) << run.err;
    EXPECT_LE(fs::file_size(dir / "full.mp4"), 500u * 1024u);
    const auto info = probe((dir / "full.mp4").string());
    EXPECT_EQ(info.codec, "h264");
    EXPECT_EQ(info.frames, kept);
    EXPECT_EQ(decodeFirstFrame((dir / "full.mp4").string()).width, 320);
}

TEST(RecordCommand, CtrlCFinishesTheFileAndExitsWith130) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    ChildProcess child(recordArgs({"--size", "160x120", "--steps", "10000000", "--width", "160", "--height", "120",
                                   "--fps", "10", "--out", "long.mp4"}),
                       dir);
    // Once a fragment (a second of video) is in the file, the recording is well under way.
    const fs::path file = dir / "long.mp4";
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    std::error_code ignored;
    while (!(fs::exists(file, ignored) && fs::file_size(file, ignored) > 4096) &&
           std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    child.sendSignal(SIGINT);
    const ChildResult run = child.wait();
    EXPECT_EQ(run.exitCode, 130) << run.err;
    EXPECT_NE(run.err.find("interrupted"), std::string::npos) << run.err;
    const long long wrote = reportedFrames(run.out, "wrote      ");
    ASSERT_GE(wrote, 10) << run.out;
    const auto info = probe(file.string());
    EXPECT_EQ(info.codec, "h264");
    EXPECT_EQ(info.frames, wrote); // every frame captured before the signal, the last fragment included
    EXPECT_NEAR(info.duration, double(wrote) / 10, 0.01);
}

TEST(RecordCommand, BadArgumentsAreRefusedWithTheReason) {
    const fs::path dir = testDirectory();
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--width", "641"}, "--width 641 is odd: H.264, MPEG-4 and VP9 need even frame sizes"},
        {{"--height", "0"}, "--height 0 is outside 2..16384"},
        {{"--width", "-4"}, "--width -4 is outside"},
        {{"--fps", "0"}, "--fps 0 is outside 1..240"},
        {{"--fps", "-5"}, "--fps -5 is outside 1..240"},
        {{"--every", "0"}, "--every 0 is outside 1..2147483647"},
        {{"--steps", "-1"}, "--steps -1 is outside 0..9223372036854775807"},
        {{"--format", "avi"}, "unknown video format 'avi' (choose auto, h264, mpeg4, vp9 or png)"},
        {{"--view", "zoomy"}, "--view must be fit or a zoom in pixels per cell"},
        {{"--view", "2", "--centre", "3"}, "--centre must be X,Y in cells"},
        {{"--colormap", "rainbow"}, "--colormap must be two-state, decay or density"},
        {{"--rule", "B3/S23x"}, "B3/S23x"},
    };
    for (const auto& [extra, message] : cases) {
        std::vector<std::string> args{"record", "--no-progress", "--out", "bad.mp4"};
        args.insert(args.end(), extra.begin(), extra.end());
        const ChildResult run = runCatlab(args, dir);
        EXPECT_EQ(run.exitCode, 1) << extra[0] << ": " << run.err;
        EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(dir / "bad.mp4")) << extra[0];
    }
    const ChildResult noOut = runCatlab({"record", "--steps", "1"}, dir);
    EXPECT_NE(noOut.exitCode, 0);
    EXPECT_NE(noOut.err.find("--out is required"), std::string::npos) << noOut.err;
}

} // namespace
} // namespace catlab::testing
