#pragma once

#include "render/pixel_readback_ring.hpp"
#include "video/async_video_writer.hpp"
#include "video/video_settings.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace catlab::recording {

// What capture() does when the encoder has fallen behind and its queue is full.
enum class WhenEncoderIsBehind {
    Wait,     // wait for room: every frame is kept (headless recording)
    DropFrame // drop the frame and count it: the caller never stalls (the window)
};

// Records frames drawn with OpenGL to a video file: each capture() reads a rectangle of the current
// read framebuffer back through a ring of pixel buffers (render/pixel_readback_ring.hpp), and the
// pixels go to the encoder's background thread (video/async_video_writer.hpp). Neither the read nor
// the encoding makes the caller wait for the GPU. Needs a current OpenGL 4.5 context for its whole
// life; not thread-safe.
class FrameRecorder {
  public:
    // Opens the file (throws catlab::Error naming the path and the reason when it cannot).
    FrameRecorder(const video::VideoSettings& settings, WhenEncoderIsBehind policy, int readbackSlots = 3,
                  std::size_t queuedFrames = 8);
    FrameRecorder(const FrameRecorder&) = delete;
    FrameRecorder& operator=(const FrameRecorder&) = delete;
    ~FrameRecorder(); // finish(), quietly

    // Queues the settings' width x height pixels at (x, y) (bottom-left corner) of the current read
    // framebuffer, and passes the frames read by now to the encoder. False once the recording has
    // failed (error() says why); the frames before the failure stay in the file.
    bool capture(int x = 0, int y = 0);
    // Passes the frames read back by now to the encoder (call once a frame while recording).
    void poll();
    // Waits for the frames still being read, encodes them and closes the file; idempotent. Returns
    // error(). The file plays whether or not the recording failed.
    std::optional<std::string> finish();

    bool failed() const { return error_.has_value() || writer_.failed(); }
    std::optional<std::string> error() const;
    bool finished() const { return finished_; }
    std::int64_t framesCaptured() const { return captured_; }
    std::int64_t framesDropped() const { return dropped_; } // WhenEncoderIsBehind::DropFrame only
    std::int64_t framesEncoded() const { return writer_.framesWritten(); }
    std::int64_t framesInFile() const { return writer_.framesInFile(); } // what a player finds there
    std::int64_t bytesWritten() const { return writer_.bytesWritten(); }
    const std::string& path() const { return writer_.path(); }
    const std::string& codecName() const { return writer_.codecName(); }
    int width() const { return width_; }
    int height() const { return height_; }
    int fps() const { return fps_; }

  private:
    void consume(const render::ReadbackPixels& pixels);

    int width_, height_, fps_;
    WhenEncoderIsBehind policy_;
    video::AsyncVideoWriter writer_;
    render::PixelReadbackRing ring_;
    std::int64_t captured_ = 0;
    std::int64_t dropped_ = 0;
    std::optional<std::string> error_; // a failure here (reading back); the writer keeps its own
    bool finished_ = false;
};

} // namespace catlab::recording
