#pragma once

#include "catlab/grid.hpp"
#include "catlab/view.hpp"

namespace catlab::render {

// Where the camera looks on the torus and how far it is zoomed; turns a framebuffer size into the
// ViewWindow the engine exports, and window pixels into cells. Coordinates are in cells (x right,
// y down, as grid rows), pixels count from the top-left of the view. The centre stays on the torus and
// every value finite: a change that would make one infinite or NaN throws catlab::Error and changes nothing.
class ViewNavigation {
  public:
    // Zoom limits in pixels per cell (zoomed out, a pixel covers up to 1/kMinZoom cells).
    static constexpr double kMinZoom = 1.0 / 4096;
    static constexpr double kMaxZoom = 256;

    void setGrid(GridSize grid) { grid_ = grid; }
    GridSize grid() const { return grid_; }

    // The exported window for a view of this many pixels. When a cell spans a whole number of pixels
    // the origin is snapped to the pixel grid, so every cell is drawn as an equal square.
    ViewWindow window(int widthPixels, int heightPixels) const;

    // The cell coordinate under a pixel (fractional; wrap it onto the torus to index a cell).
    double cellX(double pixelX, int widthPixels) const;
    double cellY(double pixelY, int heightPixels) const;

    double zoom() const { return zoom_; } // pixels per cell
    double centreX() const { return centreX_; }
    double centreY() const { return centreY_; }

    // Moves the picture by this many pixels (dragging it to the right shows cells further left).
    void panPixels(double dx, double dy);
    // Zoom to `zoom` pixels per cell keeping the cell under the given pixel where it is.
    void zoomAt(double zoom, double pixelX, double pixelY, int widthPixels, int heightPixels);
    // Zoom to `zoom` keeping the centre (clamped to kMinZoom..kMaxZoom).
    void setZoom(double zoom);
    // Centre the view on the middle of cell (x, y).
    void centreOnCell(double x, double y);
    void centreOn(double x, double y);
    // The whole grid in view, centred.
    void fit(int widthPixels, int heightPixels);
    // One cell per pixel, keeping the centre.
    void oneToOne() { setZoom(1); }

  private:
    void wrapCentre();

    GridSize grid_{1, 1};
    double centreX_ = 0;
    double centreY_ = 0;
    double zoom_ = 1;
};

} // namespace catlab::render
