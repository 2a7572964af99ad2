// Which container and codec a recording gets from its path and format, and what is refused before
// anything is made.
#include "video/frame_pattern.hpp"
#include "video/video_output.hpp"

#include "support/error_of.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
}

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace catlab::video {
namespace {

namespace fs = std::filesystem;
using catlab::testing::errorOf;

bool hasEncoder(const char* name) { return avcodec_find_encoder_by_name(name) != nullptr; }

fs::path scratchFolder(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "catlab-video-output-tests" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// The message chooseVideoOutput throws for the path and format, or "(no error)".
std::string refusal(const std::string& path, VideoFormat format = VideoFormat::Auto) {
    return errorOf([&] { chooseVideoOutput(path, format); });
}

TEST(VideoOutput, TheExtensionPicksTheContainer) {
    const VideoFormat autoCodec = hasEncoder("libx264") ? VideoFormat::H264 : VideoFormat::Mpeg4;
    const VideoOutput mp4 = chooseVideoOutput("a.mp4", VideoFormat::Auto);
    EXPECT_EQ(mp4.muxer, "mp4");
    EXPECT_EQ(mp4.format, autoCodec);
    EXPECT_TRUE(mp4.fragmented);
    const VideoOutput mov = chooseVideoOutput("dir/A.MOV", VideoFormat::Mpeg4); // any case
    EXPECT_EQ(mov.muxer, "mov");
    EXPECT_EQ(mov.format, VideoFormat::Mpeg4);
    EXPECT_TRUE(mov.fragmented);
    const VideoOutput mkv = chooseVideoOutput("a.mkv", VideoFormat::Auto);
    EXPECT_EQ(mkv.muxer, "matroska");
    EXPECT_EQ(mkv.format, autoCodec);
    EXPECT_FALSE(mkv.fragmented); // Matroska is written cluster by cluster anyway
    ASSERT_NE(mkv.encoder, nullptr);
}

TEST(VideoOutput, WebmTakesVp9OrIsRefusedWithTheReason) {
    if (hasEncoder("libvpx-vp9")) {
        const VideoOutput webm = chooseVideoOutput("a.webm", VideoFormat::Auto);
        EXPECT_EQ(webm.muxer, "webm");
        EXPECT_EQ(webm.format, VideoFormat::Vp9);
        EXPECT_EQ(chooseVideoOutput("a.mkv", VideoFormat::Vp9).format, VideoFormat::Vp9);
    } else {
        EXPECT_EQ(refusal("a.webm"), "a.webm: WebM holds vp9, which this FFmpeg cannot encode; name the file .mp4, "
                                     ".mov or .mkv");
    }
}

TEST(VideoOutput, UnknownOrMissingExtensionsAreRefusedListingTheContainers) {
    const std::string list = "name the file .mp4, .mkv, .mov or .webm (or record PNG frames with format png, into a "
                             "folder or a pattern like f%05d.png)";
    EXPECT_EQ(refusal("a.avi"), "a.avi: .avi is not a container catlab writes; " + list);
    EXPECT_EQ(refusal("out/video", VideoFormat::H264),
              "out/video: the name has no extension to choose the container by; " + list);
    EXPECT_EQ(refusal(""), "no output path for the video");
}

TEST(VideoOutput, ACodecTheContainerDoesNotHoldIsRefused) {
    EXPECT_EQ(refusal("a.webm", VideoFormat::H264),
              "a.webm: WebM holds vp9, not h264 (h264 goes in .mp4, .mov or .mkv)");
    EXPECT_EQ(refusal("a.mp4", VideoFormat::Vp9),
              "a.mp4: MP4 holds h264 or mpeg4, not vp9 (vp9 goes in .mkv or .webm)");
    EXPECT_EQ(refusal("a.mov", VideoFormat::Vp9),
              "a.mov: QuickTime holds h264 or mpeg4, not vp9 (vp9 goes in .mkv or .webm)");
    EXPECT_EQ(refusal("f%03d.png", VideoFormat::Mpeg4),
              "f%03d.png: .png names PNG frames, not mpeg4 video (choose format png or auto for PNG frames, or name "
              "the file .mp4, .mov or .mkv)");
    EXPECT_EQ(refusal("a.mp4", VideoFormat::PngSequence),
              "a.mp4: PNG frames go into a folder or a pattern with one frame-number field such as f%05d.png, not "
              "into one .mp4 file");
}

TEST(VideoOutput, PngFramesGoIntoAFolderOrAPattern) {
    const fs::path dir = scratchFolder("png");
    EXPECT_EQ(chooseVideoOutput((dir / "frames").string(), VideoFormat::PngSequence).muxer, "image2");
    EXPECT_EQ(chooseVideoOutput((dir / "new/deeper/f%05d.png").string(), VideoFormat::PngSequence).format,
              VideoFormat::PngSequence);
    // Format auto takes a pattern ending in .png for PNG frames.
    EXPECT_EQ(chooseVideoOutput((dir / "f%d.PNG").string(), VideoFormat::Auto).format, VideoFormat::PngSequence);
    EXPECT_EQ(chooseVideoOutput((dir / "100%%_%03d.png").string(), VideoFormat::Auto).format, VideoFormat::PngSequence);
    EXPECT_FALSE(fs::exists(dir / "frames")); // checked, not made
    EXPECT_FALSE(fs::exists(dir / "new"));
}

TEST(VideoOutput, BadFramePatternsAreRefusedWithTheReason) {
    const auto png = [](const std::string& pattern) { return refusal(pattern, VideoFormat::PngSequence); };
    EXPECT_EQ(png("out/%s.png"), "out/%s.png: '%s' is not a frame-number field; a PNG frame pattern takes one %d, "
                                 "%5d or %05d (and %% for a literal %)");
    EXPECT_EQ(png("f%5.2f.png"), "f%5.2f.png: '%5.2f' is not a frame-number field; a PNG frame pattern takes one %d, "
                                 "%5d or %05d (and %% for a literal %)");
    EXPECT_NE(png("f%-5d.png").find("'%-5d' is not a frame-number field"), std::string::npos);
    EXPECT_NE(png("f%").find("'%' is not a frame-number field"), std::string::npos);
    EXPECT_EQ(
        png("%d_%05d.png"),
        "%d_%05d.png: a PNG frame pattern needs exactly one frame-number field, such as f%05d.png; this one has 2");
    EXPECT_EQ(png("100%%.png"),
              "100%%.png: a PNG frame pattern needs exactly one frame-number field, such as f%05d.png; this one has 0");
    EXPECT_EQ(png("f%05d.jpg"), "f%05d.jpg: PNG frame names must end in .png");
    EXPECT_EQ(png("f%99d.png"), "f%99d.png: the field '%99d' is wider than 18 digits");
    EXPECT_EQ(png("run%d/f%d.png"),
              "run%d/f%d.png: the frame-number field belongs in the file name; the folder may not contain %");
    EXPECT_EQ(png("shot.png"), "shot.png: PNG frames go into a folder or a pattern with one frame-number field such as "
                               "f%05d.png, not into one .png file");
}

TEST(VideoOutput, AFolderThatCannotBeMadeIsRefused) {
    const fs::path dir = scratchFolder("folders");
    std::ofstream(dir / "plain") << "a file, not a folder";
    const std::string underFile = (dir / "plain" / "f%03d.png").string();
    EXPECT_EQ(refusal(underFile, VideoFormat::PngSequence), underFile + ": cannot write in the folder '" +
                                                                (dir / "plain").string() + "': '" +
                                                                (dir / "plain").string() + "' is not a folder");
    const std::string deeper = (dir / "plain" / "sub" / "frames").string();
    EXPECT_EQ(refusal(deeper, VideoFormat::PngSequence), deeper + ": cannot create the folder '" + deeper + "': '" +
                                                             (dir / "plain").string() + "' is not a folder");
    EXPECT_EQ(errorOf([&] { checkFolderUsable(dir / "new" / "frames", "x"); }), "(no error)");
}

} // namespace
} // namespace catlab::video
