#pragma once

#include <atomic>
#include <functional>

namespace catlab::cli {

// Long runs step in chunks, so that the progress bar moves and Ctrl+C (or SIGTERM) is heard between
// them. A chunk's size follows the measured speed so that it lasts about a tenth of a second at any
// grid size: fast small grids take large chunks (few synchronizations), a slow step makes a chunk of
// one. Keep one StepChunks over related runs (warm-up, then timed repeats) so its estimate carries on.
class StepChunks {
  public:
    static constexpr double kTargetSeconds = 0.1;
    static constexpr long long kMaxChunk = 1 << 20;

    // The steps of the next chunk, at most `remaining` (at least 1 when remaining is).
    long long next(long long remaining) const;
    // What the last chunk took.
    void measured(long long steps, double seconds);

  private:
    long long chunk_ = 1;
};

// Runs `total` steps through `step(n)`, which returns once its n steps are done, in chunks of
// StepChunks, until `stop` turns true (checked before each chunk). `done(steps so far)` is told after
// each chunk. Returns the steps run.
long long stepInChunks(long long total, StepChunks& chunks, const std::atomic<bool>& stop,
                       const std::function<void(long long)>& step, const std::function<void(long long)>& done = {});

} // namespace catlab::cli
