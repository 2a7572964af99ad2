#pragma once

#include "video/libav_handles.hpp"
#include "video/video_settings.hpp"

#include <cstdint>
#include <string>

namespace catlab::video {

// Encodes RGBA frames in-process with FFmpeg's libraries. MP4 files are fragmented (a fragment per
// second) so that what was written stays playable if the disk fills up or the process dies before
// finish(). Every failure throws catlab::Error naming the file and FFmpeg's reason; after a failure
// the encoder accepts no more frames, and finish() still closes the file as well as it can.
class VideoEncoder {
  public:
    explicit VideoEncoder(const VideoSettings& settings);
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;
    ~VideoEncoder(); // finishes quietly when finish() was not called

    // The frame must be the size given in the settings.
    void addFrame(const FrameView& frame);
    // Flushes the encoder and writes the trailer; idempotent.
    void finish();

    const std::string& codecName() const { return codecName_; }
    const std::string& path() const { return path_; }
    int width() const { return width_; } // encoded size (even for H.264 and MPEG-4)
    int height() const { return height_; }
    std::int64_t framesWritten() const { return frames_; }
    std::int64_t bytesWritten() const { return bytes_; }
    bool failed() const { return failed_; }

  private:
    void encode(AVFrame* frame); // nullptr flushes
    [[noreturn]] void fail(const std::string& what, int code);

    std::string path_;
    std::string codecName_;
    int sourceWidth_ = 0, sourceHeight_ = 0;
    int width_ = 0, height_ = 0;
    OutputContextPtr output_;
    CodecContextPtr codec_;
    AVStream* stream_ = nullptr; // owned by output_
    FramePtr frame_;
    PacketPtr packet_;
    ScalerPtr scaler_;
    std::int64_t frames_ = 0;
    std::int64_t bytes_ = 0;
    bool headerWritten_ = false;
    bool finished_ = false;
    bool failed_ = false;
};

} // namespace catlab::video
