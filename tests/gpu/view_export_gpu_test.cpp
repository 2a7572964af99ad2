// The view export and painting of every CUDA backend against the CPU: for several windows, the pixels
// exported on the device (into device and host targets) equal the CPU reference export of the same
// state; rectangles painted and read on the device equal the same on cpu-naive, and the painted
// state evolves identically. The bit-row backends' band export (zoomed out) on the windows that test its
// column bookkeeping, on grids down to narrower than a word.
#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/random.hpp"
#include "catlab/simulator.hpp"
#include "catlab/view_export.hpp"
#include "support/backend_names.hpp"
#include "support/band_windows.hpp"
#include "support/test_rules.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab {
namespace {

std::optional<std::string> skipReason() {
    return BackendRegistry::instance().find(testing::deviceBackendNames().front()).unavailableReason();
}

// Pixels in device memory (move-less: lives in one test).
class DevicePixels {
  public:
    DevicePixels(int pitch, int height)
        : pitch_(pitch), height_(height),
          data_(static_cast<ViewPixel*>(allocateDeviceBytes(std::size_t(pitch) * std::size_t(height) * 4))) {}
    DevicePixels(const DevicePixels&) = delete;
    DevicePixels& operator=(const DevicePixels&) = delete;
    ~DevicePixels() { freeDeviceBytes(data_); }

    ViewTarget target() const { return {data_, pitch_, MemorySpace::Device}; }
    // The first `width` pixels of each row.
    std::vector<ViewPixel> download(int width) const {
        std::vector<ViewPixel> pixels(std::size_t(width) * std::size_t(height_));
        copyRows(pixels.data(), std::size_t(width) * 4, MemorySpace::Host, data_, std::size_t(pitch_) * 4,
                 MemorySpace::Device, std::size_t(width) * 4, std::size_t(height_));
        return pixels;
    }

  private:
    int pitch_, height_;
    ViewPixel* data_;
};

::testing::AssertionResult samePixels(const std::vector<ViewPixel>& expected, const std::vector<ViewPixel>& actual,
                                      int width) {
    if (expected.size() != actual.size()) return ::testing::AssertionFailure() << "different pixel counts";
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (!(expected[i] == actual[i]))
            return ::testing::AssertionFailure()
                   << "first difference at pixel (" << i % std::size_t(width) << ", " << i / std::size_t(width)
                   << "): expected " << int(expected[i].live) << "/" << int(expected[i].decay) << "/"
                   << int(expected[i].state) << "/" << int(expected[i].occupied) << ", got " << int(actual[i].live)
                   << "/" << int(actual[i].decay) << "/" << int(actual[i].state) << "/" << int(actual[i].occupied);
    return ::testing::AssertionSuccess();
}

std::vector<ViewPixel> cpuExport(const Grid& state, int states, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    exportViewOnHost(hostBuffer(state), states, window, {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

std::vector<ViewWindow> windows(GridSize g) {
    return {
        {0, 0, 1, g.width, g.height},                                // 1:1, the whole grid
        {11.5, 3.25, 0.3, 301, 157},                                 // zoomed in, non-integer
        {-40.7, -13.2, 2.5, 257, 199},                               // zoomed out, wrapping origin
        {0, 0, double(g.height) / 90.0, 160, 90},                    // fit, wider than the grid
        {g.width - 3.5, g.height - 0.5, 0.75, 1920, 1080},           // screen-sized, zoomed in, many turns
        {0.5, 0.5, 1.5 * double(std::max(g.width, g.height)), 7, 5}, // pixels wider than the grid
        {1e7, -3e6, 7.3, 33, 1},                                     // one row, far away
        {5.25, 2.75, 27.97, 19, 14},                                 // zoomed out as a 4K fit of 60416^2
        {-100.1, 7.6, 71.3, 9, 6},                                   // runs of several words, wrapping
    };
}

struct ViewCase {
    std::string label;
    Rule rule;
    GridSize size;
};

std::vector<ViewCase> viewCases() {
    return {{"moore_r5", testing::scaledRule(5, Neighbourhood::Moore, false, 2), {517, 389}},
            {"life", parseRule("B3/S23").rule, {517, 389}},
            {"moore_r2_5states", testing::scaledRule(2, Neighbourhood::Moore, true, 5), {333, 401}},
            {"vonneumann_r3_3states", testing::scaledRule(3, Neighbourhood::VonNeumann, true, 3), {263, 271}}};
}

class GpuViewTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuViewTest, DeviceExportEqualsCpuExport) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const BackendSpec& info = BackendRegistry::instance().find(GetParam());
    int compared = 0;
    for (const ViewCase& c : viewCases()) {
        SCOPED_TRACE(c.label);
        if (info.unsupportedReason(c.rule)) continue;
        Simulator sim(c.rule, c.size, 0.4, 7, GetParam());
        sim.step(5);
        const Grid state = sim.snapshot();
        for (const ViewWindow& w : windows(c.size)) {
            SCOPED_TRACE("window " + std::to_string(w.width) + "x" + std::to_string(w.height) + " at " +
                         std::to_string(w.cellsPerPixel) + " cells per pixel");
            const std::vector<ViewPixel> expected = cpuExport(state, c.rule.states, w);
            DevicePixels device(w.width + 3, w.height); // a pitch wider than the window
            sim.exportView(w, device.target());
            EXPECT_TRUE(samePixels(expected, device.download(w.width), w.width)) << GetParam() << ", device target";
            std::vector<ViewPixel> host(std::size_t(w.width + 1) * std::size_t(w.height), ViewPixel{9, 9, 9, 9});
            sim.exportView(w, {host.data(), w.width + 1, MemorySpace::Host});
            std::vector<ViewPixel> tight;
            for (int y = 0; y < w.height; ++y) {
                const auto row = host.begin() + std::ptrdiff_t(y) * (w.width + 1);
                tight.insert(tight.end(), row, row + w.width);
                EXPECT_EQ(row[w.width], (ViewPixel{9, 9, 9, 9})) << "pitch padding of row " << y;
            }
            EXPECT_TRUE(samePixels(expected, tight, w.width)) << GetParam() << ", host target";
            ++compared;
        }
    }
    EXPECT_GT(compared, 0);
    // Bad windows fail before any launch, with the engine's message.
    Simulator sim(viewCases()[1].rule, {64, 64}, 0.3, 1, GetParam()); // Life: every backend has it
    DevicePixels device(8, 8);
    EXPECT_THROW(sim.exportView({0, 0, 0, 8, 8}, device.target()), Error);
    EXPECT_THROW(sim.exportView({0, 0, 1, 9, 8}, device.target()), Error); // pitch 8 < width 9
}

// The backends that keep two-state cells as rows of bits: zoomed out, they export through bands.
class GpuBandViewTest : public ::testing::TestWithParam<std::string> {};

TEST_P(GpuBandViewTest, DeviceExportEqualsCpuExport) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const BackendSpec& info = BackendRegistry::instance().find(GetParam());
    struct BandCase {
        std::string label;
        Rule rule;
        GridSize size;
    };
    const Rule life = parseRule("B3/S23").rule;
    const Rule r5 = testing::scaledRule(5, Neighbourhood::Moore, false, 2);
    const RuleSpec plane = parseRule("B3/S23:P97,45"); // views show the plane, not its edge frame
    const std::vector<BandCase> cases{{"life", life, {517, 389}},  {"life", life, {1000, 123}},
                                      {"life", life, {97, 45}},    {"life", life, {20, 77}},
                                      {"life", life, {3, 50}},     {"moore_r5", r5, {517, 389}},
                                      {"moore_r5", r5, {33, 131}}, {"life_plane", plane.rule, *plane.size}};
    int compared = 0;
    for (const BandCase& c : cases) {
        SCOPED_TRACE(c.label + " on " + std::to_string(c.size.width) + "x" + std::to_string(c.size.height));
        if (info.unsupportedReason(c.rule)) continue;
        Simulator sim(c.rule, c.size, 0.4, 11, GetParam());
        sim.step(3);
        const Grid state = sim.snapshot();
        for (const testing::BandWindow& b : testing::bandWindows(c.size)) {
            SCOPED_TRACE(b.label);
            const ViewWindow& w = b.window;
            DevicePixels device(w.width + 5, w.height);
            sim.exportView(w, device.target());
            EXPECT_TRUE(samePixels(cpuExport(state, 2, w), device.download(w.width), w.width)) << GetParam();
            ++compared;
        }
    }
    EXPECT_GT(compared, 0);
}

INSTANTIATE_TEST_SUITE_P(BitRowBackends, GpuBandViewTest, ::testing::Values("boxsum", "bitlife"),
                         [](const auto& param) { return param.param; });

std::vector<Cell> brush(int width, int height, int states, std::uint64_t seed) {
    std::vector<Cell> cells;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::uint64_t bits = randomBits(seed, std::uint32_t(x), std::uint32_t(y));
            cells.push_back(Cell((bits & 3) ? (bits >> 8) % std::uint64_t(states) : 0));
        }
    return cells;
}

TEST_P(GpuViewTest, PaintingEqualsPaintingOnCpuNaive) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const BackendSpec& info = BackendRegistry::instance().find(GetParam());
    for (const ViewCase& c : viewCases()) {
        SCOPED_TRACE(c.label);
        if (info.unsupportedReason(c.rule)) continue;
        Simulator sim(c.rule, c.size, 0.3, 5, GetParam());
        Simulator oracle(c.rule, c.size, 0.3, 5, "cpu-naive");
        const GridSize g = c.size;
        const std::vector<CellRect> rects{
            {10, 20, 33, 17}, {-5, 7, 12, 40},           {g.width - 9, g.height - 4, 30, 11},
            {3, -2, 1, 1},    {0, 0, g.width, g.height}, {-1, -1, g.width, 3},
            {7, 100, 0, 5}};
        std::uint64_t seed = 100;
        for (const CellRect& r : rects) {
            SCOPED_TRACE("rect (" + std::to_string(r.x) + ", " + std::to_string(r.y) + ") " + std::to_string(r.width) +
                         "x" + std::to_string(r.height));
            const std::vector<Cell> cells = brush(r.width, r.height, c.rule.states, ++seed);
            sim.writeCells(r, cells);
            oracle.writeCells(r, cells);
            EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1);
            EXPECT_EQ(sim.readCells(r), cells);
            const CellRect around{r.x - 2, r.y + 1, std::min(r.width + 5, g.width), std::min(r.height + 3, g.height)};
            EXPECT_EQ(sim.readCells(around), oracle.readCells(around));
            // Painting near the edges must reach the halo copies: the next generations agree too.
            sim.step(3);
            oracle.step(3);
            EXPECT_EQ(firstDifference(sim.snapshot(), oracle.snapshot()), -1) << "after stepping";
        }
        std::vector<Cell> bad(4, Cell(c.rule.states));
        EXPECT_THROW(sim.writeCells({0, 0, 2, 2}, bad), Error);
        EXPECT_THROW(sim.writeCells({0, 0, g.width + 1, 1}, std::vector<Cell>(std::size_t(g.width + 1))), Error);
    }
}

INSTANTIATE_TEST_SUITE_P(AllGpuBackends, GpuViewTest, ::testing::ValuesIn(testing::deviceBackendNames()),
                         [](const auto& param) { return param.param; });

// A rectangle taller than a launch grid is high (65535 blocks of 4 rows): rows are walked in a loop.
TEST(GpuViewPainting, RectanglesTallerThanALaunchGrid) {
    if (auto why = skipReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const Rule rule = testing::scaledRule(1, Neighbourhood::Moore, false, 2);
    const GridSize size{3, 300001};
    Grid start(size);
    Simulator sim(rule, start, testing::deviceBackendNames().front());
    const std::vector<Cell> cells = brush(2, size.height, 2, 3);
    sim.writeCells({2, 5, 2, size.height}, cells);
    Grid expected = start;
    for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < 2; ++x)
            expected.at((2 + x) % 3, (5 + y) % size.height) = cells[std::size_t(y) * 2 + std::size_t(x)];
    EXPECT_EQ(firstDifference(sim.snapshot(), expected), -1);
    EXPECT_EQ(sim.readCells({2, 5, 2, size.height}), cells);
}

} // namespace
} // namespace catlab
