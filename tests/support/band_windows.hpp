#pragma once
// Zoomed-out windows for the view's band export (engine/cuda/view_bit_bands.cuh): the cases where its
// column bookkeeping could go wrong, on any grid. Shared by the CPU emulation and the GPU tests.
#include "catlab/view.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace catlab::testing {

struct BandWindow {
    std::string label;
    ViewWindow window;
};

// A screen fitted to the whole grid and centred, as `catlab bench-view` shows it: where the screen's
// shape differs from the grid's the window wraps round the torus on both sides.
inline ViewWindow fittedWindow(GridSize grid, int width, int height) {
    const double cellsPerPixel = std::max(double(grid.width) / width, double(grid.height) / height);
    return {0.5 * (grid.width - cellsPerPixel * width), 0.5 * (grid.height - cellsPerPixel * height), cellsPerPixel,
            width, height};
}

inline std::vector<BandWindow> bandWindows(GridSize g) {
    const double w = g.width, h = g.height;
    return {
        {"fit_16_9", fittedWindow(g, 48, 27)},
        {"fit_tall", fittedWindow(g, 9, 31)},
        {"fit_exact", {0, 0, w / 16, 16, int(h / (w / 16)) + 1}},
        {"odd_7_3_across_both_edges", {w - 40.3, h - 17.6, 7.3, 23, 11}},
        {"odd_7_3_far_away", {1e7 + 0.35, -3e6 - 0.8, 7.3, 29, 9}},
        {"integer_28", {-13.5, -7.25, 28.0, 31, 17}},
        {"huge_1000_5", {3.7, 1.2, 1000.5, 3, 2}},
        {"wider_than_grid_4", {0.5, 0.25, 4.0, int(2.5 * w / 4) + 3, 7}},
        {"wider_than_grid_5_9", {w - 0.5, 3.0, 5.9, int(3.3 * w / 5.9) + 1, 5}},
        {"threshold_4_0", {0.5, 0.5, 4.0, 37, 13}},
        {"just_above_4", {2.25, 1.75, 4.0001, 41, 9}},
        {"just_below_4", {2.25, 1.75, 3.9999, 41, 9}},
        {"one_row_per_pixel", {0, 0, 1.0, 70, 6}},
        {"one_row_per_pixel_at_centres", {0.5, 0.5, 1.0, 70, 6}},
        {"one_and_a_half", {-0.75, 0.1, 1.5, 57, 8}},
        {"one_pixel", {5.5, 2.5, 11.3, 1, 1}},
    };
}

} // namespace catlab::testing
