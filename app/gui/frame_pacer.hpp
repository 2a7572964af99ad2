#pragma once

#include <chrono>

namespace catlab::gui {

// Keeps frames at most `fps` per second by sleeping out the rest of each frame's time slot.
class FramePacer {
  public:
    void wait(double fps);

  private:
    using Clock = std::chrono::steady_clock;
    Clock::time_point next_ = Clock::now();
};

} // namespace catlab::gui
