#pragma once

#include "gui/lab.hpp"

#include "catlab/error.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>

namespace catlab::gui {

// Thrown to a caller whose call the window can no longer answer: it was closed.
class WindowClosedError : public Error {
  public:
    WindowClosedError() : Error("the window was closed") {}
};

// Hands work from other threads (a Python script's) to the window's main thread, which does it at a
// frame boundary: the lab is only ever touched by the main thread, between frames, so the window keeps
// drawing while a script loops.
class WindowCalls {
  public:
    // Runs on the main thread once per frame boundary until it returns true (done); a call that waits
    // for frames or for a key returns false until then. What it throws is rethrown to the caller.
    using Poll = std::function<bool(Lab&)>;

    // From any thread but the main one: blocks until the call is done. Throws what the call threw, or
    // WindowClosedError when the window closes first (or had closed).
    void call(Poll poll);

    // The main thread, at a frame boundary: polls every waiting call once, then does calls as they
    // come until one of them waits for frames or `until` passes with none.
    void serve(Lab& lab, std::chrono::steady_clock::time_point until);

    // No more calls: those waiting now and any made later throw WindowClosedError.
    void close();

  private:
    struct Pending {
        Poll poll;
        std::uint64_t polledAt = 0; // the serve() that last polled it
        bool done = false;
        std::exception_ptr error;
    };
    // Polls one call (the lock is released while it runs); true when it finished.
    bool pollOnce(Pending& call, Lab& lab, std::unique_lock<std::mutex>& lock);

    std::mutex mutex_;
    std::condition_variable arrived_;  // a new call, for serve()
    std::condition_variable finished_; // a call done or the window closed, for call()
    std::deque<Pending*> pending_;     // the callers own them: they wait until theirs is done
    std::uint64_t serves_ = 0;
    bool closed_ = false;
};

} // namespace catlab::gui
