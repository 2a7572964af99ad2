// Wind in the cloud automaton: whole-cell shifts from fixed-point layer velocities, linear in height,
// and cells leaving the volume for good.
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cloud/wind_schedule.hpp"
#include "support/cloud_test_support.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace catlab::cloud {
namespace {

using testing::growthOnly;

std::vector<int> shifts(double v, std::uint64_t from, int count) {
    std::vector<int> s;
    for (int i = 0; i < count; ++i) s.push_back(windShift(toFixedVelocity(v), from + std::uint64_t(i)));
    return s;
}

TEST(CloudWind, ShiftsAddUpToWholeCellsOfTheVelocity) {
    EXPECT_EQ(shifts(0.25, 0, 8), (std::vector<int>{0, 0, 0, 1, 0, 0, 0, 1}));
    EXPECT_EQ(shifts(-0.25, 0, 8), (std::vector<int>{-1, 0, 0, 0, -1, 0, 0, 0}));
    EXPECT_EQ(shifts(1.5, 0, 4), (std::vector<int>{1, 2, 1, 2}));
    EXPECT_EQ(shifts(-2.0, 0, 3), (std::vector<int>{-2, -2, -2}));
    EXPECT_EQ(shifts(0.0, 0, 3), (std::vector<int>{0, 0, 0}));
    EXPECT_EQ(shifts(40.5, 0, 2), (std::vector<int>{40, 41}));
}

TEST(CloudWind, ShiftsStayExactPastTheFixedPointPeriod) {
    // floor(v * t) in 16.16 fixed point, summed over steps around and beyond 2^16 and 2^32.
    for (const double v : {0.3, -0.7, 3.14159, -12.01}) {
        const long long fixed = std::llround(v * 65536.0);
        for (const std::uint64_t from : {std::uint64_t(65530), std::uint64_t(1) << 33}) {
            long long sum = 0;
            for (int s : shifts(v, from, 20)) sum += s;
            const auto floorAt = [&](std::uint64_t t) {
                return (long long)std::floor(double(fixed) * double(t) / 65536.0);
            };
            EXPECT_EQ(sum, floorAt(from + 20) - floorAt(from)) << "v = " << v << " from step " << from;
        }
    }
}

TEST(CloudWind, VelocityIsLinearInHeight) {
    const WindSchedule w({0.0, 1.0, 1.0, -1.0}, 5);
    ASSERT_EQ(w.layers(), 5);
    const auto speed = [](FixedVelocity v) { return double(v.whole) + double(v.fraction) / 65536.0; };
    EXPECT_DOUBLE_EQ(speed(w.vx[0]), 0.0);
    EXPECT_DOUBLE_EQ(speed(w.vx[2]), 0.5);
    EXPECT_DOUBLE_EQ(speed(w.vx[4]), 1.0);
    EXPECT_DOUBLE_EQ(speed(w.vy[0]), 1.0);
    EXPECT_DOUBLE_EQ(speed(w.vy[1]), 0.5);
    EXPECT_DOUBLE_EQ(speed(w.vy[3]), -0.5);
    EXPECT_FALSE(WindSchedule({0, 0, 0, 0}, 3).movesAt(0));
    EXPECT_FALSE(WindSchedule({0.25, 0, 0.25, 0}, 3).movesAt(2));
    EXPECT_TRUE(WindSchedule({0.25, 0, 0.25, 0}, 3).movesAt(3));
}

TEST(CloudWind, LayersMoveByTheirOwnSpeed) {
    // Clouds at x = 2 in three layers, with the wind 0, 0.5 and 1 cells per step from bottom to top.
    const CloudSize size{40, 3, 3};
    CloudCells cells(size);
    for (int z = 0; z < 3; ++z) cells.at(2, 1, z) = kCld;
    CloudParams p = growthOnly();
    p.wind = {0.0, 0.0, 1.0, 0.0};
    auto sim = makeCloudSimulation("cpu", size, p);
    sim->load(cells);
    sim->step(4);
    CloudCells expected(size);
    expected.at(2, 1, 0) = kCld;
    expected.at(4, 1, 1) = kCld;
    expected.at(6, 1, 2) = kCld;
    EXPECT_TRUE(testing::sameCells(expected, sim->cells()));
}

TEST(CloudWind, MovesEveryBitAlongBothAxes) {
    const CloudSize size{10, 12, 2};
    CloudCells cells(size);
    cells.at(5, 6, 0) = kHum;
    cells.at(5, 6, 1) = kHum | kCld;
    CloudParams p = growthOnly();
    p.wind = {-1.0, 2.0, 1.0, -1.0}; // bottom (-1, 2), top (1, -1)
    auto sim = makeCloudSimulation("cpu", size, p);
    sim->load(cells);
    sim->step(2);
    CloudCells expected(size);
    expected.at(3, 10, 0) = kHum;
    expected.at(7, 4, 1) = kHum | kCld;
    EXPECT_TRUE(testing::sameCells(expected, sim->cells()));
}

TEST(CloudWind, CellsBlownOutOfTheVolumeAreGoneAndNothingWrapsIn) {
    const CloudSize size{8, 4, 1};
    CloudCells cells(size);
    for (int x = 0; x < size.nx; ++x) cells.at(x, 1, 0) = kCld;
    CloudParams p = growthOnly();
    p.wind = {3.0, 0.0, 3.0, 0.0};
    auto sim = makeCloudSimulation("cpu", size, p);
    sim->load(cells);
    sim->step(1);
    for (int x = 0; x < size.nx; ++x) EXPECT_EQ(sim->cells().has(x, 1, 0, kCld), x >= 3) << "x = " << x;
    sim->step(2);
    EXPECT_EQ(sim->cells().counts().cld, 0u);
}

} // namespace
} // namespace catlab::cloud
