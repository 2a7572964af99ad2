#include "catlab/view.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"

#include <cmath>
#include <sstream>
#include <string>

namespace catlab {
namespace {

std::string describe(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
}

ViewAxis makeAxis(double origin, double cellsPerPixel, int cells) {
    constexpr double scale = double(std::uint64_t(1) << kViewFractionBits);
    // fmod is exact, so panning far from the origin loses no precision beyond the double itself.
    double reduced = std::fmod(origin, double(cells));
    if (reduced < 0) reduced += double(cells);
    const std::uint64_t span = std::uint64_t(cells) << kViewFractionBits;
    ViewAxis axis;
    axis.origin = std::uint64_t(std::llround(reduced * scale)) % span; // reduced may round up to `cells`
    axis.step = std::uint64_t(std::llround(cellsPerPixel * scale));
    axis.cells = cells;
    return axis;
}

} // namespace

ViewMapping makeViewMapping(const ViewWindow& window, GridSize grid, int states) {
    if (window.width < 1 || window.width > kMaxViewSide || window.height < 1 || window.height > kMaxViewSide)
        throw Error("view window " + std::to_string(window.width) + "x" + std::to_string(window.height) +
                    " pixels: each side must be 1.." + std::to_string(kMaxViewSide));
    if (!std::isfinite(window.cellsPerPixel) || window.cellsPerPixel < kMinCellsPerPixel ||
        window.cellsPerPixel > kMaxCellsPerPixel)
        throw Error("view window: " + describe(window.cellsPerPixel) + " cells per pixel is outside " +
                    describe(kMinCellsPerPixel) + ".." + describe(kMaxCellsPerPixel));
    if (!std::isfinite(window.originX) || !std::isfinite(window.originY))
        throw Error("view window: origin (" + describe(window.originX) + ", " + describe(window.originY) +
                    ") is not a finite position");
    if (grid.width < 1 || grid.height < 1 || grid.width > kMaxGridSide || grid.height > kMaxGridSide)
        throw Error("view of a " + std::to_string(grid.width) + "x" + std::to_string(grid.height) +
                    " grid: each side must be 1.." + std::to_string(kMaxGridSide));
    if (states < kMinStates || states > kMaxStates)
        throw Error("view of a rule with " + std::to_string(states) + " states: must be " + std::to_string(kMinStates) +
                    ".." + std::to_string(kMaxStates));
    ViewMapping m;
    m.x = makeAxis(window.originX, window.cellsPerPixel, grid.width);
    m.y = makeAxis(window.originY, window.cellsPerPixel, grid.height);
    m.width = window.width;
    m.height = window.height;
    m.states = unsigned(states);
    return m;
}

void checkViewTarget(const ViewWindow& window, const ViewTarget& target) {
    if (!target.pixels) throw Error("view target has no pixels");
    if (target.pitch < window.width)
        throw Error("view target pitch " + std::to_string(target.pitch) + " is below the window width " +
                    std::to_string(window.width));
}

} // namespace catlab
