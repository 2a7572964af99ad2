#include "video/async_video_writer.hpp"
#include "video/decoded_video.hpp"
#include "video/video_encoder.hpp"

#include "catlab/error.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
}

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sys/resource.h>

namespace catlab::video {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / "catlab-video-tests";
    fs::create_directories(dir);
    fs::remove_all(dir / name);
    return dir / name;
}

// 8x8 black and white blocks whose pattern moves one block per frame; a block is white when
// (bx + by + index) is even.
Frame checkerFrame(int width, int height, int index) {
    Frame f{width, height, false, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::uint8_t v = ((x / 8 + y / 8 + index) % 2 == 0) ? 255 : 0;
            std::uint8_t* p = f.rgba.data() + (std::size_t(y) * width + x) * 4;
            p[0] = p[1] = p[2] = v;
            p[3] = 255;
        }
    return f;
}

bool whiteBlock(int x, int y, int index) { return (x / 8 + y / 8 + index) % 2 == 0; }

// Every block centre of the decoded picture is clearly black or white as the pattern says.
void expectCheckerboard(const testing::RgbImage& image, int index) {
    for (int y = 4; y < image.height; y += 8)
        for (int x = 4; x < image.width; x += 8) {
            const int luma = image.at(x, y)[1];
            if (whiteBlock(x, y, index))
                EXPECT_GT(luma, 200) << "pixel " << x << "," << y;
            else
                EXPECT_LT(luma, 55) << "pixel " << x << "," << y;
        }
}

TEST(VideoEncoder, H264Mp4HasTheFramesSizeAndDuration) {
    const fs::path path = scratch("checker.mp4");
    {
        VideoEncoder encoder({path.string(), 64, 48, 30, VideoFormat::H264, 18});
        for (int i = 0; i < 30; ++i) encoder.addFrame(checkerFrame(64, 48, i).view());
        encoder.finish();
        EXPECT_EQ(encoder.framesWritten(), 30);
        EXPECT_EQ(encoder.bytesWritten(), std::int64_t(fs::file_size(path)));
    }
    const testing::ProbeResult probe = testing::probe(path.string());
    EXPECT_EQ(probe.codec, "h264");
    EXPECT_EQ(probe.width, 64);
    EXPECT_EQ(probe.height, 48);
    EXPECT_EQ(probe.frames, 30);
    EXPECT_NEAR(probe.duration, 1.0, 0.05);
    expectCheckerboard(testing::decodeFirstFrame(path.string()), 0);
}

TEST(VideoEncoder, Mpeg4AndOddSizesDropTheLastColumnAndRow) {
    const fs::path path = scratch("odd.mp4");
    {
        VideoEncoder encoder({path.string(), 65, 49, 10, VideoFormat::Mpeg4, 4});
        EXPECT_EQ(encoder.codecName(), "mpeg4");
        EXPECT_EQ(encoder.width(), 64);
        EXPECT_EQ(encoder.height(), 48);
        for (int i = 0; i < 5; ++i) encoder.addFrame(checkerFrame(65, 49, i).view());
    } // the destructor finishes the file
    const testing::ProbeResult probe = testing::probe(path.string());
    EXPECT_EQ(probe.codec, "mpeg4");
    EXPECT_EQ(probe.width, 64);
    EXPECT_EQ(probe.height, 48);
    EXPECT_EQ(probe.frames, 5);
    expectCheckerboard(testing::decodeFirstFrame(path.string()), 0);
}

struct ContainerCase {
    std::string file;
    VideoFormat format;
    std::string codec;     // what ffprobe finds
    std::string container; // what the file's first bytes say
    const char* needs;     // the encoder it needs
};

void PrintTo(const ContainerCase& c, std::ostream* out) { *out << c.file; }

class EachContainer : public ::testing::TestWithParam<ContainerCase> {};

// The extension picks the container; the codec is the one asked for, or auto's choice for it.
TEST_P(EachContainer, HoldsTheFramesInItsCodec) {
    const ContainerCase& c = GetParam();
    if (!avcodec_find_encoder_by_name(c.needs)) GTEST_SKIP() << "this FFmpeg has no " << c.needs;
    const fs::path path = scratch(c.file);
    {
        VideoEncoder encoder({path.string(), 64, 48, 15, c.format, 18});
        for (int i = 0; i < 30; ++i) encoder.addFrame(checkerFrame(64, 48, i).view());
        encoder.finish();
        EXPECT_EQ(encoder.framesInFile(), 30);
    }
    EXPECT_EQ(testing::containerOf(path.string()), c.container);
    const testing::ProbeResult probe = testing::probe(path.string());
    EXPECT_EQ(probe.codec, c.codec);
    EXPECT_EQ(probe.width, 64);
    EXPECT_EQ(probe.height, 48);
    EXPECT_EQ(probe.frames, 30);
    EXPECT_NEAR(probe.duration, 2.0, 0.05);
    expectCheckerboard(testing::decodeFirstFrame(path.string()), 0);
}

INSTANTIATE_TEST_SUITE_P(Files, EachContainer,
                         ::testing::Values(ContainerCase{"a.mov", VideoFormat::H264, "h264", "mov", "libx264"},
                                           ContainerCase{"b.mov", VideoFormat::Mpeg4, "mpeg4", "mov", "mpeg4"},
                                           ContainerCase{"c.mkv", VideoFormat::Auto, "h264", "matroska", "libx264"},
                                           ContainerCase{"d.mkv", VideoFormat::Mpeg4, "mpeg4", "matroska", "mpeg4"},
                                           ContainerCase{"e.mkv", VideoFormat::Vp9, "vp9", "matroska", "libvpx-vp9"},
                                           ContainerCase{"f.webm", VideoFormat::Auto, "vp9", "webm", "libvpx-vp9"},
                                           ContainerCase{"g.MP4", VideoFormat::Mpeg4, "mpeg4", "mp4", "mpeg4"}),
                         [](const auto& test) {
                             std::string name = test.param.file;
                             for (char& ch : name)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return name;
                         });

TEST(VideoEncoder, RefusesAPathItsFormatDoesNotFitBeforeMakingAnything) {
    const fs::path path = scratch("h264.webm");
    EXPECT_THROW(VideoEncoder({path.string(), 64, 48, 30, VideoFormat::H264, 18}), Error);
    EXPECT_FALSE(fs::exists(path));
    const fs::path folder = scratch("bad-pattern");
    EXPECT_THROW(VideoEncoder({(folder / "%s.png").string(), 64, 48, 30, VideoFormat::PngSequence, 0}), Error);
    EXPECT_FALSE(fs::exists(folder));
}

// A header without a frame plays nothing: the file is removed rather than left looking like a video.
TEST(VideoEncoder, AVideoWithoutAFrameIsRemoved) {
    for (const char* name : {"empty.mp4", "empty.mkv"}) {
        const fs::path path = scratch(name);
        VideoEncoder encoder({path.string(), 64, 48, 30, VideoFormat::Auto, 18});
        EXPECT_TRUE(fs::exists(path)) << name; // opened at once, so a bad path fails at once
        encoder.finish();
        EXPECT_EQ(encoder.framesInFile(), 0) << name;
        EXPECT_FALSE(fs::exists(path)) << name;
    }
}

TEST(VideoEncoder, APatternsFolderIsMadeAndEveryFrameNamed) {
    const fs::path folder = scratch("made");
    {
        VideoEncoder encoder({(folder / "deeper" / "shot-%02d.png").string(), 16, 16, 5, VideoFormat::Auto, 0});
        EXPECT_EQ(encoder.codecName(), "png");
        for (int i = 0; i < 3; ++i) encoder.addFrame(checkerFrame(16, 16, i).view());
    }
    for (const char* name : {"shot-00.png", "shot-01.png", "shot-02.png"})
        EXPECT_EQ(testing::decodeFirstFrame((folder / "deeper" / name).string()).width, 16) << name;
    EXPECT_FALSE(fs::exists(folder / "deeper" / "shot-03.png"));
}

TEST(VideoEncoder, BottomUpFramesComeOutUpright) {
    // Top half white, bottom half black, stored bottom row first as glReadPixels gives it.
    Frame frame{32, 32, true, std::vector<std::uint8_t>(32 * 32 * 4, 255)};
    for (int row = 0; row < 16; ++row) // rows 0..15 of a bottom-up image are the picture's lower half
        for (int x = 0; x < 32; ++x) {
            std::uint8_t* p = frame.rgba.data() + (std::size_t(row) * 32 + x) * 4;
            p[0] = p[1] = p[2] = 0;
        }
    const fs::path folder = scratch("upright");
    {
        VideoEncoder encoder({folder.string(), 32, 32, 1, VideoFormat::PngSequence, 0});
        encoder.addFrame(frame.view());
    }
    const testing::RgbImage image = testing::decodeFirstFrame((folder / "frame_000000.png").string());
    EXPECT_EQ(image.at(5, 2)[0], 255);
    EXPECT_EQ(image.at(5, 29)[0], 0);
}

TEST(VideoEncoder, PngSequenceIsLossless) {
    const fs::path folder = scratch("pngs");
    {
        VideoEncoder encoder({(folder / "f%03d.png").string(), 24, 17, 5, VideoFormat::PngSequence, 0});
        EXPECT_EQ(encoder.width(), 24); // PNG keeps odd sizes
        fs::create_directories(folder);
        for (int i = 0; i < 4; ++i) encoder.addFrame(checkerFrame(24, 17, i).view());
    }
    for (int i = 0; i < 4; ++i) EXPECT_TRUE(fs::exists(folder / ("f00" + std::to_string(i) + ".png"))) << i;
    const testing::RgbImage image = testing::decodeFirstFrame((folder / "f002.png").string());
    ASSERT_EQ(image.width, 24);
    ASSERT_EQ(image.height, 17);
    for (int y = 0; y < 17; ++y)
        for (int x = 0; x < 24; ++x) ASSERT_EQ(image.at(x, y)[0], whiteBlock(x, y, 2) ? 255 : 0) << x << "," << y;
}

TEST(VideoEncoder, BadSettingsAndPathsAreRefusedWithTheReason) {
    auto message = [](const VideoSettings& s) {
        try {
            VideoEncoder encoder(s);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("(accepted)");
    };
    EXPECT_NE(message({"/proc/catlab-video.mp4", 64, 48, 30}).find("/proc/catlab-video.mp4: cannot open for writing"),
              std::string::npos);
    EXPECT_NE(message({"/nonexistent-catlab-dir/a.mp4", 64, 48, 30}).find("No such file or directory"),
              std::string::npos);
    EXPECT_NE(message({"a.mp4", 1, 48, 30}).find("video size 1x48 is outside"), std::string::npos);
    EXPECT_NE(message({"a.mp4", 64, 48, 0}).find("video fps 0 is outside 1..240"), std::string::npos);
    EXPECT_NE(message({"a.mp4", 64, 48, 30, VideoFormat::H264, 60}).find("quality 60"), std::string::npos);
    EXPECT_THROW(parseVideoFormat("avi"), Error);
    EXPECT_EQ(parseVideoFormat("H264"), VideoFormat::H264);
    EXPECT_EQ(parseVideoFormat("vp9"), VideoFormat::Vp9);

    VideoEncoder encoder({scratch("size.mp4").string(), 64, 48, 30});
    EXPECT_THROW(encoder.addFrame(checkerFrame(32, 48, 0).view()), Error);
}

// Lowers the file size limit for the scope, as a full disk would stop writes (with EFBIG).
class FileSizeLimit {
  public:
    explicit FileSizeLimit(rlim_t bytes) {
        getrlimit(RLIMIT_FSIZE, &saved_);
        previousHandler_ = std::signal(SIGXFSZ, SIG_IGN);
        rlimit lower = saved_;
        lower.rlim_cur = bytes;
        setrlimit(RLIMIT_FSIZE, &lower);
    }
    ~FileSizeLimit() {
        setrlimit(RLIMIT_FSIZE, &saved_);
        std::signal(SIGXFSZ, previousHandler_);
    }

  private:
    rlimit saved_{};
    void (*previousHandler_)(int) = SIG_DFL;
};

// The last fragment goes out when the encoder is flushed: a write failing there is an error too, not
// a file quietly cut short (here it held no frame, so there is no file).
TEST(VideoEncoder, AWriteFailingAtTheEndIsReported) {
    const fs::path path = scratch("end.mp4");
    std::optional<std::string> error;
    std::int64_t kept = -1;
    {
        FileSizeLimit limit(1024); // the header fits, a fragment does not
        // Eight frames at 5 fps: x264 holds them all until the flush, which then closes the first
        // fragment (a second, five frames) at the second key frame.
        VideoEncoder encoder({path.string(), 160, 120, 5, VideoFormat::H264, 0});
        for (int i = 0; i < 8; ++i) encoder.addFrame(checkerFrame(160, 120, i).view());
        try {
            encoder.finish();
        } catch (const Error& e) {
            error = e.what();
        }
        kept = encoder.framesInFile();
        EXPECT_TRUE(encoder.failed());
    }
    ASSERT_TRUE(error.has_value()) << "finish() said nothing";
    EXPECT_NE(error->find("end.mp4: writing failed: File too large"), std::string::npos) << *error;
    EXPECT_EQ(kept, 0);
    EXPECT_FALSE(fs::exists(path));
}

// A full disk stops the recording; the file keeps the whole fragments (MP4) or clusters (Matroska)
// written before, plays, and holds exactly the frames the writer says it does.
class FullDisk : public ::testing::TestWithParam<std::string> {};

TEST_P(FullDisk, StopsTheRecordingAndKeepsWhatWasWrittenPlayable) {
    const fs::path path = scratch("full" + GetParam());
    std::mt19937 random(7);
    std::optional<std::string> error;
    std::int64_t accepted = 0, kept = 0;
    {
        FileSizeLimit limit(400 * 1024);
        AsyncVideoWriter writer({path.string(), 160, 120, 5, VideoFormat::H264, 10}, 4);
        for (int i = 0; i < 2000; ++i) {
            Frame frame = checkerFrame(160, 120, i);
            for (std::size_t p = 0; p < frame.rgba.size(); p += 4) frame.rgba[p] = std::uint8_t(random()); // noise
            if (!writer.submit(std::move(frame))) break;
            ++accepted;
        }
        error = writer.stop();
        kept = writer.framesInFile();
    }
    ASSERT_TRUE(error.has_value()) << "the limit was never hit";
    EXPECT_NE(error->find(path.filename().string() + ": writing failed: File too large"), std::string::npos) << *error;
    EXPECT_LT(accepted, 2000);
    EXPECT_LE(fs::file_size(path), 400u * 1024u);
    const testing::ProbeResult probe = testing::probe(path.string());
    EXPECT_EQ(probe.codec, "h264");
    EXPECT_GE(probe.frames, 5); // at least the first whole fragment (one second at 5 fps)
    EXPECT_EQ(probe.frames, kept);
    EXPECT_NO_THROW(testing::decodeFirstFrame(path.string()));
}

// PNG frames go to disk whole or not at all: a frame that does not fit leaves the old file of its name as
// it was, and no temporary behind.
TEST(VideoEncoder, PngFrameThatFailsKeepsTheOldFileOfItsName) {
    const fs::path folder = scratch("png-full");
    fs::create_directories(folder);
    for (int i = 0; i < 3; ++i) std::ofstream(folder / ("frame_00000" + std::to_string(i) + ".png")) << "old " << i;
    Frame noise = checkerFrame(64, 64, 0);
    std::mt19937 random(3);
    for (std::uint8_t& byte : noise.rgba) byte = std::uint8_t(random());
    std::string error;
    {
        FileSizeLimit limit(4096); // a checker frame's PNG fits, a noise frame's (about 12 KiB) does not
        VideoEncoder encoder({folder.string(), 64, 64, 5, VideoFormat::PngSequence, 0});
        encoder.addFrame(checkerFrame(64, 64, 0).view());
        encoder.addFrame(checkerFrame(64, 64, 1).view());
        try {
            encoder.addFrame(noise.view());
            encoder.finish(); // the encoder's threads may hold the packet until then
        } catch (const Error& e) {
            error = e.what();
        }
        EXPECT_EQ(encoder.framesInFile(), 2);
    }
    EXPECT_NE(error.find(folder.string() + ": writing failed: File too large"), std::string::npos) << error;
    EXPECT_EQ(testing::decodeFirstFrame((folder / "frame_000001.png").string()).width, 64);
    std::ifstream third(folder / "frame_000002.png");
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(third), {}), "old 2");
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"frame_000000.png", "frame_000001.png", "frame_000002.png"}));
}

INSTANTIATE_TEST_SUITE_P(Containers, FullDisk, ::testing::Values(".mp4", ".mkv"),
                         [](const auto& test) { return test.param.substr(1); });

TEST(AsyncVideoWriter, EncodesEverySubmittedFrameInOrder) {
    const fs::path path = scratch("async.mp4");
    {
        AsyncVideoWriter writer({path.string(), 64, 64, 25, VideoFormat::Auto, 18}, 2);
        for (int i = 0; i < 50; ++i) ASSERT_TRUE(writer.submit(checkerFrame(64, 64, i + 1)));
        EXPECT_FALSE(writer.stop().has_value());
        EXPECT_EQ(writer.framesWritten(), 50);
        EXPECT_FALSE(writer.submit(checkerFrame(64, 64, 0))); // stopped
    }
    const testing::ProbeResult probe = testing::probe(path.string());
    EXPECT_EQ(probe.frames, 50);
    EXPECT_NEAR(probe.duration, 2.0, 0.05);
    expectCheckerboard(testing::decodeFirstFrame(path.string()), 1);
}

} // namespace
} // namespace catlab::video
