// Strict input in the window: script numbers out of range, non-finite view values, rules with a
// torus, files that are not text files and window sizes are refused with the reason, and what runs
// stays as it was.
#include "gui/gui_test_support.hpp"

#include <gtest/gtest.h>

namespace catlab::testing {
namespace {

const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};

int count(const std::string& text, const std::string& part) {
    int n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

RunResult runScript(const std::filesystem::path& dir, const std::string& name, const std::string& text) {
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--script", writeScript(dir, name, text).string()});
    return runCatlab(args, dir);
}

TEST(StrictInput, ViewValuesOutOfRangeAreRefusedAndTheViewKept) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "view.txt",
                                    "pause\n"
                                    "zoom 2 100 100\n"
                                    "frames 1\n"
                                    "screenshot before.png\n"
                                    "zoom 1e-308\n"
                                    "pan 1e308 1e308\n"
                                    "zoom 1000\n"
                                    "zoom 2 5\n"
                                    "frames 1\n"
                                    "screenshot after.png\n"
                                    "quit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("view.txt:5: zoom: Z 1e-308 is outside 0.000244141..256"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("view.txt:6: pan: DX 1e308 is outside -1e+09..1e+09"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("view.txt:7: zoom: Z 1000 is outside 0.000244141..256"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("view.txt:8: zoom: zoom takes a centre as two coordinates"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("stod"), std::string::npos) << run.err;
    EXPECT_EQ(readPng(dir / "before.png"), readPng(dir / "after.png"));
}

TEST(StrictInput, CentresFarAwayWrapOntoTheTorus) {
    const auto dir = testDirectory();
    // 1e15 cells from the origin lies on the torus like any other cell: 1e15 mod 1024 = 0 (1e15 = 2^15 * 5^15).
    const RunResult run = runScript(dir, "far.txt",
                                    "pause\nzoom 2 0 0\nframes 1\nscreenshot near.png\n"
                                    "zoom 2 1e15 -1e15\nframes 1\nscreenshot far.png\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(readPng(dir / "near.png"), readPng(dir / "far.png"));
}

TEST(StrictInput, ScriptIntegersNameTheArgumentAndTheRange) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "ints.txt",
                                    "pause\n"
                                    "speed 0\n"
                                    "radius 501\n"
                                    "random 1.5\n"
                                    "brush 257\n"
                                    "record-options 0\n"
                                    "status\n"
                                    "quit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("ints.txt:2: speed: N 0 is outside 1.."), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("ints.txt:3: radius: R 501 is outside 1..500"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("ints.txt:4: random: DENSITY 1.5 is outside 0..1"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("ints.txt:5: brush: N 257 is outside 1..256"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("ints.txt:6: record-options: FPS 0 is outside 1..240"), std::string::npos) << run.err;

    const RunResult seed = runScript(dir, "seed.txt", "pause\nrandom 0.5 18446744073709551616\n");
    EXPECT_EQ(seed.exitCode, 1);
    EXPECT_NE(seed.err.find("seed.txt:2: 'random' expects SEED as a whole number 0..18446744073709551615, not "
                            "'18446744073709551616'"),
              std::string::npos)
        << seed.err;
}

TEST(StrictInput, PaintingAtExtremeCoordinatesWraps) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "paint.txt",
                                    "pause\nrule life\nsize 64x32\nclear\nbrush 3\n"
                                    "paint -9223372036854775808 9223372036854775807\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("population 9\n"), std::string::npos) << run.out;
}

TEST(StrictInput, RuleWithATorusResizesTheGridLikeTheCommandLine) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "torus.txt",
                                    "pause\n"
                                    "rule B3/S23:T64,48\n"
                                    "status\n"
                                    "rule B36/S23:T64,48\n"
                                    "status\n"
                                    "rule B3/S23:T0,48\n"
                                    "rule /\n"
                                    "rule B2/S:T8,8x\n"
                                    "status\n"
                                    "quit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.out.find("rule B3/S23\nbackend"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("size 64x48\ngeneration 0\n"), std::string::npos) << run.out;
    // The same torus again: the cells are kept, the rule changes.
    EXPECT_NE(run.out.find("rule B36/S23\n"), std::string::npos) << run.out;
    // A tube grows with a pattern file: typed as a rule, it is refused with the reason.
    EXPECT_NE(run.err.find("torus.txt:6: rule: rule B3/S23:T0,48 leaves a side unbounded (0)"), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("torus.txt:7: rule: rule '/' names no counts"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("torus.txt:8: rule:"), std::string::npos) << run.err;
    // The refused rules changed nothing: the last status is the one before them.
    EXPECT_EQ(count(run.out, "rule B36/S23\n"), 2) << run.out;
    EXPECT_EQ(count(run.out, "size 64x48\n"), 3) << run.out;
}

TEST(StrictInput, ScriptsAndPatternsMustBeTextFiles) {
    const auto dir = testDirectory();
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--script", dir.string()});
    RunResult run = runCatlab(args, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: script '" + dir.string() + "' is a directory, not a text file"),
              std::string::npos)
        << run.err;

    args.back() = "/dev/zero";
    run = runCatlab(args, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("script '/dev/zero' is a character device, not a text file"), std::string::npos) << run.err;

    run = runScript(dir, "load.txt", "pause\nload " + dir.string() + "\nload /dev/zero\nquit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("load.txt:2: load: pattern file '" + dir.string() + "' is a directory"), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("load.txt:3: load: pattern file '/dev/zero' is a character device"), std::string::npos)
        << run.err;
}

TEST(StrictInput, WindowOptionsAreCheckedBeforeTheWindowOpens) {
    const auto dir = testDirectory();
    RunResult run = runCatlab({"--frames", "0"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: --frames 0 is outside 1..9223372036854775807"), std::string::npos)
        << run.err;
    run = runCatlab({"--frames", "-1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: --frames -1 is outside 1.."), std::string::npos) << run.err;
}

TEST(StrictInput, WindowSizesAreCappedBeforeTheWindowOpens) {
    const auto dir = testDirectory();
    RunResult run = runCatlab({"--window", "100000x100000", "--frames", "1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: --window 100000x100000: each side must be 1..16384 screen units"),
              std::string::npos)
        << run.err;

    // The tests' Xvfb screen is 1280x1024.
    run = runCatlab({"--window", "4000x3000", "--frames", "1"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: a 4000x3000 window does not fit the screen, 1280x1024"), std::string::npos)
        << run.err;

    for (const char* bad : {"0x10", "640", "640x", "640x480x2", "-640x480", "640.5x480"}) {
        run = runCatlab({"--window", bad, "--frames", "1"}, dir);
        EXPECT_EQ(run.exitCode, 1) << bad;
        EXPECT_NE(run.err.find(std::string("catlab: error: --window ") + bad + ":"), std::string::npos) << run.err;
    }

    run = runCatlab({"--window", "1280x1024", "--hide-panel", "--frames", "1", "--screenshot", "whole.png"}, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(readPng(dir / "whole.png").width, 1280);
}

} // namespace
} // namespace catlab::testing
