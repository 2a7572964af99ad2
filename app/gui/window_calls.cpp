#include "gui/window_calls.hpp"

#include <algorithm>

namespace catlab::gui {

void WindowCalls::call(Poll poll) {
    Pending call;
    call.poll = std::move(poll);
    std::unique_lock lock(mutex_);
    if (closed_) throw WindowClosedError();
    pending_.push_back(&call);
    arrived_.notify_all();
    finished_.wait(lock, [&] { return call.done || closed_; });
    if (!call.done) throw WindowClosedError(); // close() dropped it
    if (call.error) std::rethrow_exception(call.error);
}

bool WindowCalls::pollOnce(Pending& call, Lab& lab, std::unique_lock<std::mutex>& lock) {
    call.polledAt = serves_;
    lock.unlock(); // callers may queue more meanwhile; only this thread removes calls
    bool done = true;
    std::exception_ptr error;
    try {
        done = call.poll(lab);
    } catch (...) {
        error = std::current_exception();
    }
    lock.lock();
    if (!done) return false;
    call.error = error;
    call.done = true;
    pending_.erase(std::find(pending_.begin(), pending_.end(), &call));
    finished_.notify_all();
    return true;
}

void WindowCalls::serve(Lab& lab, std::chrono::steady_clock::time_point until) {
    std::unique_lock lock(mutex_);
    ++serves_;
    for (;;) {
        const auto fresh = std::find_if(pending_.begin(), pending_.end(),
                                        [&](const Pending* call) { return call->polledAt != serves_; });
        if (fresh != pending_.end()) {
            pollOnce(**fresh, lab, lock);
            continue;
        }
        // Every call left waits for a later frame (or none is left). While none waits, the script is
        // likely between two quick calls: keep answering until the time for this frame runs out.
        if (!pending_.empty() || lab.quitRequested) return;
        if (arrived_.wait_until(lock, until) == std::cv_status::timeout && pending_.empty()) return;
    }
}

void WindowCalls::close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    pending_.clear();
    finished_.notify_all();
}

} // namespace catlab::gui
