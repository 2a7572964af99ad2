#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace catlab::video {

enum class VideoFormat : std::uint8_t {
    Auto,       // H.264 when the encoder is present, MPEG-4 part 2 otherwise
    H264,       // MP4 with H.264 (libx264)
    Mpeg4,      // MP4 with MPEG-4 part 2
    PngSequence // one lossless PNG per frame
};

// "auto", "h264", "mpeg4" or "png"; throws catlab::Error listing the choices otherwise.
VideoFormat parseVideoFormat(std::string_view text);
std::string_view formatName(VideoFormat format);

struct VideoSettings {
    // MP4 file, or for PNG sequences a folder (frames go to folder/frame_000000.png) or a pattern
    // with one %d-style field such as shots/f%05d.png.
    std::string path;
    int width = 0; // frame size in pixels; H.264 and MPEG-4 drop an odd last column or row
    int height = 0;
    int fps = 30;
    VideoFormat format = VideoFormat::Auto;
    int quality = 18; // H.264 CRF (0 lossless .. 51); MPEG-4 uses a fixed quantiser from it
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
