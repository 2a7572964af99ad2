#pragma once

#include <chrono>

namespace catlab::cli {

// A one-line progress bar on stderr, drawn only when stderr is a terminal and the work is long.
class ProgressBar {
  public:
    ProgressBar(long long total, bool enabled);
    ~ProgressBar();
    void update(long long done);
    void finish();

  private:
    long long total_;
    bool enabled_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_, lastDraw_;
};

} // namespace catlab::cli
