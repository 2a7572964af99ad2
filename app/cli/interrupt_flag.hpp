#pragma once

#include <atomic>
#include <string>

namespace catlab::cli {

// While it lives, Ctrl+C (SIGINT) and SIGTERM do not end the process but raise a flag that long work
// checks between steps, so it can finish what it writes (a video file's trailer, a run's summary and
// --out) and exit on its own. A signal the process was started ignoring (a shell's background job
// ignores SIGINT) stays ignored. The previous handlers come back on destruction. One at a time.
class InterruptFlag {
  public:
    InterruptFlag();
    InterruptFlag(const InterruptFlag&) = delete;
    InterruptFlag& operator=(const InterruptFlag&) = delete;
    ~InterruptFlag();

    const std::atomic<bool>& raised() const;
    // The signal that raised it (SIGINT or SIGTERM), 0 when none has.
    int signal() const;
    // The conventional exit code after that signal: 128 + its number (130 for Ctrl+C).
    int exitCode() const { return 128 + signal(); }
};

// "SIGINT" (Ctrl+C), "SIGTERM", else "signal N".
std::string signalName(int signal);

} // namespace catlab::cli
