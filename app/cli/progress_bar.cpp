#include "cli/progress_bar.hpp"

#include <cstdio>
#include <unistd.h>

namespace catlab::cli {

ProgressBar::ProgressBar(long long total, bool enabled)
    : total_(total), enabled_(enabled && total > 0 && isatty(STDERR_FILENO)), start_(std::chrono::steady_clock::now()),
      lastDraw_(start_) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(long long done) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    // Only bother for runs longer than half a second, and redraw at most ten times a second.
    if (now - start_ < std::chrono::milliseconds(500) || now - lastDraw_ < std::chrono::milliseconds(100)) return;
    lastDraw_ = now;
    const double fraction = double(done) / double(total_);
    const int width = 40, filled = int(fraction * width);
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
    std::fprintf(stderr, "\r[%.*s%*s] %5.1f%% %lld/%lld  eta %.0f s ", filled,
                 "########################################", width - filled, "", 100 * fraction, done, total_, eta);
    std::fflush(stderr);
    drawn_ = true;
}

void ProgressBar::finish() {
    if (drawn_) std::fprintf(stderr, "\r%*s\r", 90, "");
    drawn_ = false;
}

} // namespace catlab::cli
