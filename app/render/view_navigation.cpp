#include "render/view_navigation.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

#include <algorithm>
#include <cmath>

namespace catlab::render {

ViewWindow ViewNavigation::window(int widthPixels, int heightPixels) const {
    ViewWindow w;
    w.width = widthPixels;
    w.height = heightPixels;
    w.cellsPerPixel = 1.0 / zoom_;
    w.originX = centreX_ - 0.5 * widthPixels * w.cellsPerPixel;
    w.originY = centreY_ - 0.5 * heightPixels * w.cellsPerPixel;
    if (zoom_ >= 1 && zoom_ == std::floor(zoom_)) {
        w.originX = std::floor(w.originX * zoom_) / zoom_;
        w.originY = std::floor(w.originY * zoom_) / zoom_;
    }
    return w;
}

double ViewNavigation::cellX(double pixelX, int widthPixels) const {
    const ViewWindow w = window(widthPixels, 1);
    return w.originX + pixelX * w.cellsPerPixel;
}

double ViewNavigation::cellY(double pixelY, int heightPixels) const {
    const ViewWindow w = window(1, heightPixels);
    return w.originY + pixelY * w.cellsPerPixel;
}

void ViewNavigation::panPixels(double dx, double dy) {
    const double cellsX = dx / zoom_, cellsY = dy / zoom_;
    if (!std::isfinite(cellsX) || !std::isfinite(cellsY))
        throw Error("cannot pan by " + numberText(dx) + ", " + numberText(dy) + " pixels: too far to represent");
    centreOn(centreX_ - cellsX, centreY_ - cellsY);
}

void ViewNavigation::zoomAt(double zoom, double pixelX, double pixelY, int widthPixels, int heightPixels) {
    const double x = cellX(pixelX, widthPixels);
    const double y = cellY(pixelY, heightPixels);
    setZoom(zoom);
    // Put cell (x, y) back under the pixel.
    centreX_ = x - (pixelX - 0.5 * widthPixels) / zoom_;
    centreY_ = y - (pixelY - 0.5 * heightPixels) / zoom_;
    wrapCentre();
}

void ViewNavigation::setZoom(double zoom) {
    if (std::isnan(zoom)) throw Error("the zoom must be a number");
    zoom_ = std::clamp(zoom, kMinZoom, kMaxZoom);
}

void ViewNavigation::centreOnCell(double x, double y) { centreOn(x + 0.5, y + 0.5); }

void ViewNavigation::centreOn(double x, double y) {
    if (!std::isfinite(x) || !std::isfinite(y))
        throw Error("cannot centre the view on " + numberText(x) + ", " + numberText(y) + ": not a finite cell");
    centreX_ = x;
    centreY_ = y;
    wrapCentre();
}

void ViewNavigation::fit(int widthPixels, int heightPixels) {
    const double zx = double(std::max(widthPixels, 1)) / grid_.width;
    const double zy = double(std::max(heightPixels, 1)) / grid_.height;
    double zoom = std::min(zx, zy);
    // Whole pixels per cell when zoomed in, so cells stay equal squares.
    if (zoom >= 1) zoom = std::floor(zoom);
    setZoom(zoom);
    centreX_ = 0.5 * grid_.width;
    centreY_ = 0.5 * grid_.height;
}

void ViewNavigation::wrapCentre() {
    centreX_ = std::fmod(centreX_, double(grid_.width));
    if (centreX_ < 0) centreX_ += grid_.width;
    centreY_ = std::fmod(centreY_, double(grid_.height));
    if (centreY_ < 0) centreY_ += grid_.height;
}

} // namespace catlab::render
