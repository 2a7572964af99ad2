// `catlab record --scene cloud` end to end: the cloud automaton flown around along a camera path, filmed
// headless by the real executable; the frames are checked against the simulation and the camera they
// should show, rendered here in the test process.
#include "record/child_process.hpp"
#include "record/record_test_support.hpp"
#include "record/reference_frame.hpp"
#include "recording/camera_path.hpp"
#include "video/decoded_video.hpp"

#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_simulation.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;
using video::testing::decodeFirstFrame;
using video::testing::expectVideo;
using video::testing::probe;
using video::testing::RgbImage;

// A small volume with the default source, filmed on `backend` with the extra options.
std::vector<std::string> cloudArgs(const std::string& backend, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"record",   "--no-progress", "--scene", "cloud",     "--size",
                                  "40x36x12", "--seed",        "5",       "--backend", backend};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

RgbImage pngFrame(const fs::path& folder, int frame) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%06d.png", frame);
    return decodeFirstFrame((folder / name).string());
}

// Pixels where the two images differ by more than `tolerance` in some channel.
int differingPixels(const RgbImage& a, const RgbImage& b, int tolerance = 0) {
    int count = 0;
    for (std::size_t i = 0; i + 2 < std::min(a.rgb.size(), b.rgb.size()); i += 3) {
        bool differs = false;
        for (int c = 0; c < 3; ++c) differs |= std::abs(int(a.rgb[i + c]) - int(b.rgb[i + c])) > tolerance;
        count += differs;
    }
    return count;
}

// Pixels bright and grey enough to be lit cloud rather than sky or ground.
int cloudPixels(const RgbImage& image) {
    int count = 0;
    for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3) {
        const int r = image.rgb[i], g = image.rgb[i + 1], b = image.rgb[i + 2];
        count += r > 200 && g > 200 && b > 200 && std::abs(r - b) < 30;
    }
    return count;
}

TEST(CloudRecordCommand, H264FileHasTheCodecSizeFrameCountAndDuration) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const ChildResult run =
        runCatlab(cloudArgs("cpu", {"--formation", "20", "--steps", "12", "--every", "3", "--width", "160", "--height",
                                    "120", "--fps", "5", "--format", "h264", "--out", "clouds.mp4"}),
                  dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(reportedFrames(run.out, "wrote      "), 5) << run.out; // steps 20, 23, ..., 32
    EXPECT_NE(run.out.find("steps       20 before the first frame, then 3 per frame: steps 20..32"), std::string::npos)
        << run.out;
    expectVideo((dir / "clouds.mp4").string(), {"h264", 160, 120, 5, 1.0});
}

// The first frame shows the volume after the formation from the start camera; the last, the volume
// `steps` later from the end of the path (turned, raised and moved in), with the sun where it was asked.
TEST(CloudRecordCommand, PngFramesShowTheStateFromTheCameraOfThePath) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const ChildResult run = runCatlab(
        cloudArgs("cpu", {"--formation", "60",      "--steps",         "8",        "--every",          "4",
                          "--yaw",       "10",      "--orbit-degrees", "90",       "--pitch",          "15,40",
                          "--distance",  "2.2,1.4", "--sun",           "120,45",   "--density-radius", "2",
                          "--width",     "97",      "--height",        "61",       "--format",         "png",
                          "--out",       "frames",  "--cloud-scene",   "ellipsoid"}),
        dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    ASSERT_EQ(reportedFrames(run.out, "wrote      "), 3) << run.out;

    // The ellipsoid fills this small volume's middle within the few formation steps, so every camera of
    // the path sees cloud.
    const cloud::CloudParams params = cloud::cloudSceneParams(cloud::CloudScene::Ellipsoid, {40, 36, 12}, 5);
    const auto sim = cloud::makeCloudSimulation("cpu", {40, 36, 12}, params);
    render::CloudLook look;
    look.sunAzimuthDegrees = 120;
    look.sunElevationDegrees = 45;
    render::OrbitCamera start, end;
    start.yawDegrees = 10;
    start.pitchDegrees = 15;
    start.distance = 2.2;
    end.yawDegrees = 100;
    end.pitchDegrees = 40;
    end.distance = 1.4;

    sim->step(60);
    const RgbImage first = pngFrame(dir / "frames", 0);
    ASSERT_EQ(first.width, 97);
    ASSERT_EQ(first.height, 61);
    EXPECT_EQ(first.rgb, renderCloudReference(*sim, 2, start, look, 97, 61).rgb);
    EXPECT_GT(cloudPixels(first), 100) << "the clouds are not in the picture";
    sim->step(8);
    const RgbImage last = pngFrame(dir / "frames", 2);
    EXPECT_EQ(last.rgb, renderCloudReference(*sim, 2, end, look, 97, 61).rgb);
    EXPECT_GT(differingPixels(first, last, 8), 97 * 61 / 10) << "the camera did not move";
    EXPECT_FALSE(fs::exists(dir / "frames" / "frame_000003.png"));
}

TEST(CloudRecordCommand, CameraPathMovesLinearlyFromStartToEnd) {
    recording::CameraPath path;
    path.start.yawDegrees = -30;
    path.start.pitchDegrees = 10;
    path.start.distance = 2;
    path.orbitDegrees = 120;
    path.endPitchDegrees = 50;
    path.endDistance = 1;
    const render::OrbitCamera middle = path.at(recording::pathFraction(2, 5));
    EXPECT_DOUBLE_EQ(middle.yawDegrees, 30);
    EXPECT_DOUBLE_EQ(middle.pitchDegrees, 30);
    EXPECT_DOUBLE_EQ(middle.distance, 1.5);
    EXPECT_DOUBLE_EQ(path.at(recording::pathFraction(4, 5)).yawDegrees, 90);
    EXPECT_DOUBLE_EQ(recording::pathFraction(0, 1), 0); // a lone frame sits at the start
}

// On a CUDA machine the GPU simulation (its density through CUDA-GL interop) films the same frames as
// the CPU reference, byte for byte.
TEST(CloudRecordCommand, CudaBackendFilmsTheSameFramesAsTheCpuBackend) {
    REQUIRE_HEADLESS_OPENGL();
    if (const auto why = cloud::cloudBackendUnavailable("cuda")) GTEST_SKIP() << "no CUDA cloud backend: " << *why;
    const fs::path dir = testDirectory();
    const std::vector<std::string> film = {"--formation", "50",     "--steps",  "6",       "--every",
                                           "2",           "--wind", "0.4,0.1",  "--width", "128",
                                           "--height",    "72",     "--format", "png"};
    std::vector<std::string> cpu = film, gpu = film;
    cpu.insert(cpu.end(), {"--out", "cpu"});
    gpu.insert(gpu.end(), {"--out", "gpu"});
    const ChildResult cpuRun = runCatlab(cloudArgs("cpu", cpu), dir);
    const ChildResult gpuRun = runCatlab(cloudArgs("cuda", gpu), dir);
    ASSERT_EQ(cpuRun.exitCode, 0) << cpuRun.err;
    ASSERT_EQ(gpuRun.exitCode, 0) << gpuRun.err;
    EXPECT_NE(gpuRun.out.find("density     CUDA-GL interop"), std::string::npos) << gpuRun.out;
    for (int frame = 0; frame < 4; ++frame)
        EXPECT_EQ(pngFrame(dir / "gpu", frame).rgb, pngFrame(dir / "cpu", frame).rgb) << "frame " << frame;
}

// Ctrl+C while the clouds form, before the first frame: no frame reached the file, so there is no
// file, and catlab says so.
TEST(CloudRecordCommand, CtrlCBeforeTheFirstFrameLeavesNoFileAndSaysSo) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    ChildProcess child(cloudArgs("cpu", {"--formation", "1000000000", "--steps", "10", "--width", "64", "--height",
                                         "48", "--out", "clouds.mp4"}),
                       dir);
    ASSERT_TRUE(child.waitForOutput("before the first frame", std::chrono::seconds(60)));
    child.sendSignal(SIGINT);
    const ChildResult run = child.wait();
    EXPECT_EQ(run.exitCode, 130) << run.err;
    EXPECT_NE(run.err.find("catlab: interrupted before the first frame: no frame reached the file; clouds.mp4 is "
                           "removed"),
              std::string::npos)
        << run.err;
    EXPECT_EQ(run.out.find("wrote"), std::string::npos) << run.out;
    EXPECT_FALSE(fs::exists(dir / "clouds.mp4"));
}

TEST(CloudRecordCommand, BadArgumentsAreRefusedWithTheReason) {
    const fs::path dir = testDirectory();
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--scene", "ocean"}, "--scene must be grid (a 2D automaton) or cloud (the 3D cloud automaton), not 'ocean'"},
        {{"--orbit-degrees", "90"}, "need --scene cloud"},
        {{"--scene", "cloud", "--rule", "life"}, "--rule applies to a 2D automaton, not to --scene cloud"},
        {{"--scene", "cloud", "--view", "2"}, "--view applies to a 2D automaton"},
        {{"--scene", "cloud", "--size", "64x64"}, "bad cloud size '64x64'"},
        {{"--scene", "cloud", "--pitch", "95"}, "--pitch '95': each value must be -85..85"},
        {{"--scene", "cloud", "--distance", "1,2,3"}, "bad --distance '1,2,3': expected A or A,B"},
        {{"--scene", "cloud", "--sun", "10"}, "bad --sun '10': expected AZIMUTH,ELEVATION"},
        {{"--scene", "cloud", "--backend", "pack"}, "unknown cloud backend 'pack' (known: cpu, cuda, or auto)"},
        {{"--scene", "cloud", "--formation", "-1"}, "--formation -1 is outside 0..1073741824"},
        {{"--scene", "cloud", "--density-radius", "7"}, "--density-radius 7 is outside 0..3"},
        {{"--scene", "cloud", "--p-hum", "2"}, "--p-hum 2 is outside 0..1"},
    };
    for (const auto& [extra, message] : cases) {
        std::vector<std::string> args{"record", "--no-progress", "--out", "bad.mp4"};
        args.insert(args.end(), extra.begin(), extra.end());
        const ChildResult run = runCatlab(args, dir);
        EXPECT_EQ(run.exitCode, 1) << extra[1] << ": " << run.err;
        EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
        EXPECT_FALSE(fs::exists(dir / "bad.mp4")) << extra[1];
    }
}

} // namespace
} // namespace catlab::testing
