#include "cli/step_chunks.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace catlab::cli {

long long StepChunks::next(long long remaining) const { return std::min(chunk_, remaining); }

void StepChunks::measured(long long steps, double seconds) {
    if (steps <= 0) return;
    // Below a millisecond the clock says little about the speed: grow quickly instead.
    const double wanted = seconds < 1e-3 ? 16.0 * double(steps) : kTargetSeconds * double(steps) / seconds;
    chunk_ = std::clamp(static_cast<long long>(std::floor(wanted)), 1LL, kMaxChunk);
}

long long stepInChunks(long long total, StepChunks& chunks, const std::atomic<bool>& stop,
                       const std::function<void(long long)>& step, const std::function<void(long long)>& done) {
    long long steps = 0;
    while (steps < total && !stop.load()) {
        const long long n = chunks.next(total - steps);
        const auto start = std::chrono::steady_clock::now();
        step(n);
        chunks.measured(n, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        steps += n;
        if (done) done(steps);
    }
    return steps;
}

} // namespace catlab::cli
