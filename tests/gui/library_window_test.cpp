// The pattern library in the window, driven by scripts: search, open, folders the user adds, recent
// files kept across runs, and the panel's thumbnail.
#include "gui/gui_test_support.hpp"
#include "gui/script.hpp"

#include "catlab/pattern_file.hpp"
#include "catlab/pattern_thumbnail.hpp"
#include "catlab/rle.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kCollection = CATLAB_ASSET_PATTERNS;
const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};

RunResult runScript(const fs::path& dir, const std::string& name, const std::string& text,
                    std::vector<std::string> args = kSmallWindow) {
    const fs::path script = writeScript(dir, name, text);
    args.insert(args.end(), {"--script", script.string()});
    return runCatlab(args, dir);
}

TEST(LibraryWindow, ScriptCommandsAreCheckedBeforeTheWindowOpens) {
    const auto parseError = [](const std::string& text) { return errorOf([&] { gui::parseScript(text, "s.txt"); }); };
    EXPECT_EQ(parseError("library\nlibrary /some folder/with spaces\nrecent\nrecent 2\n"), "(no error)");
    EXPECT_EQ(parseError("library-search\n"), "s.txt:1: 'library-search' is missing arguments (usage: "
                                              "library-search TEXT)");
    EXPECT_EQ(parseError("library-open\n"), "s.txt:1: 'library-open' is missing arguments (usage: "
                                            "library-open PATH|N)");
    EXPECT_EQ(parseError("recent two\n"), "s.txt:1: 'recent' expects N as a whole number 0..2147483647, not 'two'");
    EXPECT_EQ(parseError("recent 1 2\n"), "s.txt:1: 'recent' has too many arguments (usage: recent [N])");
}

TEST(LibraryWindow, SearchThenOpenByNumberTakesTheFilesRuleAndCells) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "open.txt",
                                    "pause\nlibrary-search BOSCO-BUG-ORTH\nlibrary-open 1\nstatus\nsave opened.rle\n"
                                    "quit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const fs::path file = kCollection / "ltl-bugs/bosco-bug-orthogonal.rle";
    EXPECT_NE(run.out.find("1  " + file.string() + "\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("name        Bosco's bug, orthogonal\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("rule        R5,C0,M1,S34..58,B34..45,NM:T64,64\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("comment     identify: spaceship, c orthogonal, heading east, period 1\n"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("rule R5,C0,M1,S34..58,B34..45,NM\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("size 64x64\ngeneration 0\npopulation 70\n"), std::string::npos) << run.out;
    const Pattern expected = readPatternFile(file.string());
    const Pattern opened = readRleFile((dir / "opened.rle").string());
    EXPECT_EQ(placePattern(opened, {64, 64}), placePattern(expected, {64, 64}));
}

TEST(LibraryWindow, OpensGollysFilesInOtherFormats) {
    const fs::path bosco = "/usr/share/golly/Patterns/Larger-than-Life/Bosco.mcl";
    if (!fs::is_regular_file(bosco)) GTEST_SKIP() << "Golly's patterns are not installed (Debian package golly)";
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "mcl.txt", "pause\nlibrary-search bosco.mcl\nlibrary-open 1\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("1  " + bosco.string() + "\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("rule R5,C0,M1,S34..58,B34..45,NM\n"), std::string::npos) << run.out;
}

TEST(LibraryWindow, AFolderTheUserAddsIsSearchedAndBadInputChangesNothing) {
    const auto dir = testDirectory();
    fs::create_directories(dir / "mine/sub");
    std::ofstream(dir / "mine/sub/my-blinker.rle") << "#C A blinker.\nx = 3, y = 1, rule = B3/S23:T16,16\n3o!\n";
    std::ofstream(dir / "mine/my-broken.rle") << "x = 3, y = 1, rule = B3/S23\n3q!\n";
    std::ofstream(dir / "mine/my-big-notes.txt") << "not a pattern\n";
    const RunResult run = runScript(dir, "folder.txt",
                                    "pause\nrule life\nsize 40x30\nlibrary " + (dir / "mine").string() +
                                        "\nlibrary-search my-b\nlibrary-open " + (dir / "mine/my-broken.rle").string() +
                                        "\nlibrary /no/such/folder\nlibrary " + (dir / "mine/my-broken.rle").string() +
                                        "\nlibrary-open 7\nlibrary\nstatus\nlibrary-search my-blinker\nlibrary-open 1\n"
                                        "status\nquit\n");
    EXPECT_EQ(run.exitCode, 1); // the failing commands
    EXPECT_NE(run.err.find("folder.txt:6: library-open: " + (dir / "mine/my-broken.rle").string() + ":2:"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("folder.txt:7: library: pattern folder /no/such/folder does not exist"), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("folder.txt:8: library: pattern folder " + (dir / "mine/my-broken.rle").string() +
                           " is not a folder"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("folder.txt:9: library-open: the search result's number 7 is outside 1..2"),
              std::string::npos)
        << run.err;
    // The search lists the user's folder's pattern files, a folder's sub-folders before its own files.
    EXPECT_NE(run.out.find("1  " + (dir / "mine/sub/my-blinker.rle").string() + "\n2  " +
                           (dir / "mine/my-broken.rle").string() + "\n"),
              std::string::npos)
        << run.out;
    EXPECT_EQ(run.out.find("my-big-notes.txt"), std::string::npos) << run.out;
    // The failures changed nothing: one added folder, the same rule and grid.
    const std::string folders = (dir / "mine").string() + "  " + (dir / "mine").string() + "\n";
    EXPECT_NE(run.out.find(folders), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find(folders + (dir / "mine").string()), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("rule B3/S23\nbackend cpu\nsize 40x30\n"), std::string::npos) << run.out;
    // Then the good file opens on its own torus.
    EXPECT_NE(run.out.find("comment     A blinker.\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("size 16x16\ngeneration 0\npopulation 3\n"), std::string::npos) << run.out;
}

TEST(LibraryWindow, RecentFilesAreKeptAcrossRunsAndGoneOnesDropped) {
    const auto dir = testDirectory();
    std::ofstream(dir / "a.rle") << "x = 1, y = 1, rule = B3/S23:T8,8\no!\n";
    std::ofstream(dir / "b.rle") << "x = 2, y = 2, rule = B3/S23:T8,8\n2o$2o!\n";
    RunResult run = runScript(dir, "first.txt", "pause\nload a.rle\nlibrary-open b.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(fs::is_regular_file(dir / "config/catlab/recent.txt"));

    run = runScript(dir, "second.txt", "pause\nrecent\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out, "1  " + (dir / "b.rle").string() + "\n2  " + (dir / "a.rle").string() + "\n");

    fs::remove(dir / "b.rle");
    run = runScript(dir, "third.txt", "pause\nrecent 1\nstatus\nrecent 3\nquit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.out.find("note: recent file " + (dir / "b.rle").string() + " is gone; dropped from the list\n"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("size 8x8\ngeneration 0\npopulation 1\n"), std::string::npos) << run.out; // a.rle
    EXPECT_NE(run.err.find("third.txt:4: recent: recent file 3 is outside 1..1"), std::string::npos) << run.err;

    // A file opened from the command line counts too.
    run = runCatlab({"--window", "320x240", "--hide-panel", "--frames", "1", "--in", (dir / "a.rle").string()}, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    run = runScript(dir, "fourth.txt", "pause\nrecent\nquit\n");
    EXPECT_EQ(run.out, "1  " + (dir / "a.rle").string() + "\n");
}

TEST(LibraryWindow, AnUnreadableRecentListIsANoteAndTheWindowRuns) {
    const auto dir = testDirectory();
    fs::create_directories(dir / "config/catlab/recent.txt"); // a folder where the list should be
    std::ofstream(dir / "a.rle") << "x = 1, y = 1, rule = B3/S23:T8,8\no!\n";
    const RunResult run = runScript(dir, "recent.txt", "pause\nrecent\nload a.rle\nstatus\nquit\n");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("starting with no recent files\n"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("population 1\n"), std::string::npos) << run.out;
}

// The panel shows the chosen file's thumbnail: after the grid is cleared, the only pixels in the live
// colour are the bug's 70 cells, 10 x 10 pixels each.
TEST(LibraryWindow, ThePanelShowsTheChosenFilesThumbnail) {
    const auto dir = testDirectory();
    const RunResult run =
        runScript(dir, "thumbnail.txt",
                  "pause\nlibrary-open " + (kCollection / "ltl-bugs/bosco-bug-orthogonal.rle").string() +
                      "\nclear\nframes 3\nscreenshot shown.png\nlibrary-open " + (dir / "missing.rle").string() +
                      "\nframes 3\nscreenshot after.png\nquit\n",
                  {"--window", "1280x1000"});
    EXPECT_EQ(run.exitCode, 1) << run.err; // the missing file
    const auto livePixels = [](const Image& image) {
        const Rgb8 live = thumbnailLiveColour();
        int count = 0;
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x) {
                const std::uint8_t* p = image.at(x, y);
                count += p[0] == live.r && p[1] == live.g && p[2] == live.b;
            }
        return count;
    };
    // Mesa draws exactly 7000; another driver may place the image's edges half a pixel differently.
    const int shown = livePixels(readPng(dir / "shown.png"));
    EXPECT_NEAR(shown, 7000, 140);
    // A file that does not open leaves the lab as it was, the thumbnail included.
    EXPECT_EQ(livePixels(readPng(dir / "after.png")), shown);
}

} // namespace
} // namespace catlab::testing
