#pragma once

#include "video/libav_handles.hpp"

namespace catlab::video {

// Makes an image-sequence muxer (image2) write every picture file through catlab::AtomicFile: a frame's
// file appears whole and synced to disk, or not at all, and an old file of that name stays until the
// new one is complete. Call before avformat_write_header.
void writeImageFilesAtomically(AVFormatContext& output);

} // namespace catlab::video
