// What `coarse` counts with, on the CPU: the column spans of every shape it takes (deviceColumnSpan, the
// triangular shape's for both parities of x + y) against catlab::inNeighbourhood, and its running sums down
// a strip (addColumnToStrip) against each cell's span summed afresh. The GPU suite runs the kernel.
#include "coarse_strip.cuh"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <vector>

namespace catlab {
namespace {

using namespace catlab::cuda;

Rule shapeRule(Neighbourhood n, int radius) {
    Rule rule;
    rule.neighbourhood = n;
    rule.radius = radius;
    return rule;
}

constexpr Neighbourhood kCoarseShapes[] = {
    Neighbourhood::Moore, Neighbourhood::VonNeumann, Neighbourhood::Circular,  Neighbourhood::Euclidean,
    Neighbourhood::Cross, Neighbourhood::Hexagonal,  Neighbourhood::Triangular};

// Column dx of a cell of even (or odd) x + y holds exactly the rows of its span; odd cells see the triangular
// shape mirrored vertically, the other shapes as they are.
TEST(CoarseStrip, ColumnSpansAreTheShapesColumns) {
    for (Neighbourhood n : kCoarseShapes)
        for (int r : {1, 2, 3, 5, 8, 13, 20}) {
            const DeviceRule d = makeDeviceRule(shapeRule(n, r));
            const int reach = deviceReachX(d);
            EXPECT_EQ(reach, n == Neighbourhood::Triangular ? 2 * r : r);
            EXPECT_EQ(deviceFlipsOnOddCells(d), n == Neighbourhood::Triangular);
            for (bool odd : {false, true})
                for (int dx = -reach - 1; dx <= reach + 1; ++dx) {
                    const DeviceSpan span = deviceColumnSpan(d, dx, odd);
                    for (int dy = -r - 1; dy <= r + 1; ++dy) {
                        const int shapeDy = odd && n == Neighbourhood::Triangular ? -dy : dy;
                        const bool inShape = std::abs(dx) <= reach && inNeighbourhood(n, r, dx, shapeDy);
                        const bool inSpan = std::abs(dx) <= reach && dy >= span.lo && dy <= span.hi;
                        EXPECT_EQ(inSpan, inShape)
                            << toString(n) << " r=" << r << " dx=" << dx << " dy=" << dy << (odd ? " (odd cell)" : "");
                    }
                    if (n == Neighbourhood::Triangular && std::abs(dx) <= reach) {
                        EXPECT_GE(span.hi - span.lo, 1) << "r=" << r << " dx=" << dx; // two rows: addColumnToStrip
                    }
                }
        }
}

// Every strip cell's count is its own span's live cells, for one span and for the two of a flipping shape.
TEST(CoarseStrip, RunningSumsEqualEachCellsSpan) {
    constexpr int kStrip = 16;
    std::mt19937 random(7);
    for (Neighbourhood n : kCoarseShapes)
        for (int r : {1, 2, 5, 20}) {
            const DeviceRule d = makeDeviceRule(shapeRule(n, r));
            const bool flips = deviceFlipsOnOddCells(d);
            std::vector<int> column(std::size_t(kStrip + 2 * r));
            for (int& cell : column) cell = int(random() % 2);
            const auto live = [&](int row) { return column.at(std::size_t(row)); };
            for (int dx = -deviceReachX(d); dx <= deviceReachX(d); ++dx)
                for (bool oddFirst : {false, true}) {
                    const DeviceSpan even = deviceColumnSpan(d, dx, oddFirst), odd = deviceColumnSpan(d, dx, !oddFirst);
                    int count[kStrip] = {};
                    addColumnToStrip(count, live, r, even, flips ? odd : even, flips);
                    for (int k = 0; k < kStrip; ++k) {
                        const DeviceSpan span = flips && k % 2 == 1 ? odd : even;
                        int want = 0;
                        for (int row = r + k + span.lo; row <= r + k + span.hi; ++row) want += live(row);
                        EXPECT_EQ(count[k], want) << toString(n) << " r=" << r << " dx=" << dx << " k=" << k;
                    }
                }
        }
}

} // namespace
} // namespace catlab
