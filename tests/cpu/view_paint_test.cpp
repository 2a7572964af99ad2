// Painting: writing and reading rectangles of cells, wrapping around the torus, on every CPU backend,
// through Backend's store/load defaults and through the Simulator.
#include "catlab/cell_rect.hpp"
#include "catlab/simulator.hpp"
#include "support/test_rules.hpp"
#include "view_test_support.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab {
namespace {

using testing::errorOf;
using testing::randomGrid;

// What writing `cells` over `rect` must do: each cell of the rectangle lands on its wrapped position.
Grid paintedByHand(Grid grid, const CellRect& rect, const std::vector<Cell>& cells) {
    for (int j = 0; j < rect.height; ++j)
        for (int i = 0; i < rect.width; ++i)
            grid.at(wrapCoordinate(rect.x + i, grid.width()), wrapCoordinate(rect.y + j, grid.height())) =
                cells[std::size_t(j) * std::size_t(rect.width) + std::size_t(i)];
    return grid;
}

std::vector<Cell> readByHand(const Grid& grid, const CellRect& rect) {
    std::vector<Cell> cells;
    for (int j = 0; j < rect.height; ++j)
        for (int i = 0; i < rect.width; ++i)
            cells.push_back(
                grid.at(wrapCoordinate(rect.x + i, grid.width()), wrapCoordinate(rect.y + j, grid.height())));
    return cells;
}

std::vector<Cell> brush(const CellRect& rect, int states, std::uint64_t seed) {
    if (rect.width == 0 || rect.height == 0) return {};
    const Grid cells = randomGrid({rect.width, rect.height}, states, seed);
    return {cells.cells().begin(), cells.cells().end()};
}

// Inside the grid, across each edge, across a corner, the whole grid, far-off coordinates.
std::vector<CellRect> rects(GridSize g) {
    return {{3, 4, 5, 3},
            {-2, 5, 6, 4},
            {g.width - 3, 1, 7, 2},
            {4, -1, 3, 5},
            {2, g.height - 2, 4, 6},
            {-3, -2, 8, 5},
            {g.width - 1, g.height - 1, 2, 2},
            {0, 0, g.width, g.height},
            {7, 3, g.width, g.height},
            {-1000003LL * g.width - 2, 50000LL * g.height + 3, 3, 4},
            {5, 5, 1, 1},
            {5, 5, 0, 0}};
}

TEST(CellRect, PiecesCoverTheRectangleOnce) {
    const GridSize g{13, 11};
    for (const CellRect& r : rects(g)) {
        std::vector<int> grid(std::size_t(g.width * g.height)), rect(std::size_t(r.width * r.height));
        forEachUnwrappedPiece(r, g, [&](int gx, int gy, int rx, int ry, int w, int h) {
            ASSERT_GE(gx, 0);
            ASSERT_LE(gx + w, g.width);
            ASSERT_GE(gy, 0);
            ASSERT_LE(gy + h, g.height);
            for (int j = 0; j < h; ++j)
                for (int i = 0; i < w; ++i) {
                    ++grid[std::size_t((gy + j) * g.width + gx + i)];
                    ++rect[std::size_t((ry + j) * r.width + rx + i)];
                    EXPECT_EQ(gx + i, wrapCoordinate(r.x + rx + i, g.width));
                    EXPECT_EQ(gy + j, wrapCoordinate(r.y + ry + j, g.height));
                }
        });
        for (int n : rect) EXPECT_EQ(n, 1);
        int total = 0;
        for (int n : grid) {
            EXPECT_LE(n, 1);
            total += n;
        }
        EXPECT_EQ(total, r.width * r.height);
    }
}

TEST(Painting, EveryCpuBackendWritesAndReadsWrappedRectangles) {
    const Rule rule = testing::scaledRule(1, Neighbourhood::Moore, false, 4);
    const GridSize size{37, 23};
    const Grid start = randomGrid(size, 4, 77);
    for (const std::string& name : testing::hostBackendNames()) {
        SCOPED_TRACE(name);
        Simulator sim(rule, start, name);
        Grid expected = start;
        std::uint64_t seed = 1;
        for (const CellRect& r : rects(size)) {
            SCOPED_TRACE("rect at (" + std::to_string(r.x) + ", " + std::to_string(r.y) + ") " +
                         std::to_string(r.width) + "x" + std::to_string(r.height));
            const std::vector<Cell> cells = brush(r, 4, ++seed);
            sim.writeCells(r, cells);
            expected = paintedByHand(expected, r, cells);
            EXPECT_EQ(sim.snapshot(), expected);
            EXPECT_EQ(sim.readCells(r), cells);
            const CellRect shifted{r.x + 1, r.y - 2, std::min(r.width + 1, size.width), r.height};
            EXPECT_EQ(sim.readCells(shifted), readByHand(expected, shifted));
        }
    }
}

TEST(Painting, BackendDefaultsGoThroughStoreAndLoad) {
    const Rule rule = testing::scaledRule(1, Neighbourhood::Moore, false, 3);
    const GridSize size{19, 17};
    testing::StoreOnlyBackend backend;
    backend.configure(rule, size);
    Grid expected = randomGrid(size, 3, 5);
    backend.load(hostBuffer(expected));
    std::uint64_t seed = 40;
    for (const CellRect& r : rects(size)) {
        const std::vector<Cell> cells = brush(r, 3, ++seed);
        backend.writeCells(r, cells);
        expected = paintedByHand(expected, r, cells);
        Grid stored(size);
        backend.store(hostBuffer(stored));
        EXPECT_EQ(stored, expected);
        std::vector<Cell> read(cells.size());
        backend.readCells(r, read);
        EXPECT_EQ(read, cells);
    }
}

TEST(Painting, PaintedCellsEvolveLikeALoadedGrid) {
    const Rule rule = testing::scaledRule(2, Neighbourhood::Moore, true, 3);
    const GridSize size{41, 29};
    const CellRect r{-4, 26, 12, 9};
    const std::vector<Cell> cells = brush(r, 3, 8);
    for (const std::string& name : testing::hostBackendNames()) {
        SCOPED_TRACE(name);
        Simulator painted(rule, size, 0.3, 2, name);
        painted.step(3);
        const Grid before = painted.snapshot();
        painted.writeCells(r, cells);
        Simulator loaded(rule, paintedByHand(before, r, cells), "cpu-naive");
        painted.step(10);
        loaded.step(10);
        EXPECT_EQ(painted.snapshot(), loaded.snapshot());
    }
}

TEST(Painting, BadRectanglesAndStatesAreRefusedClearly) {
    const Rule rule = testing::scaledRule(1, Neighbourhood::Moore, false, 3);
    for (const std::string& name : testing::hostBackendNames()) {
        SCOPED_TRACE(name);
        Simulator sim(rule, {10, 8}, 0.5, 1, name);
        const Grid before = sim.snapshot();
        std::vector<Cell> cells(6, 1);
        EXPECT_NE(errorOf([&] {
                      sim.writeCells({0, 0, 11, 1}, std::vector<Cell>(11, 1));
                  }).find("does not fit"),
                  std::string::npos);
        EXPECT_NE(errorOf([&] {
                      sim.writeCells({0, 0, 1, 9}, std::vector<Cell>(9, 1));
                  }).find("does not fit"),
                  std::string::npos);
        EXPECT_NE(errorOf([&] { sim.writeCells({0, 0, -1, 2}, cells); }).find("does not fit"), std::string::npos);
        EXPECT_NE(errorOf([&] {
                      sim.writeCells({0, 0, 2, 2}, cells);
                  }).find("needs 4 cells, got 6"),
                  std::string::npos);
        cells[4] = 3;
        const std::string bad = errorOf([&] { sim.writeCells({-1, 2, 3, 2}, cells); });
        EXPECT_NE(bad.find("state 3 at (0, 3)"), std::string::npos) << bad;
        EXPECT_NE(errorOf([&] { sim.readCells({0, 0, 3, 9}); }).find("does not fit"), std::string::npos);
        EXPECT_EQ(sim.snapshot(), before); // nothing was written
        sim.writeCells({4, 4, 0, 0}, {});
        EXPECT_TRUE(sim.readCells({4, 4, 0, 3}).empty());
        EXPECT_EQ(sim.snapshot(), before);
    }
}

} // namespace
} // namespace catlab
