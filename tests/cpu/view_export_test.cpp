// The view export (view.hpp) against a brute-force reference that follows the header's definition
// literally: every cell centre tested against every pixel's interval, channels rounded by searching
// for the nearest byte. Then the same on every CPU backend and on the slow default of Backend.
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view.hpp"
#include "catlab/view_export.hpp"
#include "support/test_rules.hpp"
#include "view_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

namespace catlab {
namespace {

using testing::errorOf;
using testing::randomGrid;

constexpr std::int64_t kOne = std::int64_t(1) << kViewFractionBits;

// Covered cells along one axis (unwrapped indices), straight from the definition.
std::vector<std::int64_t> coveredCells(const ViewAxis& axis, int p) {
    const std::int64_t begin = std::int64_t(axis.origin) + std::int64_t(p) * std::int64_t(axis.step);
    const std::int64_t end = begin + std::int64_t(axis.step);
    std::vector<std::int64_t> cells;
    for (std::int64_t c = begin / kOne - 2; c <= end / kOne + 2; ++c) {
        const std::int64_t centre = c * kOne + kOne / 2;
        if (centre >= begin && centre < end) cells.push_back(c);
    }
    if (cells.empty()) cells.push_back((begin + std::int64_t(axis.step) / 2) / kOne);
    return cells;
}

std::int64_t centreCell(const ViewAxis& axis, int p) {
    const std::int64_t begin = std::int64_t(axis.origin) + std::int64_t(p) * std::int64_t(axis.step);
    return (begin + std::int64_t(axis.step) / 2) / kOne;
}

int wrap(std::int64_t c, int n) { return int(((c % n) + n) % n); }

// The byte v nearest to 255 * part / whole, the larger one on a tie.
std::uint8_t nearestByte(std::uint64_t part, std::uint64_t whole) {
    int best = 0;
    for (int v = 1; v <= 255; ++v) {
        const auto error = [&](int u) { return std::llabs((long long)(u * whole) - (long long)(255 * part)); };
        if (error(v) <= error(best)) best = v;
    }
    return std::uint8_t(best);
}

std::vector<ViewPixel> referenceExport(const Grid& grid, int states, const ViewWindow& window) {
    const ViewMapping m = makeViewMapping(window, grid.size(), states);
    std::vector<ViewPixel> pixels;
    for (int py = 0; py < window.height; ++py)
        for (int px = 0; px < window.width; ++px) {
            std::uint64_t n = 0, live = 0, weight = 0, nonzero = 0;
            for (std::int64_t cy : coveredCells(m.y, py))
                for (std::int64_t cx : coveredCells(m.x, px)) {
                    const int s = grid.at(wrap(cx, grid.width()), wrap(cy, grid.height()));
                    ++n;
                    live += s == 1;
                    nonzero += s != 0;
                    weight += s == 0 ? 0 : s == 1 ? states - 1 : states - s;
                }
            ViewPixel p;
            p.live = nearestByte(live, n);
            p.decay = nearestByte(weight, n * std::uint64_t(states - 1));
            p.state = grid.at(wrap(centreCell(m.x, px), grid.width()), wrap(centreCell(m.y, py), grid.height()));
            p.occupied = nonzero ? 255 : 0;
            pixels.push_back(p);
        }
    return pixels;
}

std::vector<ViewPixel> hostExport(const Grid& grid, int states, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    exportViewOnHost(hostBuffer(grid), states, window, {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

::testing::AssertionResult samePixels(const std::vector<ViewPixel>& expected, const std::vector<ViewPixel>& actual,
                                      int width) {
    if (expected.size() != actual.size()) return ::testing::AssertionFailure() << "different pixel counts";
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const ViewPixel& e = expected[i];
        const ViewPixel& a = actual[i];
        if (!(e == a))
            return ::testing::AssertionFailure()
                   << "pixel (" << i % std::size_t(width) << ", " << i / std::size_t(width) << "): expected "
                   << int(e.live) << "/" << int(e.decay) << "/" << int(e.state) << "/" << int(e.occupied) << ", got "
                   << int(a.live) << "/" << int(a.decay) << "/" << int(a.state) << "/" << int(a.occupied);
    }
    return ::testing::AssertionSuccess();
}

struct WindowCase {
    const char* label;
    ViewWindow window;
};

// Zoomed in and out, integer and not, origins off the grid in every direction, views wider than the grid.
std::vector<WindowCase> windowCases(GridSize g) {
    const double w = g.width, h = g.height;
    return {
        {"one_to_one", {0, 0, 1, g.width, g.height}},
        {"zoom_in_4", {3, 5, 0.25, 61, 47}},
        {"zoom_in_non_integer", {1.3, 2.7, 0.37, 73, 59}},
        {"zoom_out_2", {0, 0, 2, 40, 30}},
        {"zoom_out_non_integer", {0.4, 7.9, 1.7, 53, 41}},
        {"zoom_out_large", {10.5, 3.25, 9.3, 17, 13}},
        {"fit_wider_than_grid", {0, 0, std::max(w, h) / 23.0, 50, 23}},
        {"origin_negative", {-7.5, -13.25, 1.3, 64, 48}},
        {"origin_past_the_end", {w - 2.5, h - 0.75, 0.8, 40, 30}},
        {"origin_far_away", {-1e6 * w + 3.1, 1e5 * h - 0.6, 1.1, 37, 29}},
        {"pixel_wider_than_grid", {0.5, 0.5, 1.5 * std::max(w, h), 5, 4}},
        {"exactly_half_cells", {0.5, 0.5, 0.5, 24, 16}},
        {"one_pixel", {4.2, 1.1, 3.3, 1, 1}},
    };
}

TEST(ViewMapping, HoldsTheWindowInFixedPoint) {
    const ViewMapping m = makeViewMapping({2.5, -1.25, 0.75, 640, 480}, {100, 50}, 3);
    EXPECT_EQ(m.x.origin, std::uint64_t(5) << (kViewFractionBits - 1));
    EXPECT_EQ(m.y.origin, std::uint64_t(195) << (kViewFractionBits - 2)); // -1.25 wraps to 48.75
    EXPECT_EQ(m.x.step, std::uint64_t(3) << (kViewFractionBits - 2));
    EXPECT_EQ(m.y.step, m.x.step);
    EXPECT_EQ(m.x.cells, 100);
    EXPECT_EQ(m.y.cells, 50);
    EXPECT_EQ(m.width, 640);
    EXPECT_EQ(m.height, 480);
    EXPECT_EQ(m.states, 3u);
    // Shifting the origin by whole turns of the torus changes nothing.
    const ViewMapping shifted = makeViewMapping({2.5 + 300, -1.25 - 500, 0.75, 640, 480}, {100, 50}, 3);
    EXPECT_EQ(shifted.x.origin, m.x.origin);
    EXPECT_EQ(shifted.y.origin, m.y.origin);
}

TEST(ViewMapping, SpansFollowTheDefinition) {
    const ViewMapping out = makeViewMapping({0, 0, 2, 10, 10}, {100, 100}, 2);
    for (int p = 0; p < 10; ++p) {
        const ViewSpan s = viewSpan(out.x, p);
        EXPECT_EQ(s.first, 2 * p);
        EXPECT_EQ(s.count, 2);
        EXPECT_EQ(s.centre, 2 * p + 1);
    }
    const ViewMapping in = makeViewMapping({0, 0, 0.25, 40, 40}, {100, 100}, 2);
    for (int p = 0; p < 40; ++p) {
        const ViewSpan s = viewSpan(in.x, p);
        EXPECT_EQ(s.first, p / 4);
        EXPECT_EQ(s.count, 1);
        EXPECT_EQ(s.centre, p / 4);
    }
    // Zoomed out by a non-integer factor, a row of pixels covers each cell exactly once.
    const ViewMapping frac = makeViewMapping({0.3, 0, 1.7, 200, 1}, {97, 5}, 2);
    std::vector<int> times(97);
    long long next = -1;
    for (int p = 0; p < 57; ++p) { // 57 * 1.7 = 96.9 cells: the whole torus once (and no more)
        const ViewSpan s = viewSpan(frac.x, p);
        EXPECT_GE(s.count, 1);
        EXPECT_LE(s.count, 2);
        if (next >= 0) {
            EXPECT_EQ(s.first, next % 97) << "pixel " << p;
        }
        for (int i = 0; i < s.count; ++i) ++times[std::size_t((s.first + i) % 97)];
        next = s.first + s.count;
    }
    for (int c = 0; c < 97; ++c) EXPECT_EQ(times[std::size_t(c)], 1) << "cell " << c;
}

TEST(ViewMapping, ExtremeWindowsStayExact) {
    const GridSize grid{kMaxGridSide, 7};
    for (double cpp : {kMinCellsPerPixel, 0.3, 1.0, 77.7, kMaxCellsPerPixel}) {
        const ViewMapping m = makeViewMapping({kMaxGridSide - 0.25, 6.9, cpp, kMaxViewSide, 1}, grid, 2);
        for (int p : {0, 1, kMaxViewSide / 2, kMaxViewSide - 1}) {
            SCOPED_TRACE("cells per pixel " + std::to_string(cpp) + ", pixel " + std::to_string(p));
            const std::vector<std::int64_t> cells = coveredCells(m.x, p);
            const ViewSpan s = viewSpan(m.x, p);
            EXPECT_EQ(s.first, wrap(cells.front(), grid.width));
            EXPECT_EQ(s.count, int(cells.size()));
            EXPECT_EQ(s.centre, wrap(centreCell(m.x, p), grid.width));
        }
    }
}

TEST(ViewExport, MatchesTheBruteForceReference) {
    for (int states : {2, 3, 7, 256})
        for (GridSize size : {GridSize{37, 29}, GridSize{64, 64}, GridSize{101, 3}}) {
            const Grid grid = randomGrid(size, states, 1000u + std::uint64_t(states));
            for (const WindowCase& c : windowCases(size)) {
                SCOPED_TRACE(std::string(c.label) + ", " + std::to_string(states) + " states, grid " +
                             std::to_string(size.width) + "x" + std::to_string(size.height));
                EXPECT_TRUE(samePixels(referenceExport(grid, states, c.window), hostExport(grid, states, c.window),
                                       c.window.width));
            }
        }
}

TEST(ViewExport, OneToOneShowsEachCell) {
    const Grid grid = randomGrid({23, 17}, 4, 3);
    const std::vector<ViewPixel> pixels = hostExport(grid, 4, {0, 0, 1, 23, 17});
    for (int y = 0; y < 17; ++y)
        for (int x = 0; x < 23; ++x) {
            const ViewPixel p = pixels[std::size_t(y) * 23 + std::size_t(x)];
            const int s = grid.at(x, y);
            EXPECT_EQ(p.state, s);
            EXPECT_EQ(p.live, s == 1 ? 255 : 0);
            EXPECT_EQ(p.occupied, s != 0 ? 255 : 0);
            EXPECT_EQ(p.decay, s == 0 ? 0 : s == 1 ? 255 : (255 * (4 - s) * 2 + 3) / 6);
        }
}

TEST(ViewExport, ZoomedOutAveragesBlocksWithRounding) {
    Grid grid({4, 2});
    grid.at(0, 0) = 1; // block 0: one live cell of four -> 63.75 -> 64
    grid.at(2, 0) = 1; // block 1: three live of four -> 191.25 -> 191, one decaying
    grid.at(3, 0) = 1;
    grid.at(2, 1) = 1;
    grid.at(3, 1) = 2;
    const std::vector<ViewPixel> pixels = hostExport(grid, 3, {0, 0, 2, 2, 1});
    EXPECT_EQ(pixels[0].live, 64);
    EXPECT_EQ(pixels[0].decay, 64);
    EXPECT_EQ(pixels[0].occupied, 255);
    EXPECT_EQ(pixels[0].state, 0); // centre (1, 1)
    EXPECT_EQ(pixels[1].live, 191);
    EXPECT_EQ(pixels[1].decay, 223); // (2 + 2 + 2 + 1) / (2 * 4) = 0.875 -> 223.1
    EXPECT_EQ(pixels[1].state, 2);   // centre (3, 1)
    const std::vector<ViewPixel> half = hostExport(grid, 3, {0, 0, 2, 1, 1}); // 2x2 block at 0: 1 of 4
    EXPECT_EQ(half[0].live, 64);
}

TEST(ViewExport, TinyGrids) {
    Grid one({1, 1});
    one.at(0, 0) = 1;
    for (const ViewWindow& w : {ViewWindow{0, 0, 1, 3, 2}, ViewWindow{0.3, -5.1, 0.1, 4, 4},
                                ViewWindow{0, 0, 3.5, 2, 2}, ViewWindow{-0.5, 0.5, 1000, 1, 1}}) {
        for (const ViewPixel& p : hostExport(one, 2, w)) {
            EXPECT_EQ(p.live, 255);
            EXPECT_EQ(p.state, 1);
            EXPECT_EQ(p.occupied, 255);
        }
        EXPECT_TRUE(samePixels(referenceExport(one, 2, w), hostExport(one, 2, w), w.width));
    }
    const Grid line = randomGrid({1, 9}, 3, 5);
    const ViewWindow w{0.2, 1.6, 0.7, 5, 11};
    EXPECT_TRUE(samePixels(referenceExport(line, 3, w), hostExport(line, 3, w), w.width));
}

TEST(ViewExport, WholeTurnsOfTheOriginChangeNothing) {
    const Grid grid = randomGrid({41, 31}, 2, 9);
    const ViewWindow a{3.25, 7.5, 1.25, 40, 30};
    ViewWindow b = a;
    b.originX += 41 * 3;
    b.originY -= 31 * 7;
    EXPECT_TRUE(samePixels(hostExport(grid, 2, a), hostExport(grid, 2, b), a.width));
}

TEST(ViewExport, PitchedTargetsKeepTheirPadding) {
    const Grid grid = randomGrid({30, 20}, 2, 4);
    const ViewWindow w{0, 0, 1.5, 12, 9};
    const int pitch = 16;
    std::vector<ViewPixel> pixels(std::size_t(pitch) * 9, ViewPixel{1, 2, 3, 4});
    exportViewOnHost(hostBuffer(grid), 2, w, {pixels.data(), pitch, MemorySpace::Host});
    const std::vector<ViewPixel> tight = hostExport(grid, 2, w);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < pitch; ++x) {
            const ViewPixel p = pixels[std::size_t(y * pitch + x)];
            const ViewPixel expected = x < 12 ? tight[std::size_t(y * 12 + x)] : ViewPixel{1, 2, 3, 4};
            EXPECT_EQ(p, expected) << "at (" << x << ", " << y << ")";
        }
}

TEST(ViewExport, BadWindowsAndTargetsAreRefusedClearly) {
    const Grid grid({10, 10});
    std::vector<ViewPixel> pixels(100);
    auto run = [&](ViewWindow w, ViewTarget t = {}) {
        if (!t.pixels) t = {pixels.data(), 10, MemorySpace::Host};
        return errorOf([&] { exportViewOnHost(hostBuffer(grid), 2, w, t); });
    };
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    EXPECT_NE(run({0, 0, 1, 0, 10}).find("0x10 pixels"), std::string::npos) << run({0, 0, 1, 0, 10});
    EXPECT_NE(run({0, 0, 1, 10, -3}).find("each side must be"), std::string::npos);
    EXPECT_NE(run({0, 0, 1, kMaxViewSide + 1, 1}).find("each side must be"), std::string::npos);
    EXPECT_NE(run({0, 0, 0, 10, 10}).find("cells per pixel"), std::string::npos);
    EXPECT_NE(run({0, 0, -1, 10, 10}).find("cells per pixel"), std::string::npos);
    EXPECT_NE(run({0, 0, nan, 10, 10}).find("cells per pixel"), std::string::npos);
    EXPECT_NE(run({0, 0, inf, 10, 10}).find("cells per pixel"), std::string::npos);
    EXPECT_NE(run({0, 0, 1e-9, 10, 10}).find("cells per pixel"), std::string::npos);
    EXPECT_NE(run({0, 0, 1e9, 10, 10}).find("cells per pixel"), std::string::npos);
    EXPECT_NE(run({nan, 0, 1, 10, 10}).find("origin"), std::string::npos);
    EXPECT_NE(run({0, -inf, 1, 10, 10}).find("origin"), std::string::npos);
    EXPECT_NE(run({0, 0, 1, 10, 10}, {pixels.data(), 9, MemorySpace::Host}).find("pitch 9"), std::string::npos);
    EXPECT_NE(errorOf([&] {
                  exportViewOnHost(hostBuffer(grid), 2, {0, 0, 1, 10, 10}, {nullptr, 10});
              }).find("no pixels"),
              std::string::npos);
    EXPECT_NE(errorOf([&] { makeViewMapping({0, 0, 1, 10, 10}, {10, 10}, 1); }).find("states"), std::string::npos);
    // The limits themselves are fine.
    EXPECT_EQ(run({0, 0, kMinCellsPerPixel, 10, 10}), "(no error)");
    EXPECT_EQ(errorOf([&] {
                  makeViewMapping({0, 0, kMaxCellsPerPixel, kMaxViewSide, kMaxViewSide}, {10, 10}, 2);
              }),
              "(no error)");
}

TEST(ViewExport, EveryCpuBackendAndTheDefaultExportTheReference) {
    const Rule rule = testing::scaledRule(2, Neighbourhood::Moore, true, 5);
    const GridSize size{83, 61};
    Simulator oracle(rule, size, 0.4, 17, "cpu-naive");
    oracle.step(7);
    const Grid state = oracle.snapshot();
    testing::StoreOnlyBackend fallback;
    fallback.configure(rule, size);
    fallback.load(hostBuffer(state));
    for (const WindowCase& c : windowCases(size)) {
        SCOPED_TRACE(c.label);
        const std::vector<ViewPixel> expected = referenceExport(state, rule.states, c.window);
        std::vector<ViewPixel> pixels(expected.size());
        const ViewTarget target{pixels.data(), c.window.width, MemorySpace::Host};
        for (const std::string& name : testing::hostBackendNames()) {
            Simulator sim(rule, state, name);
            sim.exportView(c.window, target);
            EXPECT_TRUE(samePixels(expected, pixels, c.window.width)) << name;
        }
        fallback.exportView(c.window, target);
        EXPECT_TRUE(samePixels(expected, pixels, c.window.width)) << "Backend::exportView";
    }
}

} // namespace
} // namespace catlab
