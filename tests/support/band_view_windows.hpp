#pragma once
// View windows of a grid cut into horizontal bands: pixels whose cells straddle band boundaries, zoomed
// in and out, panned across the torus's edges, and wider than the whole torus.

#include "catlab/grid.hpp"
#include "catlab/view.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace catlab::testing {

struct BandViewWindow {
    std::string label;
    ViewWindow window;
};

inline std::vector<BandViewWindow> bandViewWindows(GridSize g) {
    const double w = g.width, h = g.height;
    return {
        {"one_to_one", {0, 0, 1, g.width, g.height}},
        {"fit_zoomed_out", {0, 0, std::max(w, h) / 40.0, 40, 40}},
        {"zoomed_out_straddling", {0.3, 0.7, 2.7, 53, 41}},
        {"zoomed_out_across_the_edges", {w - 9.5, h - 6.25, 3.3, 31, 29}},
        {"zoomed_in", {3.25, h / 3 - 2.5, 0.37, 61, 47}},
        {"zoomed_in_across_the_edges", {w - 3.25, h - 2.5, 0.45, 50, 41}},
        {"taller_than_the_torus", {1.5, 2.5, 1.25, 40, int(2.6 * h)}},
        {"pixel_taller_than_the_torus", {0.5, 0.5, 1.7 * std::max(w, h), 3, 4}},
        {"one_pixel", {4.2, 1.1, 7.3, 1, 1}},
    };
}

} // namespace catlab::testing
