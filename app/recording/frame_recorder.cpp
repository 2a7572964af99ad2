#include "recording/frame_recorder.hpp"

#include "catlab/error.hpp"

#include <cstring>

namespace catlab::recording {

FrameRecorder::FrameRecorder(const video::VideoSettings& settings, WhenEncoderIsBehind policy, int readbackSlots,
                             std::size_t queuedFrames)
    : width_(settings.width), height_(settings.height), fps_(settings.fps), policy_(policy),
      writer_(settings, queuedFrames), ring_(readbackSlots) {}

FrameRecorder::~FrameRecorder() {
    try {
        finish();
    } catch (const std::exception&) {
        // Destructors never throw; whoever wanted to know called finish().
    }
}

std::optional<std::string> FrameRecorder::error() const {
    if (error_) return error_;
    return writer_.error();
}

bool FrameRecorder::capture(int x, int y) {
    if (finished_ || failed()) return false;
    try {
        ring_.capture(x, y, width_, height_, [this](const render::ReadbackPixels& p) { consume(p); });
        ++captured_;
        ring_.collect([this](const render::ReadbackPixels& p) { consume(p); });
    } catch (const Error& e) {
        error_ = writer_.path() + ": " + e.what();
    }
    return !failed();
}

void FrameRecorder::poll() {
    if (finished_ || failed()) return;
    try {
        ring_.collect([this](const render::ReadbackPixels& p) { consume(p); });
    } catch (const Error& e) {
        error_ = writer_.path() + ": " + e.what();
    }
}

std::optional<std::string> FrameRecorder::finish() {
    if (finished_) return error();
    finished_ = true;
    if (!failed()) {
        try {
            ring_.collect([this](const render::ReadbackPixels& p) { consume(p); }, true);
        } catch (const Error& e) {
            error_ = writer_.path() + ": " + e.what();
        }
    }
    writer_.stop();
    return error();
}

void FrameRecorder::consume(const render::ReadbackPixels& pixels) {
    if (writer_.failed()) return; // the file is closed; later frames have nowhere to go
    video::Frame frame{pixels.width, pixels.height, true, {}};
    frame.rgba.resize(std::size_t(pixels.width) * std::size_t(pixels.height) * 4);
    const std::size_t rowBytes = std::size_t(pixels.width) * 4;
    if (std::size_t(pixels.strideBytes) == rowBytes) {
        std::memcpy(frame.rgba.data(), pixels.rgba, frame.rgba.size());
    } else {
        for (int row = 0; row < pixels.height; ++row)
            std::memcpy(frame.rgba.data() + std::size_t(row) * rowBytes,
                        pixels.rgba + std::size_t(row) * std::size_t(pixels.strideBytes), rowBytes);
    }
    if (policy_ == WhenEncoderIsBehind::Wait) {
        writer_.submit(std::move(frame));
    } else if (!writer_.trySubmit(frame) && !writer_.failed()) {
        ++dropped_;
    }
}

} // namespace catlab::recording
