#pragma once

#include "video/video_settings.hpp"

#include <string>

namespace catlab::gui {

// What the panel's Record section and Ctrl+R record.
struct RecordingSettings {
    std::string path; // empty: catlab-<date>-<time>.mp4 (a folder of that name for PNG) in the working directory
    int fps = 30;
    video::VideoFormat format = video::VideoFormat::Auto;
    bool includePanel = true; // false: the view alone
};

} // namespace catlab::gui
