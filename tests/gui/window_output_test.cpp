// The window's files (screenshots, saved patterns) never fail quietly and never cost an old file: a
// failure names the path and the reason (a script's with its line), catlab exits with 1, and the old
// file is intact.
#include "gui/gui_test_support.hpp"
#include "support/tiny_disk.hpp"

#include "catlab/rle.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};
const std::string kDiskFull = "No space left on device";

std::vector<std::string> smallWindow(std::vector<std::string> extra) {
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool hasDevFull() {
    std::error_code ignored;
    return fs::is_character_file("/dev/full", ignored);
}

TEST(WindowOutput, ScreenshotToDevFullFailsLoudly) {
    if (!hasDevFull()) GTEST_SKIP() << "no /dev/full here";
    const RunResult run = runCatlab(smallWindow({"--frames", "2", "--screenshot", "/dev/full"}), testDirectory());
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab: error: cannot write '/dev/full': " + kDiskFull), std::string::npos) << run.err;
}

TEST(WindowOutput, ScriptSaveAndScreenshotFailuresNameTheirLines) {
    if (!hasDevFull()) GTEST_SKIP() << "no /dev/full here";
    const auto dir = testDirectory();
    fs::create_directory(dir / "folder");
    const auto script = writeScript(dir, "out.txt",
                                    "pause\nsave /dev/full\nscreenshot /dev/full\nsave folder\nscreenshot folder\n"
                                    "screenshot after.png\nquit\n");
    const RunResult run = runCatlab(smallWindow({"--script", script.string()}), dir);
    EXPECT_EQ(run.exitCode, 1);
    for (const std::string& expected : {"out.txt:2: save: cannot write '/dev/full': " + kDiskFull,
                                        "out.txt:3: screenshot: cannot write '/dev/full': " + kDiskFull,
                                        std::string("out.txt:4: save: cannot write 'folder': Is a directory"),
                                        std::string("out.txt:5: screenshot: cannot write 'folder': Is a directory")})
        EXPECT_NE(run.err.find(expected), std::string::npos) << expected << " not in\n" << run.err;
    EXPECT_GT(readPng(dir / "after.png").width, 0); // the script went on
    EXPECT_TRUE(fs::is_directory(dir / "folder"));
}

TEST(WindowOutput, FullDiskKeepsTheOldPatternAndScreenshot) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const auto dir = testDirectory();
    const fs::path rle = disk.path("keep.rle"), png = disk.path("keep.png");
    const auto first =
        writeScript(dir, "first.txt",
                    "pause\nsize 16\nframes 1\nsave " + rle.string() + "\nscreenshot " + png.string() + "\nquit\n");
    RunResult run = runCatlab(smallWindow({"--script", first.string()}), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string oldRle = readFile(rle), oldPng = readFile(png);
    ASSERT_EQ(readRleFile(rle.string()).cells.width(), 16);
    disk.fill();

    const auto second =
        writeScript(dir, "second.txt",
                    "pause\nsize 600\nframes 1\nsave " + rle.string() + "\nscreenshot " + png.string() + "\nquit\n");
    run = runCatlab(smallWindow({"--script", second.string()}), dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("second.txt:4: save: cannot write '" + rle.string() + "': " + kDiskFull), std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("second.txt:5: screenshot: cannot write '" + png.string() + "': " + kDiskFull),
              std::string::npos)
        << run.err;
    EXPECT_EQ(readFile(rle), oldRle);
    EXPECT_EQ(readFile(png), oldPng);
    EXPECT_EQ(disk.files(), (std::vector<std::string>{"keep.png", "keep.rle"}));
}

} // namespace
} // namespace catlab::testing
