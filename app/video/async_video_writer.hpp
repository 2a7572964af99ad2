#pragma once

#include "video/video_encoder.hpp"
#include "video/video_settings.hpp"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace catlab::video {

// Encodes on a background thread so that capturing a frame costs the caller a copy, not an encode.
// The encoder is opened in the constructor (bad paths and settings throw there); a later failure
// (disk full, unwritable file) stops the recording: submit() returns false from then on, error()
// says why, and the file is closed with what was written so far.
class AsyncVideoWriter {
  public:
    explicit AsyncVideoWriter(const VideoSettings& settings, std::size_t maxQueuedFrames = 8);
    AsyncVideoWriter(const AsyncVideoWriter&) = delete;
    AsyncVideoWriter& operator=(const AsyncVideoWriter&) = delete;
    ~AsyncVideoWriter(); // stop()

    // Queues a frame, waiting while `maxQueuedFrames` are already queued. False once recording has stopped.
    bool submit(Frame frame);
    // Queues a frame only if there is room now, never waiting (for callers that must not stall, like
    // the window). False when the queue is full (the frame is left as it was) or recording has stopped.
    bool trySubmit(Frame& frame);
    // Encodes what is queued, finalizes the file and joins the thread; idempotent. Returns error().
    std::optional<std::string> stop();

    std::optional<std::string> error() const;
    bool failed() const { return failed_; }
    std::int64_t framesWritten() const { return frames_; } // encoded
    // Frames a player finds in the file (after a failure: those before it that reached the disk whole).
    std::int64_t framesInFile() const { return framesInFile_; }
    std::int64_t bytesWritten() const { return bytes_; }
    std::size_t queuedFrames() const;
    const std::string& codecName() const { return encoder_.codecName(); }
    const std::string& path() const { return encoder_.path(); }

  private:
    void run();
    void recordFailure(const std::string& message);

    VideoEncoder encoder_; // used by the worker thread only, once it runs
    const std::size_t maxQueued_;
    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<Frame> queue_;
    bool stopping_ = false;
    std::optional<std::string> error_;
    std::atomic<bool> failed_{false};
    std::atomic<std::int64_t> frames_{0};
    std::atomic<std::int64_t> framesInFile_{0};
    std::atomic<std::int64_t> bytes_{0};
    std::thread worker_; // last: starts once everything above exists
};

} // namespace catlab::video
