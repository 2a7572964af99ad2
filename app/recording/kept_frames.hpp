#pragma once

#include <cstdint>
#include <string>

namespace catlab::recording {

// What a recording that stopped early left on disk, in words, for the command line and the window:
// "<path> keeps the N frames that reached it whole, and plays", or when no frame reached it "no frame
// reached the file; <path> is removed" (the encoder removes a video without a frame). PNG frames
// (`pngFrames`) are files of their own: "N frames reached <path> whole", or "no frame reached <path>".
std::string keptFramesText(const std::string& path, std::int64_t framesInFile, bool pngFrames);

} // namespace catlab::recording
