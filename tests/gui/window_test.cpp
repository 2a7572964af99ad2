// The desktop window end to end: catlab is started as a user would, driven by --frames/--script,
// and judged on the PNGs it saves.
#include "gui/gui_test_support.hpp"

#include "catlab/rle.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include <algorithm>

namespace catlab::testing {
namespace {

// A small window keeps llvmpipe quick; the panel is hidden so the pictures show the grid alone.
const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};

std::vector<std::string> withScript(const std::filesystem::path& script, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--script", script.string()});
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

TEST(Window, DefaultSceneDrawsTheGrid) {
    const auto dir = testDirectory();
    const RunResult run = runCatlab({"--frames", "5", "--screenshot", "default.png"}, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image image = readPng(dir / "default.png");
    EXPECT_EQ(image.width, 1280);
    EXPECT_EQ(image.height, 800);
    // Live cells over a dark background, in many shades (zoomed out, pixels show densities), plus the panel.
    EXPECT_GT(distinctColours(image), 16);
    EXPECT_GT(brightFraction(image), 0.02);
    EXPECT_LT(brightFraction(image), 0.8);
}

TEST(Window, DefaultSceneWithoutPanelIsNotUniform) {
    const auto dir = testDirectory();
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--frames", "3", "--screenshot", "view.png"});
    const RunResult run = runCatlab(args, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image image = readPng(dir / "view.png");
    EXPECT_EQ(image.width, 320);
    EXPECT_EQ(image.height, 240);
    EXPECT_GT(distinctColours(image), 8);
    EXPECT_GT(brightFraction(image), 0.02);
    EXPECT_LT(brightFraction(image), 0.8);
}

TEST(Window, ZoomChangesThePicture) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "zoom.txt",
                                    "pause\n"
                                    "frames 1\n"
                                    "screenshot fit.png\n"
                                    "zoom 4 512 512\n"
                                    "frames 1\n"
                                    "screenshot zoomed.png\n"
                                    "quit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image fit = readPng(dir / "fit.png");
    const Image zoomed = readPng(dir / "zoomed.png");
    EXPECT_GT(differingPixels(fit, zoomed).size(), std::size_t(fit.width * fit.height / 10));
    // Zoomed in, cells are 4x4 squares with grid lines: still a picture of the grid, not a flat colour.
    EXPECT_GT(distinctColours(zoomed), 2);
    EXPECT_GT(brightFraction(zoomed), 0.02);
}

TEST(Window, BackendSwitchKeepsThePicture) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "switch.txt",
                                    "pause\n"
                                    "backend cpu\n"
                                    "step 3\n"
                                    "frames 1\n"
                                    "screenshot cpu.png\n"
                                    "backend cpu-naive\n"
                                    "frames 1\n"
                                    "screenshot naive.png\n"
                                    "step 3\n"
                                    "backend cpu\n"
                                    "step 3\n"
                                    "frames 1\n"
                                    "screenshot mixed.png\n"
                                    "quit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(readPng(dir / "cpu.png"), readPng(dir / "naive.png"));

    // The same nine generations on one backend give the same picture as the mixed run.
    const auto single =
        writeScript(dir, "single.txt", "pause\nbackend cpu-naive\nstep 9\nframes 1\nscreenshot single.png\nquit\n");
    const RunResult reference = runCatlab(withScript(single), dir);
    ASSERT_EQ(reference.exitCode, 0) << reference.err;
    const Image mixed = readPng(dir / "mixed.png");
    EXPECT_EQ(mixed, readPng(dir / "single.png"));
    EXPECT_FALSE(differingPixels(mixed, readPng(dir / "cpu.png")).empty());
}

TEST(Window, PaintingOneCellAtOneToOneChangesExactlyItsPixel) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "paint.txt",
                                    "pause\n"
                                    "clear\n"
                                    "zoom 1 100 70\n"
                                    "frames 1\n"
                                    "screenshot before.png\n"
                                    "paint 100 70\n"
                                    "frames 1\n"
                                    "screenshot painted.png\n"
                                    "erase 100 70\n"
                                    "frames 1\n"
                                    "screenshot erased.png\n"
                                    "quit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image before = readPng(dir / "before.png");
    const Image painted = readPng(dir / "painted.png");
    const auto diff = differingPixels(before, painted);
    ASSERT_EQ(diff.size(), 1u);
    // `zoom 1 X Y` puts cell (X, Y) at the view's centre pixel.
    EXPECT_EQ(diff[0].x, before.width / 2);
    EXPECT_EQ(diff[0].y, before.height / 2);
    EXPECT_GT(int(painted.at(diff[0].x, diff[0].y)[0]), int(before.at(diff[0].x, diff[0].y)[0]));
    EXPECT_EQ(readPng(dir / "erased.png"), before);
}

TEST(Window, PaintingAtZoomFourFillsAFourByFourSquare) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "paint4.txt",
                                    "pause\nclear\ngrid off\nzoom 4 10 20\nframes 1\nscreenshot before.png\n"
                                    "brush 1\npaint 10 20\nframes 1\nscreenshot painted.png\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto diff = differingPixels(readPng(dir / "before.png"), readPng(dir / "painted.png"));
    ASSERT_EQ(diff.size(), 16u);
    int minX = diff[0].x, minY = diff[0].y, maxX = minX, maxY = minY;
    for (const auto& d : diff) {
        minX = std::min(minX, d.x), maxX = std::max(maxX, d.x);
        minY = std::min(minY, d.y), maxY = std::max(maxY, d.y);
    }
    EXPECT_EQ(maxX - minX, 3);
    EXPECT_EQ(maxY - minY, 3);
}

TEST(Window, InvalidRuleFromScriptKeepsTheRunningRule) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "rule.txt",
                                    "pause\n"
                                    "rule life\n"
                                    "rule R5,C0,M1,S34..58,B34..45,NQ\n"
                                    "status\n"
                                    "quit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("rule.txt:3: rule:"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("rule B3/S23\n"), std::string::npos) << run.out;
}

TEST(Window, TooLargeGridIsRefusedAndTheOldOneKept) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "size.txt",
                                    "pause\n"
                                    "size 300x200\n"
                                    "size 1000000x1000000\n"
                                    "status\n"
                                    "quit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("size.txt:3: size:"), std::string::npos) << run.err;
    EXPECT_NE(run.out.find("size 300x200\n"), std::string::npos) << run.out;
}

TEST(Window, RleSaveAndLoadRoundTrip) {
    const auto dir = testDirectory();
    const auto save = writeScript(dir, "save.txt",
                                  "pause\nrule briansbrain\nsize 97x61\nrandom 0.3 7\nstep 4\nfit\nframes 1\n"
                                  "save first.rle\nscreenshot first.png\nquit\n");
    const RunResult saved = runCatlab(withScript(save), dir);
    ASSERT_EQ(saved.exitCode, 0) << saved.err;
    const auto load =
        writeScript(dir, "load.txt", "pause\nload first.rle\nframes 1\nsave second.rle\nscreenshot second.png\nquit\n");
    const RunResult loaded = runCatlab(withScript(load), dir);
    ASSERT_EQ(loaded.exitCode, 0) << loaded.err;

    const Pattern first = readRleFile((dir / "first.rle").string());
    const Pattern second = readRleFile((dir / "second.rle").string());
    ASSERT_TRUE(first.rule && second.rule);
    EXPECT_EQ(first.rule->rule, second.rule->rule);
    EXPECT_EQ(first.rule->size, second.rule->size);
    EXPECT_EQ(first.cells, second.cells);
    EXPECT_GT(first.cells.population(), 0u);
    EXPECT_EQ(readPng(dir / "first.png"), readPng(dir / "second.png"));
}

// A file naming no topology opens on Golly's unbounded universe: the glider flies past the edge of the
// grid it opened on, which grows, and is saved at its place on the plane with no topology.
TEST(Window, AFileWithoutATopologyGrowsWithItsPattern) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n";
    const auto script = writeScript(dir, "grow.txt",
                                    "pause\nsize 64x64\nload glider.rle\nstep 400\nframes 1\nstatus\n"
                                    "save far.rle\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("generation 400\npopulation 5\n"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("size 64x64"), std::string::npos) << run.out; // it grew
    const Pattern far = readRleFile((dir / "far.rle").string());
    ASSERT_TRUE(far.rule);
    EXPECT_FALSE(far.rule->size);
    EXPECT_EQ(far.position, (std::pair<long long, long long>{100, 100}));
    EXPECT_EQ(far.cells.population(), 5u);
}

// A tube (:T0,16) opens on a grid that grows across alone: the glider goes round the tube four times and
// is saved at its place, with the suffix Golly reads back.
TEST(Window, ATubeGrowsAcrossWithItsPattern) {
    const auto dir = testDirectory();
    std::ofstream(dir / "tube.rle") << "x = 3, y = 3, rule = B3/S23:T0,16\nbo$2bo$3o!\n";
    const auto script = writeScript(dir, "tube.txt",
                                    "pause\nsize 64x64\nload tube.rle\nstep 256\nframes 1\nstatus\n"
                                    "save round.rle\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("generation 256\npopulation 5\n"), std::string::npos) << run.out;
    const Pattern round = readRleFile((dir / "round.rle").string());
    ASSERT_TRUE(round.rule);
    EXPECT_EQ(round.rule->size, (GridSize{0, 16}));
    EXPECT_TRUE(round.rule->rule.topology.unboundedWidth);
    EXPECT_EQ(round.position, (std::pair<long long, long long>{64, -2}));
    EXPECT_EQ(round.cells.population(), 5u);
}

TEST(Window, ScriptErrorsNameTheLineAndNothingRuns) {
    const auto dir = testDirectory();
    const auto unknown = writeScript(dir, "unknown.txt", "pause\n# a comment\n\nzom 4\nscreenshot never.png\n");
    RunResult run = runCatlab(withScript(unknown), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("unknown.txt:4: unknown command 'zom'"), std::string::npos) << run.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "never.png"));

    const auto badNumber = writeScript(dir, "number.txt", "pause\nstep many\n");
    run = runCatlab(withScript(badNumber), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("number.txt:2: 'step' expects N as a whole number"), std::string::npos) << run.err;

    const auto missing = writeScript(dir, "missing.txt", "pause\n\npaint 3\n");
    run = runCatlab(withScript(missing), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("missing.txt:3: 'paint' is missing arguments"), std::string::npos) << run.err;
}

TEST(Window, FailingCommandNamesItsLineAndTheScriptGoesOn) {
    const auto dir = testDirectory();
    const auto script =
        writeScript(dir, "fail.txt", "pause\nbackend no-such-backend\nload missing.rle\nscreenshot after.png\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("fail.txt:2: backend:"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("fail.txt:3: load:"), std::string::npos) << run.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "after.png"));
}

TEST(Window, RadiusKeepsTheRuleShape) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "radius.txt", "pause\nrule life\nradius 5\nstatus\nradius 1\nstatus\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("rule R5,C0,M0,S23..52,B38..52,NM\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("rule B3/S23\n"), std::string::npos) << run.out;
}

TEST(Window, ColourMapsDrawMultiStateRulesDifferently) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "maps.txt",
                                    "pause\nrule briansbrain\nstep 5\nframes 1\nscreenshot two.png\ncolormap decay\n"
                                    "frames 1\nscreenshot decay.png\ncolormap density\nframes 1\n"
                                    "screenshot density.png\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image two = readPng(dir / "two.png");
    EXPECT_FALSE(differingPixels(two, readPng(dir / "decay.png")).empty());
    EXPECT_FALSE(differingPixels(two, readPng(dir / "density.png")).empty());
}

TEST(Window, PlayingAdvancesGenerationsEachFrame) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "play.txt", "pause\nspeed 3\nplay\nframes 4\npause\nstatus\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("generation 12\n"), std::string::npos) << run.out;
}

TEST(Window, KeysStepPlayAndPause) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "keys.txt",
                                    "pause\nkey n\nframes 1\nstatus\nkey plus\nkey space\nframes 3\nkey space\n"
                                    "frames 1\nstatus\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    // N: one generation while paused. Plus: 2 generations a frame. Space: play for 3 frames, then pause.
    EXPECT_NE(run.out.find("generation 1\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("generation 7\n"), std::string::npos) << run.out;
}

TEST(Window, KeyFFitsAndTabHidesThePanel) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "view.txt",
                                    "pause\nframes 1\nscreenshot fit.png\nzoom 4 100 100\nframes 1\n"
                                    "screenshot zoomed.png\nkey f\nframes 1\nscreenshot key-fit.png\n"
                                    "panel show\nframes 1\nscreenshot panel.png\nkey tab\nframes 1\n"
                                    "screenshot tab.png\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image fit = readPng(dir / "fit.png");
    EXPECT_FALSE(differingPixels(fit, readPng(dir / "zoomed.png")).empty());
    EXPECT_EQ(fit, readPng(dir / "key-fit.png"));
    EXPECT_FALSE(differingPixels(fit, readPng(dir / "panel.png")).empty());
    EXPECT_EQ(fit, readPng(dir / "tab.png"));
}

// Columns drawn as the torus seam (blue lines between the copies of the grid), first column of each line.
std::vector<int> seamColumns(const Image& image) {
    std::vector<int> seams;
    for (int x = 0; x < image.width; ++x) {
        int blue = 0;
        for (int y = 0; y < image.height; ++y) {
            const std::uint8_t* p = image.at(x, y);
            blue += p[2] > p[0] + 40;
        }
        if (blue > image.height * 9 / 10 && (seams.empty() || seams.back() != x - 1)) seams.push_back(x);
    }
    return seams;
}

bool hasSeamPair(const std::vector<int>& seams, int firstFrom, int firstTo, int secondFrom, int secondTo) {
    for (std::size_t i = 0; i + 1 < seams.size(); ++i)
        if (seams[i] >= firstFrom && seams[i] <= firstTo && seams[i + 1] >= secondFrom && seams[i + 1] <= secondTo)
            return true;
    return false;
}

TEST(Window, FitLeavesThePanelsSideFree) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "fit.txt",
                                    "pause\nfit\nframes 1\npanel hide\nframes 1\nscreenshot beside.png\n"
                                    "fit\nframes 1\nscreenshot whole.png\nquit\n");
    const RunResult run = runCatlab({"--window", "640x240", "--script", script.string()}, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    // The 1024^2 grid fits the height (240 pixels). Beside the panel (about 390 pixels on the right) its
    // copy between two seams is centred in the free left part; without the panel, in the whole width.
    const std::vector<int> beside = seamColumns(readPng(dir / "beside.png"));
    EXPECT_TRUE(hasSeamPair(beside, 0, 12, 238, 254)) << ::testing::PrintToString(beside);
    const std::vector<int> whole = seamColumns(readPng(dir / "whole.png"));
    EXPECT_TRUE(hasSeamPair(whole, 197, 203, 437, 443)) << ::testing::PrintToString(whole);
}

TEST(Window, UnknownKeyNamesTheScriptLine) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "badkey.txt", "pause\nkey hyperspace\nquit\n");
    const RunResult run = runCatlab(withScript(script), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("badkey.txt:2: key: unknown key 'hyperspace'"), std::string::npos) << run.err;
}

TEST(Window, NoDisplayIsAClearError) {
    const auto dir = testDirectory();
    const RunResult run = runCatlab({"--frames", "1"}, dir, "env -u DISPLAY -u WAYLAND_DISPLAY");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("cannot open the window: no display"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("catlab run"), std::string::npos) << run.err;
}

} // namespace
} // namespace catlab::testing
