#pragma once

#include "video/video_settings.hpp"

#include <string>

namespace catlab::gui {

// What the panel's Record section and Ctrl+R record.
struct RecordingSettings {
    // .mp4, .mov, .mkv or .webm (the container), or for PNG a folder or a pattern; empty:
    // catlab-<date>-<time>.mp4 (.webm for VP9, a folder of that name for PNG) in the working directory
    std::string path;
    int fps = 30;
    video::VideoFormat format = video::VideoFormat::Auto;
    bool includePanel = true; // false: the view alone
};

} // namespace catlab::gui
