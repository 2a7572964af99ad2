#pragma once

#include "video/libav_handles.hpp"
#include "video/video_settings.hpp"

#include "catlab/thread_pool.hpp"

#include <vector>

namespace catlab::video {

// Converts RGBA pictures into an encoder's pixel format (YUV 4:2:0 or RGB24, same size), in horizontal
// bands on a pool of threads of its own: one swscale context converts about 8 MB a frame at 3840x2160 on one core,
// slower than the encoders that follow it. Each band has its own context, and bands start on even rows,
// so that no 4:2:0 chroma sample straddles two bands and the result is the same for any band count.
class FrameConverter {
  public:
    // Throws catlab::Error when swscale cannot convert to `format` at this size.
    FrameConverter(int width, int height, AVPixelFormat format, int bands);

    // Converts the top-left width x height pixels of the picture `source` holds (bottom-up frames are
    // turned upright) into `target`, a writable frame of the converter's size and format.
    void convert(const FrameView& source, AVFrame& target);

    // The hardware's threads, at most 8, and one band per 64 rows at most.
    static int defaultBands(int height);

  private:
    struct Band {
        int firstRow, rows;
        ScalerPtr scaler;
    };
    void convertBand(const Band& band, const FrameView& source, AVFrame& target) const;

    int width_, height_;
    int chromaShift_; // log2 of the vertical chroma subsampling
    int planes_;
    std::vector<Band> bands_;
    ThreadPool pool_; // a thread a band (the caller's included)
};

} // namespace catlab::video
