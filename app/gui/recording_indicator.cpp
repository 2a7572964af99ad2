#include "gui/recording_indicator.hpp"

#include <glad/gl.h>

#include <cmath>

namespace catlab::gui {

void drawRecordingIndicator(FramebufferSize size) {
    constexpr int kRadius = 7, kMargin = 10;
    if (size.width < 2 * (kRadius + kMargin) || size.height < 2 * (kRadius + kMargin)) return;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glEnable(GL_SCISSOR_TEST);
    glClearColor(0.90f, 0.12f, 0.10f, 1.0f);
    // One scissored clear per row of the disc: no shader, no state beyond the scissor box.
    const int centreX = kMargin + kRadius, centreY = size.height - kMargin - kRadius;
    for (int dy = -kRadius; dy <= kRadius; ++dy) {
        const int half = int(std::lround(std::sqrt(double(kRadius * kRadius - dy * dy))));
        glScissor(centreX - half, centreY + dy, 2 * half + 1, 1);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
}

} // namespace catlab::gui
