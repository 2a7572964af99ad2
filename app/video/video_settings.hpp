#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace catlab::video {

enum class VideoFormat : std::uint8_t {
    Auto,       // the first the file's container holds and this FFmpeg encodes (video/video_output.hpp)
    H264,       // H.264 (libx264): .mp4, .mov, .mkv
    Mpeg4,      // MPEG-4 part 2: .mp4, .mov, .mkv
    Vp9,        // VP9 (libvpx-vp9): .webm, .mkv
    PngSequence // one lossless PNG per frame
};

// "auto", "h264", "mpeg4", "vp9" or "png"; throws catlab::Error listing the choices otherwise.
VideoFormat parseVideoFormat(std::string_view text);
std::string_view formatName(VideoFormat format);

struct VideoSettings {
    // A video file whose extension names the container (.mp4, .mov, .mkv, .webm), or for PNG sequences
    // a folder (frames go to folder/frame_000000.png) or a pattern with one %d-style field such as
    // shots/f%05d.png.
    std::string path;
    int width = 0; // frame size in pixels; the video codecs drop an odd last column or row
    int height = 0;
    int fps = 30;
    VideoFormat format = VideoFormat::Auto;
    int quality = 18; // H.264 CRF (0 lossless .. 51); MPEG-4 and VP9 use a fixed quantiser from it
};

// One frame of 8-bit RGBA pixels, rows `strideBytes` apart; `bottomUp` when row 0 is the bottom
// (as glReadPixels returns them).
struct FrameView {
    const std::uint8_t* rgba = nullptr;
    int width = 0;
    int height = 0;
    int strideBytes = 0;
    bool bottomUp = false;
};

// An owned frame, for queues.
struct Frame {
    int width = 0;
    int height = 0;
    bool bottomUp = false;
    std::vector<std::uint8_t> rgba; // width * height * 4 bytes

    FrameView view() const { return {rgba.data(), width, height, width * 4, bottomUp}; }
};

} // namespace catlab::video
