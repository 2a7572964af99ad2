#include "video/async_video_writer.hpp"

#include "catlab/error.hpp"

namespace catlab::video {

AsyncVideoWriter::AsyncVideoWriter(const VideoSettings& settings, std::size_t maxQueuedFrames)
    : encoder_(settings), maxQueued_(std::max<std::size_t>(maxQueuedFrames, 1)), worker_([this] { run(); }) {}

AsyncVideoWriter::~AsyncVideoWriter() { stop(); }

bool AsyncVideoWriter::submit(Frame frame) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return queue_.size() < maxQueued_ || stopping_ || failed_; });
    if (stopping_ || failed_) return false;
    queue_.push_back(std::move(frame));
    changed_.notify_all();
    return true;
}

bool AsyncVideoWriter::trySubmit(Frame& frame) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ || failed_ || queue_.size() >= maxQueued_) return false;
        queue_.push_back(std::move(frame));
    }
    changed_.notify_all();
    return true;
}

std::optional<std::string> AsyncVideoWriter::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    if (worker_.joinable()) worker_.join();
    return error();
}

std::optional<std::string> AsyncVideoWriter::error() const {
    std::lock_guard lock(mutex_);
    return error_;
}

std::size_t AsyncVideoWriter::queuedFrames() const {
    std::lock_guard lock(mutex_);
    return queue_.size();
}

void AsyncVideoWriter::recordFailure(const std::string& message) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = message;
    failed_ = true;
    queue_.clear();
    changed_.notify_all();
}

void AsyncVideoWriter::run() {
    while (true) {
        Frame frame;
        {
            std::unique_lock lock(mutex_);
            changed_.wait(lock, [&] { return !queue_.empty() || stopping_; });
            if (queue_.empty()) break; // stopping, and everything is encoded
            frame = std::move(queue_.front());
            queue_.pop_front();
        }
        changed_.notify_all();
        if (failed_) continue;
        try {
            encoder_.addFrame(frame.view());
            frames_ = encoder_.framesWritten();
            framesInFile_ = encoder_.framesInFile();
            bytes_ = encoder_.bytesWritten();
        } catch (const Error& e) {
            recordFailure(e.what());
        }
    }
    try {
        encoder_.finish();
    } catch (const Error& e) {
        recordFailure(e.what());
    }
    bytes_ = encoder_.bytesWritten();
    framesInFile_ = encoder_.framesInFile();
}

} // namespace catlab::video
