// The view of a grid cut into bands (view_partials.hpp): each band, held between halo rows of other
// cells as a distributed grid's rank holds it, gives partials that add up to the pixels of the whole
// grid, on every CPU backend and through Backend's default (rows read on the host).
#include "catlab/simulator.hpp"
#include "catlab/view_export.hpp"
#include "catlab/view_partials.hpp"
#include "catlab/view_partials_export.hpp"
#include "support/band_view_windows.hpp"
#include "support/test_rules.hpp"
#include "view_test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace catlab {
namespace {

using testing::errorOf;
using testing::randomGrid;

constexpr int kHalo = 2;

// Rows [first, first + rows) of `whole` between kHalo rows of state `states - 1` above and below, and
// `frame` columns of it to their right (an edge frame): if a halo row or frame column were counted, the
// pixels would change.
Grid bandOf(const Grid& whole, int first, int rows, int states, int frame = 0) {
    Grid band({whole.width() + frame, rows + 2 * kHalo});
    for (int y = 0; y < band.height(); ++y)
        for (int x = 0; x < band.width(); ++x)
            band.at(x, y) =
                y >= kHalo && y < kHalo + rows && x < whole.width() ? whole.at(x, first + y - kHalo) : Cell(states - 1);
    return band;
}

// The whole window's partials as one band's backend gives them: a registered backend, or Backend's
// default ("default").
std::vector<ViewPartial> bandPartials(const std::string& backend, const Rule& rule, const Grid& band,
                                      const ViewMapping& m, ViewRows rows) {
    std::vector<ViewPartial> partials(std::size_t(m.width) * std::size_t(m.height));
    const ViewPartialTarget target{partials.data(), 0, m.height, MemorySpace::Host};
    if (backend == "default") {
        testing::StoreOnlyBackend fallback;
        fallback.configure(rule, band.size());
        fallback.load(hostBuffer(band));
        fallback.exportViewPartials(m, rows, target);
    } else {
        Simulator(rule, band, backend).exportViewPartials(m, rows, target);
    }
    return partials;
}

// The window's pixels from the partials of the bands that `cuts` makes of the grid's rows.
std::vector<ViewPixel> pixelsThroughBands(const std::string& backend, const Rule& rule, const Grid& whole,
                                          const std::vector<int>& cuts, const ViewWindow& window, int frame = 0) {
    const ViewMapping m = makeViewMapping(window, whole.size(), rule.states);
    std::vector<ViewPartial> sums(std::size_t(m.width) * std::size_t(m.height));
    for (std::size_t b = 0; b + 1 < cuts.size(); ++b) {
        const int first = cuts[b], rows = cuts[b + 1] - cuts[b];
        const std::vector<ViewPartial> partials =
            bandPartials(backend, rule, bandOf(whole, first, rows, rule.states, frame), m, {first, rows, kHalo});
        for (std::size_t i = 0; i < sums.size(); ++i) sums[i].add(partials[i]);
    }
    std::vector<ViewPixel> pixels(sums.size());
    for (int py = 0; py < m.height; ++py)
        for (int px = 0; px < m.width; ++px) {
            const std::size_t i = std::size_t(py) * std::size_t(m.width) + std::size_t(px);
            pixels[i] = viewPixelFromPartial(m, px, py, sums[i]);
        }
    return pixels;
}

std::vector<ViewPixel> wholeGridPixels(const Grid& whole, int states, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    exportViewOnHost(hostBuffer(whole), states, window, {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

TEST(ViewPartials, BandsAddUpToTheWholeGridsPixels) {
    struct Shape {
        Rule rule;
        GridSize size;
        std::vector<int> cuts; // band edges, from 0 to the grid's height
    };
    const std::vector<Shape> shapes = {
        {parseRule("B3/S23").rule, {83, 61}, {0, 30, 61}},
        {parseRule("B2/S345/C4").rule, {83, 61}, {0, 7, 8, 29, 61}}, // a band of one row
        {testing::scaledRule(1, Neighbourhood::Moore, false, 7), {37, 23}, {0, 3, 11, 19, 23}},
    };
    std::vector<std::string> backends = testing::hostBackendNames();
    backends.push_back("default");
    for (const Shape& s : shapes) {
        const Grid whole = randomGrid(s.size, s.rule.states, 29);
        for (const testing::BandViewWindow& w : testing::bandViewWindows(s.size)) {
            const std::vector<ViewPixel> expected = wholeGridPixels(whole, s.rule.states, w.window);
            for (const std::string& backend : backends) {
                SCOPED_TRACE(w.label + ", " + backend + ", " + std::to_string(s.rule.states) + " states, " +
                             std::to_string(s.cuts.size() - 1) + " bands");
                EXPECT_TRUE(pixelsThroughBands(backend, s.rule, whole, s.cuts, w.window) == expected);
            }
        }
    }
}

// Bands with an edge frame past the grid's columns (a bounded topology's, distributed): the frame never shows.
TEST(ViewPartials, AFramedBandShowsOnlyTheGridsColumns) {
    const Rule rule = parseRule("B2/S345/C4").rule;
    const Grid whole = randomGrid({83, 61}, 4, 31);
    std::vector<std::string> backends = testing::hostBackendNames();
    backends.push_back("default");
    for (const testing::BandViewWindow& w : testing::bandViewWindows(whole.size())) {
        const std::vector<ViewPixel> expected = wholeGridPixels(whole, rule.states, w.window);
        for (const std::string& backend : backends) {
            SCOPED_TRACE(w.label + ", " + backend);
            EXPECT_TRUE(pixelsThroughBands(backend, rule, whole, {0, 20, 61}, w.window, 45) == expected);
        }
    }
}

// Some pixel rows alone: the same partials as those rows of the whole window's.
TEST(ViewPartials, ARangeOfPixelRowsIsThoseRowsOfTheWhole) {
    const Rule rule = parseRule("B2/S345/C4").rule;
    const Grid band = bandOf(randomGrid({50, 40}, 4, 3), 12, 20, 4);
    const ViewMapping m = makeViewMapping({1.5, 3.25, 0.9, 45, 33}, {50, 40}, 4);
    const ViewRows rows{12, 20, kHalo};
    for (const std::string& backend : {std::string("cpu-naive"), std::string("default")}) {
        const std::vector<ViewPartial> whole = bandPartials(backend, rule, band, m, rows);
        std::vector<ViewPartial> some(std::size_t(m.width) * 5);
        Simulator(rule, band, "cpu-naive").exportViewPartials(m, rows, {some.data(), 9, 5, MemorySpace::Host});
        for (std::size_t i = 0; i < some.size(); ++i) {
            const ViewPartial& a = some[i];
            const ViewPartial& b = whole[std::size_t(9 * m.width) + i];
            ASSERT_TRUE(a.live == b.live && a.nonzero == b.nonzero && a.decay == b.decay && a.centre == b.centre)
                << backend << ", partial " << i;
        }
        EXPECT_TRUE(std::any_of(some.begin(), some.end(), [](const ViewPartial& p) { return p.nonzero > 0; }));
    }
}

TEST(ViewPartials, RowsAndTargetsOutsideAreRefused) {
    const Rule rule = parseRule("B3/S23").rule;
    const Simulator sim(rule, randomGrid({30, 20}, 2, 1), "cpu-naive");
    const ViewMapping m = makeViewMapping({0, 0, 1, 30, 40}, {30, 40}, 2); // the band is 20 of 40 rows
    std::vector<ViewPartial> partials(30 * 40);
    const ViewPartialTarget all{partials.data(), 0, 40, MemorySpace::Host};
    const auto error = [&](ViewRows rows, ViewPartialTarget target) {
        return errorOf([&] { sim.exportViewPartials(m, rows, target); });
    };
    EXPECT_EQ(error({10, 16, 2}, all), "(no error)");
    EXPECT_NE(error({10, 16, 5}, all).find("outside"), std::string::npos); // past the state's 20 rows
    EXPECT_NE(error({30, 16, 2}, all).find("outside"), std::string::npos); // past the grid's 40 rows
    EXPECT_NE(error({10, 0, 2}, all).find("outside"), std::string::npos);
    EXPECT_NE(error({10, 16, 2}, {partials.data(), 35, 6, MemorySpace::Host}).find("pixel rows 35 .. 40"),
              std::string::npos);
    EXPECT_NE(error({10, 16, 2}, {nullptr, 0, 40, MemorySpace::Host}).find("pixel rows"), std::string::npos);
    const ViewMapping wider = makeViewMapping({0, 0, 1, 30, 40}, {31, 40}, 2); // a state narrower than the grid
    EXPECT_NE(errorOf([&] { sim.exportViewPartials(wider, {10, 16, 2}, all); }).find("31 wide"), std::string::npos);
}

} // namespace
} // namespace catlab
