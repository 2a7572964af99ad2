// Where `catlab record` writes: the container follows --out's extension, the codec is checked against
// it, PNG patterns are checked before the first frame, and a recording that kept no frame leaves no
// file and says so. The real executable runs as a child process; its files are checked with ffprobe
// and by their first bytes.
#include "record/child_process.hpp"
#include "record/record_test_support.hpp"
#include "video/decoded_video.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
}

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;
using video::testing::containerOf;
using video::testing::decodeFirstFrame;
using video::testing::probe;

std::vector<std::string> lifeRecording(std::vector<std::string> extra) {
    std::vector<std::string> args{
        "record", "--no-progress", "--rule", "life",    "--size", "64",       "--seed", "3",     "--backend",
        "cpu",    "--steps",       "9",      "--width", "64",     "--height", "48",     "--fps", "10"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

struct ContainerCase {
    std::string out;
    std::string format;
    std::string codec;     // what ffprobe finds in the file
    std::string container; // what the file's first bytes say
    const char* needs;     // the encoder it takes
};

void PrintTo(const ContainerCase& c, std::ostream* out) { *out << c.out; }

class RecordContainer : public ::testing::TestWithParam<ContainerCase> {};

TEST_P(RecordContainer, FollowsTheExtension) {
    REQUIRE_HEADLESS_OPENGL();
    const ContainerCase& c = GetParam();
    if (!avcodec_find_encoder_by_name(c.needs)) GTEST_SKIP() << "this FFmpeg has no " << c.needs;
    const fs::path dir = testDirectory();
    const ChildResult run = runCatlab(lifeRecording({"--format", c.format, "--out", c.out}), dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(reportedFrames(run.out, "wrote      "), 10) << run.out;
    EXPECT_EQ(containerOf((dir / c.out).string()), c.container);
    const auto info = probe((dir / c.out).string());
    EXPECT_EQ(info.codec, c.codec);
    EXPECT_EQ(info.frames, 10);
    EXPECT_NEAR(info.duration, 1.0, 0.01);
    EXPECT_EQ(decodeFirstFrame((dir / c.out).string()).width, 64);
}

INSTANTIATE_TEST_SUITE_P(Files, RecordContainer,
                         ::testing::Values(ContainerCase{"life.mp4", "auto", "h264", "mp4", "libx264"},
                                           ContainerCase{"life.mov", "auto", "h264", "mov", "libx264"},
                                           ContainerCase{"life.mkv", "mpeg4", "mpeg4", "matroska", "mpeg4"},
                                           ContainerCase{"life.webm", "auto", "vp9", "webm", "libvpx-vp9"}),
                         [](const auto& test) {
                             std::string name = test.param.out;
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return name;
                         });

// Refused before anything is made: no file, no folder, exit 1, and the reason. (No OpenGL needed: the
// options are checked before the context is made.)
TEST(RecordOutput, PathsThatDoNotFitAreRefusedBeforeAnythingIsMade) {
    const fs::path dir = testDirectory();
    const std::string containers = "name the file .mp4, .mkv, .mov or .webm";
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"--out", "life.avi"}, "--out life.avi: .avi is not a container catlab writes; " + containers},
        {{"--out", "life"}, "--out life: the name has no extension to choose the container by; " + containers},
        {{"--out", "life.webm", "--format", "h264"},
         "--out life.webm: WebM holds vp9, not h264 (h264 goes in .mp4, .mov or .mkv)"},
        {{"--out", "life.mp4", "--format", "vp9"},
         "--out life.mp4: MP4 holds h264 or mpeg4, not vp9 (vp9 goes in .mkv or .webm)"},
        {{"--out", "life.mov", "--format", "png"}, "--out life.mov: PNG frames go into a folder or a pattern"},
        {{"--out", "out/%s.png", "--format", "png"}, "--out out/%s.png: '%s' is not a frame-number field"},
        {{"--out", "out/%d-%d.png"}, "--out out/%d-%d.png: a PNG frame pattern needs exactly one frame-number field"},
        {{"--out", "out/f%05d.jpg", "--format", "png"}, "--out out/f%05d.jpg: PNG frame names must end in .png"},
        {{"--out", "out/life.png"}, "--out out/life.png: PNG frames go into a folder or a pattern"},
    };
    for (const auto& [extra, message] : cases) {
        std::vector<std::string> args = lifeRecording(extra);
        const ChildResult run = runCatlab(args, dir);
        EXPECT_EQ(run.exitCode, 1) << extra[1] << ": " << run.err;
        EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
        std::vector<std::string> left;
        for (const auto& entry : fs::directory_iterator(dir))
            if (entry.path().filename() != "stdout.txt" && entry.path().filename() != "stderr.txt")
                left.push_back(entry.path().filename().string());
        EXPECT_TRUE(left.empty()) << extra[1] << " left " << left.front();
    }
}

TEST(RecordOutput, APatternInANewFolderGetsEveryFrame) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    const ChildResult run = runCatlab(lifeRecording({"--out", "shots/life-%03d.png"}), dir); // auto: PNG
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("png -> shots/life-%03d.png"), std::string::npos) << run.out;
    for (int frame = 0; frame < 10; ++frame) {
        char name[32];
        std::snprintf(name, sizeof name, "life-%03d.png", frame);
        EXPECT_EQ(decodeFirstFrame((dir / "shots" / name).string()).width, 64) << name;
    }
    EXPECT_FALSE(fs::exists(dir / "shots" / "life-010.png"));
}

TEST(RecordOutput, AReadOnlyFolderForPngFramesIsRefusedBeforeAnyFrame) {
    const fs::path dir = testDirectory();
    fs::create_directory(dir / "readonly");
    fs::permissions(dir / "readonly", fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                          fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    ChildOptions asUser;
    asUser.dropRoot = true; // root writes anywhere
    const ChildResult pattern = runCatlab(lifeRecording({"--out", "readonly/f%03d.png"}), dir, asUser);
    EXPECT_EQ(pattern.exitCode, 1);
    EXPECT_NE(pattern.err.find("--out readonly/f%03d.png: cannot write in the folder 'readonly': Permission denied"),
              std::string::npos)
        << pattern.err;
    const ChildResult folder = runCatlab(lifeRecording({"--format", "png", "--out", "readonly/frames"}), dir, asUser);
    EXPECT_EQ(folder.exitCode, 1);
    EXPECT_NE(folder.err.find("--out readonly/frames: cannot create the folder 'readonly/frames': Permission denied"),
              std::string::npos)
        << folder.err;
    EXPECT_TRUE(fs::is_empty(dir / "readonly"));
}

// A disk that fills before the first fragment: no frame reached the file, so there is no file, and
// catlab says so instead of claiming a file that plays.
TEST(RecordOutput, ARecordingThatKeptNoFrameRemovesTheFileAndSaysSo) {
    REQUIRE_HEADLESS_OPENGL();
    const fs::path dir = testDirectory();
    ChildOptions tiny;
    tiny.fileSizeLimit = 1024; // the header fits, the first fragment does not
    const ChildResult run = runCatlab(
        {"record",   "--no-progress", "--rule", "life",    "--size", "320x240",  "--seed", "3",      "--backend",
         "cpu",      "--steps",       "40",     "--width", "320",    "--height", "240",    "--view", "1",
         "--format", "h264",          "--out",  "tiny.mp4"},
        dir, tiny);
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_NE(run.err.find("tiny.mp4: writing failed: File too large"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("the recording stopped; no frame reached the file; tiny.mp4 is removed"), std::string::npos)
        << run.err;
    EXPECT_EQ(run.err.find("plays"), std::string::npos) << run.err;
    EXPECT_EQ(run.out.find("wrote"), std::string::npos) << run.out;
    EXPECT_FALSE(fs::exists(dir / "tiny.mp4"));
}

} // namespace
} // namespace catlab::testing
