#include "video/frame_converter.hpp"

#include "catlab/error.hpp"

extern "C" {
#include <libavutil/pixdesc.h>
}

#include <algorithm>
#include <thread>

namespace catlab::video {

int FrameConverter::defaultBands(int height) {
    const int threads = std::clamp(int(std::thread::hardware_concurrency()), 1, 8);
    return height > 0 ? std::clamp(height / 64, 1, threads) : threads;
}

FrameConverter::FrameConverter(int width, int height, AVPixelFormat format, int bands)
    : width_(width), height_(height) {
    const AVPixFmtDescriptor* descriptor = av_pix_fmt_desc_get(format);
    if (!descriptor || width < 1 || height < 1) throw Error("cannot convert frames to this pixel format or size");
    chromaShift_ = descriptor->log2_chroma_h;
    planes_ = av_pix_fmt_count_planes(format);
    // Bands of even rows (the chroma rows of 4:2:0 pair up), the last one taking what is left.
    const int count = std::clamp(bands, 1, std::max(1, height / 2));
    const int rowsPerBand = std::max(2, (height / count) & ~1);
    for (int first = 0, i = 0; first < height; first += rowsPerBand, ++i) {
        const int rows = i + 1 == count ? height - first : std::min(rowsPerBand, height - first);
        ScalerPtr scaler(
            sws_getContext(width, rows, AV_PIX_FMT_RGBA, width, rows, format, SWS_POINT, nullptr, nullptr, nullptr));
        if (!scaler)
            throw Error("cannot set up the colour conversion of " + std::to_string(width) + "x" + std::to_string(rows) +
                        " pixels");
        bands_.push_back({first, rows, std::move(scaler)});
        if (i + 1 == count) break;
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

void FrameConverter::convert(const FrameView& source, AVFrame& target) const {
    if (source.width < width_ || source.height < height_ || target.width != width_ || target.height != height_)
        throw Error("frame of " + std::to_string(source.width) + "x" + std::to_string(source.height) +
                    " for a conversion of " + std::to_string(width_) + "x" + std::to_string(height_));
    std::vector<std::thread> helpers;
    struct JoinAll { // also when starting a thread throws: a joinable thread must not be destroyed
        std::vector<std::thread>& threads;
        ~JoinAll() {
            for (std::thread& t : threads)
                if (t.joinable()) t.join();
        }
    } joinAll{helpers};
    helpers.reserve(bands_.size() - 1);
    for (std::size_t b = 1; b < bands_.size(); ++b)
        helpers.emplace_back([&, b] { convertBand(bands_[b], source, target); });
    convertBand(bands_[0], source, target);
}

} // namespace catlab::video
