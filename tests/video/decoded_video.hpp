#pragma once

// Test helpers: what ffprobe says about a video, and its first frame decoded back to RGB.
#include <cstdint>
#include <string>
#include <vector>

namespace catlab::video::testing {

struct ProbeResult {
    std::string codec;
    int width = 0;
    int height = 0;
    long long frames = 0; // decoded by ffprobe -count_frames
    double duration = 0;  // seconds
};

// Runs ffprobe (path given at configure time) on `path`; throws std::runtime_error if it fails.
ProbeResult probe(const std::string& path);

// Checks with ffprobe (as gtest expectations) that the file has the expected codec, frame size, frame
// count and duration (within 10 ms).
void expectVideo(const std::string& path, const ProbeResult& expected);

struct RgbImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgb;
    const std::uint8_t* at(int x, int y) const { return rgb.data() + (std::size_t(y) * width + x) * 3; }
};

// The first frame of a video or image file, decoded with FFmpeg's libraries.
RgbImage decodeFirstFrame(const std::string& path);

// The container, read from the file's first bytes rather than asked of FFmpeg: "mp4" or "mov" (the
// ftyp box's brand), "matroska" or "webm" (the EBML DocType), else "unknown".
std::string containerOf(const std::string& path);

} // namespace catlab::video::testing
