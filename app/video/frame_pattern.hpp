#pragma once
// Where a PNG sequence goes: a folder, or a file name pattern that FFmpeg's image2 muxer fills in with
// the frame number. Both are checked before the first frame, so that a bad one fails at once rather
// than after a frame has been written.

#include <filesystem>
#include <string>

namespace catlab::video {

// Checks that `pattern` names .png files in a folder that exists or can be made, with exactly one
// frame-number field in the file name (%d, %5d or %05d; %% is a literal %) and nothing else that
// printf would read. Throws catlab::Error naming the pattern and what is wrong. Touches no file.
void checkFramePattern(const std::string& pattern);

// Checks that `folder` is a folder one can write in, or that it can be made (its nearest existing
// ancestor is such a folder). Throws catlab::Error naming `forPath` (what goes there) and the reason.
// Touches no file.
void checkFolderUsable(const std::filesystem::path& folder, const std::string& forPath);

// The pattern of the frames in a folder: folder/frame_%06d.png.
std::string framePatternIn(const std::filesystem::path& folder);

} // namespace catlab::video
