// The view's band export (engine/cuda/view_bit_bands.cuh), its kernel body run on the CPU by the
// emulator (a host thread per CUDA thread, a barrier per __syncthreads), against the reference export
// (exportViewOnHost) pixel for pixel: grids whose sides are not multiples of 32, narrower than a word,
// windows wrapping round the torus, wider than the grid, at and near the thresholds. The GPU suite
// checks the same windows through boxsum and bitlife on the device.
#include "view_bit_bands.cuh"

#include "catlab/random.hpp"
#include "catlab/view_export.hpp"
#include "support/band_windows.hpp"
#include "support/kernel_emulator.hpp"
#include "view_test_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

// Two-state cells as rows of bit words, laid out as the GPU backends keep them: the bits past a row's
// last column and a spare word after each row hold garbage (halo copies there), which the export must
// never count.
struct HostBitRows {
    GridSize size;
    int pitch = 0; // words per row
    std::vector<unsigned> words;

    HostBitRows(const Grid& grid, std::uint64_t garbageSeed)
        : size(grid.size()), pitch((size.width + 31) / 32 + 1), words(std::size_t(pitch) * std::size_t(size.height)) {
        for (int y = 0; y < size.height; ++y)
            for (int w = 0; w < pitch; ++w) {
                unsigned word = unsigned(randomBits(garbageSeed, std::uint32_t(w), std::uint32_t(y)));
                for (int b = 0; b < 32 && 32 * w + b < size.width; ++b)
                    word = (word & ~(1u << b)) | (unsigned(grid.at(32 * w + b, y) == 1) << b);
                words[std::size_t(y) * std::size_t(pitch) + std::size_t(w)] = word;
            }
    }

    bool hasBitRows() const { return true; }
    const unsigned* bitRow(int y) const { return words.data() + std::size_t(y) * std::size_t(pitch); }
    unsigned operator()(int x, int y) const { return (bitRow(y)[x >> 5] >> (x & 31)) & 1u; }
};

constexpr ViewPixel kUntouched{9, 9, 9, 9};

// The band body over the whole window, as the GPU launches it, into pixels `pitch` apart (the spare
// pixels of each row must stay untouched).
std::vector<ViewPixel> bandExport(const HostBitRows& rows, const ViewMapping& m, const BitBandTuning& tuning,
                                  int pitch) {
    const BitBandPlan plan = planBitBands(m, tuning);
    std::vector<ViewPixel> pixels(std::size_t(pitch) * std::size_t(m.height), kUntouched);
    withBandPlanes(plan.planes, [&]<int Planes>() {
        testing::emulateBlocks(plan.blocks, plan.threads, plan.sharedBytes,
                               [&](unsigned* shared, int tid, long long block, const testing::HostSync& sync) {
                                   bitBandBody<Planes>(rows, m, plan, pixels.data(), std::size_t(pitch), shared, tid,
                                                       block, sync);
                               });
    });
    return pixels;
}

std::vector<ViewPixel> hostExport(const Grid& grid, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    exportViewOnHost(hostBuffer(grid), 2, window, {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

::testing::AssertionResult samePixels(const std::vector<ViewPixel>& expected, const std::vector<ViewPixel>& actual,
                                      int width, int pitch) {
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const std::size_t x = i % std::size_t(pitch), y = i / std::size_t(pitch);
        const ViewPixel& a = actual[i];
        if (x >= std::size_t(width)) {
            if (!(a == kUntouched)) return ::testing::AssertionFailure() << "wrote past row " << y;
            continue;
        }
        const ViewPixel& e = expected[y * std::size_t(width) + x];
        if (!(e == a))
            return ::testing::AssertionFailure()
                   << "pixel (" << x << ", " << y << "): expected " << int(e.live) << "/" << int(e.decay) << "/"
                   << int(e.state) << "/" << int(e.occupied) << ", got " << int(a.live) << "/" << int(a.decay) << "/"
                   << int(a.state) << "/" << int(a.occupied);
    }
    return ::testing::AssertionSuccess();
}

struct Shape {
    const char* label;
    BitBandTuning tuning;
};

// A few threads striding over many words, chunks that cut rows of pixels into ragged pieces, and the
// launch's own shape (one chunk per row of pixels) with fewer threads than words.
const Shape kShapes[] = {{"3_threads_chunks_of_13", {3, 13}}, {"32_threads_whole_rows", {32, 8192}}};

TEST(ViewBitBands, BodyEqualsTheReferenceExport) {
    const GridSize grids[] = {{517, 389}, {1000, 123}, {97, 45}, {64, 64}, {20, 77}, {1, 9}, {33, 2}};
    for (const GridSize size : grids) {
        const Grid grid = testing::randomGrid(size, 2, 40u + std::uint64_t(size.width));
        const HostBitRows rows(grid, 7);
        int compared = 0;
        for (const testing::BandWindow& c : testing::bandWindows(size)) {
            const ViewMapping m = makeViewMapping(c.window, size, 2);
            if (!bitBandsCover(m)) continue; // a fit of a tiny grid is zoomed in
            ++compared;
            const std::vector<ViewPixel> expected = hostExport(grid, c.window);
            for (const Shape& shape : kShapes) {
                SCOPED_TRACE(c.label + " on " + std::to_string(size.width) + "x" + std::to_string(size.height) + ", " +
                             shape.label);
                const int pitch = c.window.width + 2;
                EXPECT_TRUE(samePixels(expected, bandExport(rows, m, shape.tuning, pitch), c.window.width, pitch));
            }
        }
        EXPECT_GE(compared, 13) << size.width << "x" << size.height;
    }
}

// A pixel 2^15 cells across, every cell live: each column counts 2^15 or 2^15 + 1 rows (16 planes, no
// overflow) and the pixel over 2^30 cells (a 32-bit count).
TEST(ViewBitBands, LargestPixelsCountEveryCell) {
    const GridSize size{45, 37};
    Grid full(size);
    for (Cell& c : full.cells()) c = 1;
    const Grid random = testing::randomGrid(size, 2, 99);
    for (const Grid* grid : {static_cast<const Grid*>(&full), &random}) {
        const ViewWindow window{0.5, 0.25, double(kMaxBandPixelCells), 1, 1};
        const ViewMapping m = makeViewMapping(window, size, 2);
        ASSERT_TRUE(bitBandsCover(m));
        EXPECT_EQ(planBitBands(m).planes, 16);
        const std::vector<ViewPixel> expected = hostExport(*grid, window);
        if (grid == &full) {
            EXPECT_EQ(expected[0], (ViewPixel{255, 255, 1, 255}));
        }
        EXPECT_TRUE(samePixels(expected, bandExport(HostBitRows(*grid, 3), m, {4, 8192}, 1), 1, 1));
    }
    EXPECT_FALSE(bitBandsCover(makeViewMapping({0, 0, 2.0 * kMaxBandPixelCells, 2, 1}, size, 2)));
}

// The launch takes the band export where it pays: the desktop's 4K fit of the largest grids (what
// `catlab bench-view` measures), not zoomed in or barely out, nor grids far narrower than the screen.
TEST(ViewBitBands, ChosenForZoomedOutViews) {
    const auto pays = [](const ViewWindow& w, GridSize g) {
        const ViewMapping m = makeViewMapping(w, g, 2);
        return bitBandsPay(m, planBitBands(m));
    };
    for (int side : {60416, 16384}) {
        const GridSize grid{side, side};
        const ViewWindow fit = testing::fittedWindow(grid, 3840, 2160);
        EXPECT_TRUE(pays(fit, grid)) << side;
        const BitBandPlan plan = planBitBands(makeViewMapping(fit, grid, 2));
        EXPECT_EQ(plan.chunks, 1) << "one block per row of pixels reads each word once";
        EXPECT_EQ(plan.blocks, 2160);
        EXPECT_EQ(plan.planes, side == 60416 ? 5 : 4); // 28 and 8 rows a band
        EXPECT_TRUE(pays({-1000.5, 77.25, 9.1, 1920, 1080}, grid)) << "panned across the edge";
        EXPECT_FALSE(pays({0, 0, 1.0, 3840, 2160}, grid));
        EXPECT_FALSE(pays({0, 0, 3.5, 3840, 2160}, grid));
        EXPECT_FALSE(pays({0, 0, 0.25, 3840, 2160}, grid));
    }
    EXPECT_FALSE(pays({0, 0, 7.3, 3840, 2160}, {20, 4000})) << "a grid 20 cells wide on a 4K screen";
}

} // namespace
} // namespace catlab
