#include "gui/population_follower.hpp"

#include <algorithm>

namespace catlab::gui {

void PopulationFollower::update(Lab& lab, int viewWidth, int viewHeight) {
    if (!lab.follow || viewWidth <= 0 || viewHeight <= 0 || ++frame_ % kInterval != 0) return;
    // The same area as the screen, kSamples pixels across: each summary pixel averages many cells.
    const ViewWindow screen = lab.view.window(viewWidth, viewHeight);
    const double across = double(std::max(viewWidth, viewHeight)) / kSamples;
    ViewWindow summary;
    summary.originX = screen.originX;
    summary.originY = screen.originY;
    summary.cellsPerPixel = std::clamp(screen.cellsPerPixel * across, kMinCellsPerPixel, kMaxCellsPerPixel);
    summary.width = std::max(1, int(viewWidth / across));
    summary.height = std::max(1, int(viewHeight / across));
    pixels_.resize(std::size_t(summary.width) * std::size_t(summary.height));
    lab.session.exportView(summary, ViewTarget{pixels_.data(), summary.width, MemorySpace::Host});

    double total = 0, sumX = 0, sumY = 0;
    for (int py = 0; py < summary.height; ++py)
        for (int px = 0; px < summary.width; ++px) {
            const double w = pixels_[std::size_t(py) * std::size_t(summary.width) + std::size_t(px)].live;
            total += w;
            sumX += w * (px + 0.5);
            sumY += w * (py + 0.5);
        }
    if (total <= 0) return;
    const double targetX = summary.originX + sumX / total * summary.cellsPerPixel;
    const double targetY = summary.originY + sumY / total * summary.cellsPerPixel;
    // Ease a third of the way each update: smooth, and quick enough for fast spaceships.
    const double x = lab.view.centreX() + (targetX - lab.view.centreX()) / 3;
    const double y = lab.view.centreY() + (targetY - lab.view.centreY()) / 3;
    lab.view.centreOn(x, y);
}

} // namespace catlab::gui
