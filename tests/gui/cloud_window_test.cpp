// The cloud scene in the window, under Xvfb and Mesa: the ray-marched clouds over the sky, a picture
// that follows the sun, switching between the 2D rules and the clouds, and bad input.
#include "gui/gui_test_support.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace catlab::testing {
namespace {

// A small volume and window keep llvmpipe quick; the panel is hidden so the pictures show the scene alone.
const std::vector<std::string> kCloudWindow = {"--window", "320x240",      "--hide-panel", "--scene",
                                               "cloud",    "--cloud-size", "48x48x16"};

std::vector<std::string> cloudArgs(const std::filesystem::path& script) {
    std::vector<std::string> args = kCloudWindow;
    args.insert(args.end(), {"--script", script.string()});
    return args;
}

// The pixels where `clouds` differs from the same view of an empty sky, and how many of them are
// bright and nearly grey (sunlit or sky-lit cloud; the sky is blue and the ground dark).
struct CloudPixels {
    double fraction = 0, whiteFraction = 0;
};
CloudPixels cloudPixels(const Image& emptySky, const Image& clouds) {
    const std::vector<PixelDifference> changed = differingPixels(emptySky, clouds);
    std::size_t white = 0;
    for (const PixelDifference& p : changed) {
        const std::uint8_t* c = clouds.at(p.x, p.y);
        if (std::min({c[0], c[1], c[2]}) > 150 && std::max({c[0], c[1], c[2]}) - std::min({c[0], c[1], c[2]}) < 50)
            ++white;
    }
    const double pixels = double(clouds.rgb.size() / 3);
    return {double(changed.size()) / pixels, double(white) / std::max(double(changed.size()), 1.0)};
}

// Pixels of the sky: blue clearly above red.
double skyFraction(const Image& image) {
    std::size_t n = 0;
    for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3)
        if (int(image.rgb[i + 2]) > int(image.rgb[i]) + 25) ++n;
    return double(n) / double(image.rgb.size() / 3);
}

double meanAbsoluteDifference(const Image& a, const Image& b) {
    double sum = 0;
    for (std::size_t i = 0; i < a.rgb.size(); ++i) sum += std::abs(int(a.rgb[i]) - int(b.rgb[i]));
    return a.rgb.empty() ? 0.0 : sum / double(a.rgb.size());
}

// Clouds formed over 40 frames (a snapshot of 8 more steps every 4 frames), then paused long enough for
// the blend to settle on the last snapshot: still pictures from then on.
const char* const kGrowClouds = "speed 8\nframes 40\npause\nframes 4\n";

TEST(CloudWindow, ClearSkyThenCloudsFormAndAreDrawn) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "grow.txt",
                                    std::string("pause\nframes 1\nscreenshot empty.png\nplay\n") + kGrowClouds +
                                        "frames 2\nscreenshot clouds.png\nstatus\nquit\n");
    const RunResult run = runCatlab(cloudArgs(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("scene cloud\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("size 48x48x16\n"), std::string::npos) << run.out;

    const Image empty = readPng(dir / "empty.png"), clouds = readPng(dir / "clouds.png");
    ASSERT_EQ(clouds.width, 320);
    ASSERT_EQ(clouds.height, 240);
    // Before any step: sky and ground only. After: mostly white clouds in front of them, in many shades.
    EXPECT_GT(skyFraction(empty), 0.1);
    const CloudPixels c = cloudPixels(empty, clouds);
    EXPECT_GT(c.fraction, 0.03);
    EXPECT_LT(c.fraction, 0.8);
    EXPECT_GT(c.whiteFraction, 0.5);
    EXPECT_GT(skyFraction(clouds), 0.1);
    EXPECT_GT(distinctColours(clouds), 64);
}

TEST(CloudWindow, PictureFollowsTheSun) {
    const auto dir = testDirectory();
    // The camera looks toward azimuth 125: first the sun is ahead of it, low, then behind it, high.
    const auto script = writeScript(dir, "sun.txt",
                                    std::string(kGrowClouds) + "sun 125 15\nframes 2\nscreenshot ahead.png\n"
                                                               "sun -55 60\nframes 2\nscreenshot behind.png\n"
                                                               "sun 125 15\nframes 2\nscreenshot again.png\nquit\n");
    const RunResult run = runCatlab(cloudArgs(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image ahead = readPng(dir / "ahead.png"), behind = readPng(dir / "behind.png"),
                again = readPng(dir / "again.png");
    ASSERT_EQ(ahead.rgb.size(), behind.rgb.size());
    EXPECT_GT(meanAbsoluteDifference(ahead, behind), 4.0);
    EXPECT_GT(differingPixels(ahead, behind).size(), ahead.rgb.size() / 3 / 4);
    // Paused: the same sun gives the same picture.
    EXPECT_EQ(ahead, again);
}

TEST(CloudWindow, KeysFAndRActOnTheClouds) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "keys.txt",
                                    std::string("pause\nframes 1\nscreenshot empty.png\nplay\n") + kGrowClouds +
                                        "frames 1\nscreenshot clouds.png\norbit 60 30 1.5\nframes 1\n"
                                        "screenshot turned.png\nkey f\nframes 1\nscreenshot front.png\n"
                                        "key r\nframes 4\nscreenshot cleared.png\nquit\n");
    const RunResult run = runCatlab(cloudArgs(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image clouds = readPng(dir / "clouds.png");
    // F: back to the starting camera. R: a clear sky again.
    EXPECT_GT(meanAbsoluteDifference(clouds, readPng(dir / "turned.png")), 4.0);
    EXPECT_EQ(clouds, readPng(dir / "front.png"));
    EXPECT_EQ(readPng(dir / "empty.png"), readPng(dir / "cleared.png"));
}

TEST(CloudWindow, SwitchesBetweenTheRulesAndTheClouds) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "switch.txt",
                                    std::string(kGrowClouds) + "frames 1\nscreenshot clouds.png\n"
                                                               "scene 2d\nframes 1\nscreenshot grid.png\nstatus\n"
                                                               "scene cloud\nframes 1\nscreenshot back.png\nquit\n");
    const RunResult run = runCatlab(cloudArgs(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image clouds = readPng(dir / "clouds.png"), grid = readPng(dir / "grid.png"),
                back = readPng(dir / "back.png");
    EXPECT_NE(run.out.find("population "), std::string::npos) << run.out; // the 2D status
    EXPECT_GT(meanAbsoluteDifference(clouds, grid), 20.0);
    EXPECT_EQ(clouds, back); // paused: the clouds were kept while the grid was shown
}

// --cloud-scene picks what forms: the cumulus field by default, the single ellipsoid by name.
TEST(CloudWindow, TheCloudSceneIsChosenByName) {
    const auto dir = testDirectory();
    const auto script =
        writeScript(dir, "grow.txt", std::string(kGrowClouds) + "frames 1\nscreenshot clouds.png\nquit\n");
    std::vector<std::string> ellipsoidArgs = cloudArgs(script);
    ellipsoidArgs.insert(ellipsoidArgs.end(), {"--cloud-scene", "ellipsoid"});
    const std::filesystem::path cumulusDir = dir / "cumulus", ellipsoidDir = dir / "ellipsoid";
    std::filesystem::create_directories(cumulusDir);
    std::filesystem::create_directories(ellipsoidDir);
    RunResult run = runCatlab(cloudArgs(script), cumulusDir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    run = runCatlab(ellipsoidArgs, ellipsoidDir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_GT(meanAbsoluteDifference(readPng(cumulusDir / "clouds.png"), readPng(ellipsoidDir / "clouds.png")), 2.0);
}

TEST(CloudWindow, BadInputIsRefusedWithAMessage) {
    const auto dir = testDirectory();
    RunResult run = runCatlab({"--scene", "moon", "--frames", "1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("--scene must be 2d or cloud (got 'moon')"), std::string::npos) << run.err;
    run = runCatlab({"--scene", "cloud", "--cloud-size", "4x4", "--frames", "1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("bad cloud size '4x4'"), std::string::npos) << run.err;
    run = runCatlab({"--scene", "cloud", "--cloud-backend", "turbo", "--frames", "1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("unknown cloud backend 'turbo'"), std::string::npos) << run.err;
    run = runCatlab({"--scene", "cloud", "--cloud-scene", "stratus", "--frames", "1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("unknown cloud scene 'stratus': the scenes are cumulus, ellipsoid"), std::string::npos)
        << run.err;

    const auto script =
        writeScript(dir, "bad.txt", "pause\nsun 10 100\ncloud-size 4x4\nscene sky\ncloud-size 16x16x4\nstatus\nquit\n");
    run = runCatlab(cloudArgs(script), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("bad.txt:2: sun: ELEVATION 100 is outside -90..90"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("bad.txt:3: cloud-size: bad cloud size '4x4'"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("bad.txt:4: scene: expected 2d or cloud"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("size 16x16x4\n"), std::string::npos) << run.out; // the good command still ran
}

} // namespace
} // namespace catlab::testing
