#pragma once

#include "video/frame_converter.hpp"
#include "video/libav_handles.hpp"
#include "video/video_settings.hpp"

#include <cstdint>
#include <memory>
#include <string>

namespace catlab::video {

// Encodes RGBA frames in-process with FFmpeg's libraries, into the container the file's extension
// names (video/video_output.hpp: checked before anything is made). MP4 and MOV files are fragmented (a
// fragment per second) and Matroska and WebM files are written cluster by cluster, so that what was
// written stays playable if the disk fills up or the process dies before finish(). Every failure
// throws catlab::Error naming the file and FFmpeg's reason; after a failure the encoder accepts no
// more frames, and finish() closes the file keeping only what plays: a video is cut back to its last
// whole fragment (cluster); PNG frames are written whole or not at all. A video file that ends up
// holding no frame is removed.
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
    int width() const { return width_; } // encoded size (even for the video codecs)
    int height() const { return height_; }
    std::int64_t framesWritten() const { return frames_; } // encoded (an MP4 holds them once finished)
    // Frames a player finds in the file now: those of the fragments (clusters) on disk, every frame (PNG).
    std::int64_t framesInFile() const { return framesInFile_; }
    std::int64_t bytesWritten() const { return bytes_; }
    bool failed() const { return failed_; }

  private:
    void encode(AVFrame* frame); // nullptr flushes
    void noteFragmentBoundary(std::int64_t framesBefore);
    void keepOnlyWhatPlays() noexcept; // after a failure
    std::string errorText(const std::string& what, int code) const;
    [[noreturn]] void fail(const std::string& what, int code);

    std::string path_;
    std::string target_; // the video file, or the PNG file name pattern
    bool png_ = false;
    std::string codecName_;
    int sourceWidth_ = 0, sourceHeight_ = 0;
    int width_ = 0, height_ = 0;
    OutputContextPtr output_;
    CodecContextPtr codec_;
    AVStream* stream_ = nullptr; // owned by output_
    FramePtr frame_;
    PacketPtr packet_;
    std::unique_ptr<FrameConverter> converter_;
    std::int64_t frames_ = 0;
    std::int64_t bytes_ = 0;
    std::int64_t packetsWritten_ = 0;
    std::int64_t framesInFile_ = 0;
    std::int64_t wholeFragmentsBytes_ = 0; // the file up to the end of its last complete fragment (cluster)
    bool headerWritten_ = false;
    bool finished_ = false;
    bool failed_ = false;
};

} // namespace catlab::video
