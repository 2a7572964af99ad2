#pragma once

#include "gui/lab.hpp"

#include "catlab/view.hpp"

#include <vector>

namespace catlab::gui {

// Auto-pan: every few frames, the live cells of the visible window are summarised at low resolution
// and the view eases toward their centre of mass, so a glider or spaceship stays in view.
class PopulationFollower {
  public:
    void update(Lab& lab, int viewWidth, int viewHeight);

  private:
    static constexpr int kSamples = 64; // side of the summary, in pixels
    static constexpr int kInterval = 4; // frames between updates
    int frame_ = 0;
    std::vector<ViewPixel> pixels_;
};

} // namespace catlab::gui
