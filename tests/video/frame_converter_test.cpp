// The banded RGBA conversion: any number of bands gives the picture one swscale context gives, for
// YUV 4:2:0 and RGB24, top-down and bottom-up frames, odd sizes included.
#include "video/frame_converter.hpp"

#include "catlab/error.hpp"

extern "C" {
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
}

#include <gtest/gtest.h>

#include <random>

namespace catlab::video {
namespace {

Frame noise(int width, int height, bool bottomUp, unsigned seed) {
    Frame f{width, height, bottomUp, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
    std::mt19937 random(seed);
    for (std::uint8_t& byte : f.rgba) byte = std::uint8_t(random());
    return f;
}

FramePtr targetFrame(int width, int height, AVPixelFormat format) {
    FramePtr frame(av_frame_alloc());
    frame->format = format;
    frame->width = width;
    frame->height = height;
    if (av_frame_get_buffer(frame.get(), 0) < 0) throw Error("cannot allocate a frame");
    return frame;
}

// Every plane's visible bytes, row after row.
std::vector<std::uint8_t> planeBytes(const AVFrame& frame, AVPixelFormat format) {
    const AVPixFmtDescriptor* d = av_pix_fmt_desc_get(format);
    std::vector<std::uint8_t> bytes;
    for (int p = 0; p < av_pix_fmt_count_planes(format); ++p) {
        const int rows = p == 0 ? frame.height : AV_CEIL_RSHIFT(frame.height, d->log2_chroma_h);
        const int width = av_image_get_linesize(format, frame.width, p);
        for (int y = 0; y < rows; ++y)
            bytes.insert(bytes.end(), frame.data[p] + std::ptrdiff_t(y) * frame.linesize[p],
                         frame.data[p] + std::ptrdiff_t(y) * frame.linesize[p] + width);
    }
    return bytes;
}

std::vector<std::uint8_t> converted(const Frame& source, int width, int height, AVPixelFormat format, int bands) {
    FrameConverter converter(width, height, format, bands);
    FramePtr target = targetFrame(width, height, format);
    converter.convert(source.view(), *target);
    return planeBytes(*target, format);
}

TEST(FrameConverter, BandsGiveTheSamePictureAsOneContext) {
    struct Case {
        int width, height;
        AVPixelFormat format;
        bool bottomUp;
    };
    for (const Case& c : {Case{1920, 1080, AV_PIX_FMT_YUV420P, true}, Case{640, 362, AV_PIX_FMT_YUV420P, false},
                          Case{98, 62, AV_PIX_FMT_YUV420P, true}, Case{97, 61, AV_PIX_FMT_RGB24, true},
                          Case{333, 131, AV_PIX_FMT_RGB24, false}}) {
        const Frame source = noise(c.width, c.height, c.bottomUp, unsigned(c.width * c.height));
        const std::vector<std::uint8_t> whole = converted(source, c.width, c.height, c.format, 1);
        for (int bands : {2, 3, 7, 8})
            EXPECT_EQ(converted(source, c.width, c.height, c.format, bands), whole)
                << c.width << "x" << c.height << " in " << bands << " bands";
    }
}

TEST(FrameConverter, BottomUpFramesComeOutUprightAndDropTheRowBeyond) {
    // A 4x5 bottom-up RGBA picture converted at 4x4 to RGB24: the encoded picture is its top four rows.
    Frame source{4, 5, true, std::vector<std::uint8_t>(4 * 5 * 4)};
    for (int row = 0; row < 5; ++row) // memory row `row` is picture row 4 - row
        for (int x = 0; x < 4; ++x) source.rgba[std::size_t(row * 4 + x) * 4] = std::uint8_t(10 * (4 - row) + x);
    for (int bands : {1, 2}) {
        const std::vector<std::uint8_t> rgb = converted(source, 4, 4, AV_PIX_FMT_RGB24, bands);
        ASSERT_EQ(rgb.size(), 4u * 4u * 3u);
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x) EXPECT_EQ(rgb[std::size_t(y * 4 + x) * 3], 10 * y + x) << bands;
    }
}

TEST(FrameConverter, RefusesAFrameSmallerThanTheConversion) {
    FrameConverter converter(64, 64, AV_PIX_FMT_YUV420P, 2);
    FramePtr target = targetFrame(64, 64, AV_PIX_FMT_YUV420P);
    const Frame small = noise(32, 64, false, 1);
    EXPECT_THROW(converter.convert(small.view(), *target), Error);
}

} // namespace
} // namespace catlab::video
