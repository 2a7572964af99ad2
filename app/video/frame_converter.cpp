#include "video/frame_converter.hpp"

#include "catlab/error.hpp"

extern "C" {
#include <libavutil/pixdesc.h>
}

#include <algorithm>
#include <thread>

namespace catlab::video {

int FrameConverter::defaultBands(int height) {
    return std::clamp(height / 64, 1, std::clamp(int(std::thread::hardware_concurrency()), 1, 8));
}

namespace {

// At least one band, and at most one per two rows.
int bandCount(int bands, int height) { return std::clamp(bands, 1, std::max(1, height / 2)); }

} // namespace

FrameConverter::FrameConverter(int width, int height, AVPixelFormat format, int bands)
    : width_(width), height_(height), pool_(unsigned(bandCount(bands, height))) {
    const AVPixFmtDescriptor* descriptor = av_pix_fmt_desc_get(format);
    if (!descriptor || width < 1 || height < 1) throw Error("cannot convert frames to this pixel format or size");
    chromaShift_ = descriptor->log2_chroma_h;
    planes_ = av_pix_fmt_count_planes(format);
    // Bands of even rows (the chroma rows of 4:2:0 pair up), the last one taking what is left.
    const int count = bandCount(bands, height);
    const int rowsPerBand = (height / count) & ~1; // at least 2, as count <= height / 2
    for (int i = 0; i < count; ++i) {
        const int first = i * rowsPerBand;
        const int rows = i + 1 == count ? height - first : rowsPerBand;
        ScalerPtr scaler(
            sws_getContext(width, rows, AV_PIX_FMT_RGBA, width, rows, format, SWS_POINT, nullptr, nullptr, nullptr));
        if (!scaler)
            throw Error("cannot set up the colour conversion of " + std::to_string(width) + "x" + std::to_string(rows) +
                        " pixels");
        bands_.push_back({first, rows, std::move(scaler)});
    }
}

void FrameConverter::convertBand(const Band& band, const FrameView& source, AVFrame& target) const {
    // Bottom-up frames are read from their last row upwards: the picture comes out upright (and a row
    // beyond the converter's height is dropped at the bottom, as with top-down frames).
    const std::ptrdiff_t stride = source.bottomUp ? -std::ptrdiff_t(source.strideBytes) : source.strideBytes;
    const std::uint8_t* top =
        source.bottomUp ? source.rgba + std::ptrdiff_t(source.height - 1) * source.strideBytes : source.rgba;
    const std::uint8_t* const from[1] = {top + std::ptrdiff_t(band.firstRow) * stride};
    const int fromStride[1] = {int(stride)};
    std::uint8_t* to[4] = {};
    int toStride[4] = {};
    for (int p = 0; p < planes_; ++p) {
        const int row = p == 0 || p == 3 ? band.firstRow : band.firstRow >> chromaShift_;
        to[p] = target.data[p] + std::ptrdiff_t(row) * target.linesize[p];
        toStride[p] = target.linesize[p];
    }
    sws_scale(band.scaler.get(), from, fromStride, 0, band.rows, to, toStride);
}

void FrameConverter::convert(const FrameView& source, AVFrame& target) {
    if (source.width < width_ || source.height < height_ || target.width != width_ || target.height != height_)
        throw Error("frame of " + std::to_string(source.width) + "x" + std::to_string(source.height) +
                    " for a conversion of " + std::to_string(width_) + "x" + std::to_string(height_));
    pool_.parallelFor(static_cast<long long>(bands_.size()), [&](long long begin, long long end) {
        for (long long b = begin; b < end; ++b) convertBand(bands_[std::size_t(b)], source, target);
    });
}

} // namespace catlab::video
