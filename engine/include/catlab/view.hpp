#pragma once

#include "catlab/backend.hpp"

#include <cstdint>

namespace catlab {

// Which part of the torus a screen shows. Pixel (px, py) covers the cells whose coordinates lie in
// [originX + px * cellsPerPixel, originX + (px + 1) * cellsPerPixel) and likewise in y; coordinates wrap.
// cellsPerPixel < 1 is zoomed in (a cell spans several pixels), > 1 zoomed out.
struct ViewWindow {
    double originX = 0;
    double originY = 0;
    double cellsPerPixel = 1;
    int width = 0;  // pixels
    int height = 0; // pixels
};

// One exported pixel, laid out as an RGBA8 texel for the view shader. Zoomed out, the channels summarise
// every cell the pixel covers, so panning and zooming never shimmer.
struct ViewPixel {
    std::uint8_t live;     // fraction of covered cells in state 1, scaled to 0..255 (rounded to nearest)
    std::uint8_t decay;    // mean decay stage of covered cells: state s >= 2 counts (states - s) / (states - 1),
                           // state 1 counts 1, state 0 counts 0; scaled to 0..255 (equals `live` for 2 states)
    std::uint8_t state;    // state of the cell under the pixel's centre (the exact cell when zoomed in)
    std::uint8_t occupied; // 255 if any covered cell is non-zero, else 0
};
static_assert(sizeof(ViewPixel) == 4);

// Where exported pixels go: row-major, `pitch` pixels between rows, in host or device memory.
struct ViewTarget {
    ViewPixel* pixels = nullptr;
    int pitch = 0;
    MemorySpace space = MemorySpace::Host;
};

} // namespace catlab
