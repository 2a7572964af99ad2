#pragma once
// What a recording writes, decided from its path and format before any file is touched: the
// container follows the file's extension, and the codec is checked against the container and against
// the encoders this FFmpeg has.
//
//   .mp4  MP4         h264, mpeg4   fragmented: plays however the recording ends
//   .mov  QuickTime   h264, mpeg4   fragmented
//   .mkv  Matroska    h264, mpeg4, vp9
//   .webm WebM        vp9
//   png   a folder, or a pattern like f%05d.png (format auto takes a pattern ending in .png as one)
//
// Auto picks the first codec of the container's list that this FFmpeg encodes.

#include "video/video_settings.hpp"

#include <string>

struct AVCodec;

namespace catlab::video {

struct VideoOutput {
    VideoFormat format = VideoFormat::Auto; // never Auto: the codec chosen
    std::string muxer;                      // FFmpeg's name of the container: mp4, mov, matroska, webm, image2
    bool fragmented = false;                // MP4 and MOV: a fragment per key frame
    const AVCodec* encoder = nullptr;
};

// Throws catlab::Error naming the path and why it cannot be written: an extension that is no
// container catlab writes (listing those it writes), a codec the container does not hold, an encoder
// this FFmpeg lacks, a bad PNG frame pattern or a folder that cannot be written in. Touches no file.
VideoOutput chooseVideoOutput(const std::string& path, VideoFormat format);

} // namespace catlab::video
