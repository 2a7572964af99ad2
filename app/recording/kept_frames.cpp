#include "recording/kept_frames.hpp"

namespace catlab::recording {

std::string keptFramesText(const std::string& path, std::int64_t framesInFile, bool pngFrames) {
    const std::string frames = std::to_string(framesInFile) + (framesInFile == 1 ? " frame" : " frames");
    if (pngFrames) return framesInFile == 0 ? "no frame reached " + path : frames + " reached " + path + " whole";
    if (framesInFile == 0) return "no frame reached the file; " + path + " is removed";
    return path + " keeps the " + frames + " that reached it whole, and plays";
}

} // namespace catlab::recording
