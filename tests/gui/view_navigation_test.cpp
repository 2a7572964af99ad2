#include "gui/mouse_tools.hpp"
#include "render/view_navigation.hpp"

#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace catlab::gui {
namespace {

using render::ViewNavigation;

// Distance between two coordinates on a torus side of `side` cells.
double wrappedDistance(double a, double b, double side) {
    const double d = std::fmod(std::abs(a - b), side);
    return std::min(d, side - d);
}

TEST(ViewNavigation, ZoomKeepsTheCellUnderTheCursor) {
    ViewNavigation view;
    view.setGrid({1000, 700});
    view.fit(640, 480);
    for (double zoom : {0.1, 1.0, 3.0, 17.0}) {
        const double x = view.cellX(123, 640), y = view.cellY(321, 480);
        view.zoomAt(zoom, 123, 321, 640, 480);
        EXPECT_LE(wrappedDistance(view.cellX(123, 640), x, 1000), 1.0 / zoom) << zoom;
        EXPECT_LE(wrappedDistance(view.cellY(321, 480), y, 700), 1.0 / zoom) << zoom;
        EXPECT_EQ(view.zoom(), zoom);
    }
}

TEST(ViewNavigation, FitShowsTheWholeGrid) {
    ViewNavigation view;
    view.setGrid({1000, 700});
    view.fit(640, 480);
    const ViewWindow w = view.window(640, 480);
    EXPECT_LE(w.originX, 0.0);
    EXPECT_LE(w.originY, 0.0);
    EXPECT_GE(w.originX + 640 * w.cellsPerPixel, 1000.0);
    EXPECT_GE(w.originY + 480 * w.cellsPerPixel, 700.0);
    // Small grids are shown with whole pixels per cell.
    view.setGrid({100, 70});
    view.fit(640, 480);
    EXPECT_EQ(view.zoom(), 6.0);
}

TEST(ViewNavigation, WholePixelZoomSnapsTheOriginToCells) {
    ViewNavigation view;
    view.setGrid({500, 500});
    view.setZoom(4);
    view.centreOnCell(10, 20);
    const ViewWindow w = view.window(321, 240);
    EXPECT_EQ(w.originX * 4, std::floor(w.originX * 4));
    // The cell is at the view's centre pixel.
    EXPECT_EQ(std::floor(view.cellX(321 / 2 + 0.5, 321)), 10);
    EXPECT_EQ(std::floor(view.cellY(240 / 2 + 0.5, 240)), 20);
}

TEST(ViewNavigation, PanMovesThePictureWithTheMouse) {
    ViewNavigation view;
    view.setGrid({500, 500});
    view.setZoom(2);
    view.centreOn(250, 250);
    view.panPixels(20, -10); // dragged right and up: the view now looks further left and down
    EXPECT_DOUBLE_EQ(view.centreX(), 240);
    EXPECT_DOUBLE_EQ(view.centreY(), 255);
    view.panPixels(600, 0); // wraps around the torus
    EXPECT_DOUBLE_EQ(view.centreX(), 440);
}

TEST(ViewNavigation, NonFiniteValuesAreRefusedAndTheViewKept) {
    ViewNavigation view;
    view.setGrid({1000, 700});
    view.setZoom(ViewNavigation::kMinZoom);
    view.centreOn(10, 20);
    EXPECT_THROW(view.panPixels(1e308, 1e308), Error); // 1e308 pixels at 1/4096 pixels per cell: infinitely many cells
    EXPECT_THROW(view.panPixels(0, std::nan("")), Error);
    EXPECT_THROW(view.centreOn(std::numeric_limits<double>::infinity(), 0), Error);
    EXPECT_THROW(view.setZoom(std::nan("")), Error);
    EXPECT_EQ(view.centreX(), 10);
    EXPECT_EQ(view.centreY(), 20);
    EXPECT_EQ(view.zoom(), ViewNavigation::kMinZoom);
}

TEST(ViewNavigation, FarCentresWrapOntoTheTorus) {
    ViewNavigation view;
    view.setGrid({1000, 700});
    view.centreOnCell(1e300, -1e300);
    for (double c : {view.centreX(), view.centreY()}) EXPECT_TRUE(std::isfinite(c)) << c;
    EXPECT_GE(view.centreX(), 0);
    EXPECT_LT(view.centreX(), 1000);
    EXPECT_GE(view.centreY(), 0);
    EXPECT_LT(view.centreY(), 700);
    view.setZoom(ViewNavigation::kMinZoom);
    view.panPixels(1e9, -1e9); // the farthest a script pans: 4e12 cells
    EXPECT_TRUE(std::isfinite(view.centreX()) && view.centreX() >= 0 && view.centreX() < 1000);
}

TEST(ViewNavigation, WheelZoomUsesWholePixelsPerCellWhenZoomedIn) {
    EXPECT_EQ(wheelZoom(1, 1), 2);
    EXPECT_EQ(wheelZoom(2, 1), 3);
    EXPECT_EQ(wheelZoom(8, 1), 10);
    EXPECT_EQ(wheelZoom(2, -1), 1);
    EXPECT_EQ(wheelZoom(1.5, -1), 1);
    EXPECT_NEAR(wheelZoom(1, -1), 0.8, 1e-12);
    EXPECT_NEAR(wheelZoom(0.5, 1), 0.625, 1e-12);
}

} // namespace
} // namespace catlab::gui
