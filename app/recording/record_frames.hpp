#pragma once

#include "recording/frame_recorder.hpp"
#include "recording/scene.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace catlab::recording {

struct RecordingResult {
    std::int64_t framesCaptured = 0;
    std::int64_t framesInFile = 0; // what a player finds in the file
    std::int64_t bytesWritten = 0;
    std::optional<std::string> error; // why the recording stopped early (the file holds what came before)
    bool interrupted = false;         // stopped on request
    double seconds = 0;               // wall time from the first frame until the file was closed
};

// Films `frames` frames of the scene at the recorder's size, headless: each frame is drawn into an
// offscreen framebuffer, queued for read-back, and the scene advanced while the GPU and the encoder
// work. Stops early when `stopRequested` turns true (checked between frames) or the recording fails,
// and closes the file in every case, so it always plays. `progress` is told the frames done so far.
// Needs a current OpenGL 4.5 context. Throws catlab::Error when drawing fails (the file is closed first).
RecordingResult recordFrames(Scene& scene, FrameRecorder& recorder, long long frames,
                             const std::atomic<bool>& stopRequested,
                             const std::function<void(long long)>& progress = {});

} // namespace catlab::recording
