#include "gui/window_recording.hpp"

#include <ctime>

namespace catlab::gui {
namespace {

video::VideoSettings videoSettings(const RecordingSettings& s, FramebufferSize size) {
    const std::string path = s.path.empty() ? defaultRecordingName(s.format) : s.path;
    return {path, size.width, size.height, s.fps, s.format, 18};
}

std::string sizeText(FramebufferSize s) { return std::to_string(s.width) + "x" + std::to_string(s.height); }

} // namespace

WindowRecording::WindowRecording(const RecordingSettings& settings, FramebufferSize size)
    : settings_(settings), size_(size),
      recorder_(videoSettings(settings, size), recording::WhenEncoderIsBehind::DropFrame),
      period_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / settings.fps))) {}

void WindowRecording::offerFrame(CaptureStage stage, FramebufferSize size) {
    if (failed() || recorder_.finished()) return;
    const CaptureStage wanted = settings_.includePanel ? CaptureStage::PanelDrawn : CaptureStage::ViewDrawn;
    if (stage == CaptureStage::PanelDrawn) recorder_.poll(); // once a frame: hand read-backs to the encoder
    if (stage != wanted) return;
    if (size.width != size_.width || size.height != size_.height) {
        error_ = recorder_.path() + ": the window changed size from " + sizeText(size_) + " to " + sizeText(size) +
                 " (a video keeps one size)";
        return;
    }
    // A quarter of a frame's slack, so that a window drawing at the video's rate keeps every frame
    // despite jitter; a window far behind does not catch up in a burst.
    const Clock::time_point now = Clock::now();
    if (now + period_ / 4 < nextFrame_) return;
    nextFrame_ = std::max(nextFrame_ + period_, now - period_ / 2);
    recorder_.capture(0, 0);
}

std::optional<std::string> WindowRecording::finish() {
    const std::optional<std::string> failure = recorder_.finish();
    return error_ ? error_ : failure;
}

std::optional<std::string> WindowRecording::error() const { return error_ ? error_ : recorder_.error(); }

double WindowRecording::elapsedSeconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

std::string defaultRecordingName(video::VideoFormat format) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char text[64];
    std::strftime(text, sizeof text, "catlab-%Y%m%d-%H%M%S", &local);
    switch (format) {
    case video::VideoFormat::PngSequence: return text;
    case video::VideoFormat::Vp9: return std::string(text) + ".webm";
    default: return std::string(text) + ".mp4";
    }
}

} // namespace catlab::gui
