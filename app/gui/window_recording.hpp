#pragma once

#include "gui/gl_window.hpp"
#include "gui/recording_settings.hpp"

#include "recording/frame_recorder.hpp"
#include "video/video_settings.hpp"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace catlab::gui {

// Where in a frame the window offers its picture to the recording.
enum class CaptureStage {
    ViewDrawn, // the grid's view is in the framebuffer, the panel not yet
    PanelDrawn // the whole window as it will be shown
};

// A recording of the window in progress. Frames are taken at the chosen rate of wall-clock time (at
// most one per drawn frame: when the window draws fewer, the video plays faster than life), read
// back without waiting for the GPU and encoded on a background thread. The window never waits for
// the encoder: frames it has no room for are dropped and counted. The video keeps the framebuffer
// size it started with; a resized window fails the recording. Needs the window's GL context.
class WindowRecording {
  public:
    // Opens the file; throws catlab::Error naming the path and the reason when it cannot.
    WindowRecording(const RecordingSettings& settings, FramebufferSize size);

    // Takes this frame if it is due and `stage` is the one the settings record; call at both stages.
    void offerFrame(CaptureStage stage, FramebufferSize size);
    // Encodes what is still queued and closes the file (idempotent); returns why it failed, if it did.
    std::optional<std::string> finish();

    bool failed() const { return error_.has_value() || recorder_.failed(); }
    std::optional<std::string> error() const;
    const std::string& path() const { return recorder_.path(); }
    const std::string& codecName() const { return recorder_.codecName(); }
    double elapsedSeconds() const;
    std::int64_t framesCaptured() const { return recorder_.framesCaptured(); }
    std::int64_t framesInFile() const { return recorder_.framesInFile(); }
    std::int64_t framesDropped() const { return recorder_.framesDropped(); }
    std::int64_t bytesWritten() const { return recorder_.bytesWritten(); }
    const RecordingSettings& settings() const { return settings_; }

  private:
    using Clock = std::chrono::steady_clock;

    RecordingSettings settings_;
    FramebufferSize size_;
    recording::FrameRecorder recorder_;
    Clock::time_point start_ = Clock::now();
    Clock::duration period_;
    Clock::time_point nextFrame_ = start_;
    std::optional<std::string> error_;
};

// catlab-<date>-<time>.mp4 (.webm for VP9; without an extension for PNG sequences, whose path is a
// folder).
std::string defaultRecordingName(video::VideoFormat format);

} // namespace catlab::gui
