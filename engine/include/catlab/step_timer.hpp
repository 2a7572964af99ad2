#pragma once

#include "catlab/backend.hpp"

#include <functional>
#include <memory>
#include <string>

namespace catlab {

// Measures how long a backend takes for some generations. Host backends are timed with
// std::chrono::steady_clock; device backends with CUDA events recorded on the legacy default stream
// around the launches (the legacy stream also waits for work on other blocking streams), so the
// figure is GPU time rather than launch overhead plus host jitter.
class StepTimer {
  public:
    virtual ~StepTimer() = default;
    // Runs backend.step(generations), waits for it and returns the elapsed milliseconds.
    // Work queued before the call is finished first and not counted.
    double time(Backend& backend, int generations) {
        return timeWork(backend, [&] { backend.step(generations); });
    }
    // The same for any work of the backend's (a view export, say).
    virtual double timeWork(Backend& backend, const std::function<void()>& work) = 0;
    // "steady_clock" or "cuda-events".
    virtual const char* method() const = 0;
};

// The timer for a backend in this memory space. Without CUDA, device backends (which cannot be
// created then anyway) get the steady_clock timer.
std::unique_ptr<StepTimer> makeStepTimer(MemorySpace space);

} // namespace catlab
