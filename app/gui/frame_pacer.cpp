#include "gui/frame_pacer.hpp"

#include <thread>

namespace catlab::gui {

void FramePacer::wait(double fps) {
    const auto slot = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / fps));
    const auto now = Clock::now();
    // A slow frame does not earn the following ones a burst of catch-up frames.
    next_ = next_ + slot < now ? now : next_ + slot;
    std::this_thread::sleep_until(next_);
}

} // namespace catlab::gui
