// The growth rules of the cloud automaton on hand-built volumes, with the stochastic terms and the
// wind off: each rule term, each of the 11 neighbour offsets of f_act, and the empty boundary.
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"
#include "support/cloud_test_support.hpp"

#include <gtest/gtest.h>

#include <array>
#include <tuple>

namespace catlab::cloud {
namespace {

using testing::growthOnly;

// One step of the CPU reference from `cells`.
CloudCells stepOnce(const CloudCells& cells) {
    auto sim = makeCloudSimulation("cpu", cells.size(), growthOnly());
    sim->load(cells);
    sim->step(1);
    return sim->cells();
}

constexpr CloudSize kBox{9, 9, 9};

TEST(CloudGrowth, ActivationTurnsHumidityIntoCloud) {
    CloudCells cells(kBox);
    cells.at(4, 4, 4) = kHum | kAct;
    const CloudCells next = stepOnce(cells);
    // hum' = hum & !act = 0, cld' = cld | act = 1, act' = !act & ... = 0
    EXPECT_EQ(next.at(4, 4, 4), kCld);
}

TEST(CloudGrowth, ActivationWithoutHumidityStillMakesCloud) {
    CloudCells cells(kBox);
    cells.at(4, 4, 4) = kAct;
    EXPECT_EQ(stepOnce(cells).at(4, 4, 4), kCld);
}

TEST(CloudGrowth, CloudAndHumidityAloneStay) {
    CloudCells cells(kBox);
    cells.at(1, 2, 3) = kCld;
    cells.at(5, 5, 5) = kHum;
    cells.at(7, 7, 7) = kHum | kCld;
    const CloudCells next = stepOnce(cells);
    EXPECT_EQ(next.at(1, 2, 3), kCld);
    EXPECT_EQ(next.at(5, 5, 5), kHum); // no active neighbour: no activation
    EXPECT_EQ(next.at(7, 7, 7), kHum | kCld);
    EXPECT_EQ(next.counts(), (CloudCounts{2, 0, 2}));
}

// The cell (4, 4, 4) is humid; one activated cell sits at an offset from it.
class CloudNeighbour : public ::testing::TestWithParam<std::tuple<int, int, int, bool>> {};

TEST_P(CloudNeighbour, ActivatesHumidCellOnlyFromTheElevenOffsets) {
    const auto [dx, dy, dz, activates] = GetParam();
    CloudCells cells(kBox);
    cells.at(4, 4, 4) = kHum;
    cells.at(4 + dx, 4 + dy, 4 + dz) = kAct;
    const CloudCells next = stepOnce(cells);
    EXPECT_EQ(next.at(4, 4, 4), activates ? (kHum | kAct) : kHum)
        << "act at offset (" << dx << ", " << dy << ", " << dz << ")";
    // The activated cell itself turns into cloud and loses its activation.
    EXPECT_EQ(next.at(4 + dx, 4 + dy, 4 + dz), kCld);
}

INSTANTIATE_TEST_SUITE_P(Offsets, CloudNeighbour,
                         ::testing::Values(std::make_tuple(1, 0, 0, true), std::make_tuple(-1, 0, 0, true),
                                           std::make_tuple(2, 0, 0, true), std::make_tuple(-2, 0, 0, true),
                                           std::make_tuple(0, 1, 0, true), std::make_tuple(0, -1, 0, true),
                                           std::make_tuple(0, 2, 0, true), std::make_tuple(0, -2, 0, true),
                                           std::make_tuple(0, 0, 1, true), std::make_tuple(0, 0, -1, true),
                                           std::make_tuple(0, 0, -2, true),
                                           // not neighbours: two above, three along an axis, the diagonals
                                           std::make_tuple(0, 0, 2, false), std::make_tuple(3, 0, 0, false),
                                           std::make_tuple(0, -3, 0, false), std::make_tuple(0, 0, -3, false),
                                           std::make_tuple(1, 1, 0, false), std::make_tuple(1, 0, 1, false),
                                           std::make_tuple(0, -1, -1, false), std::make_tuple(1, 1, 1, false)));

TEST(CloudGrowth, ActivatedCellIsNotActivatedAgain) {
    // act' = !act & ...: an activated humid cell next to another activated cell does not stay activated.
    CloudCells cells(kBox);
    cells.at(4, 4, 4) = kHum | kAct;
    cells.at(5, 4, 4) = kAct;
    const CloudCells next = stepOnce(cells);
    EXPECT_EQ(next.at(4, 4, 4), kCld);
}

TEST(CloudGrowth, DryCellIsNotActivated) {
    CloudCells cells(kBox);
    cells.at(5, 4, 4) = kAct;
    EXPECT_EQ(stepOnce(cells).at(4, 4, 4), 0);
}

TEST(CloudGrowth, ActivationSpreadsThroughHumidityAndLeavesCloud) {
    // A humid row along x, activated at one end: activation runs two cells a step (the +-2 offset),
    // consuming the humidity and leaving cloud behind.
    const CloudSize size{12, 1, 1};
    CloudCells cells(size);
    for (int x = 0; x < size.nx; ++x) cells.at(x, 0, 0) = kHum;
    cells.at(0, 0, 0) = kHum | kAct;
    auto sim = makeCloudSimulation("cpu", size, growthOnly());
    sim->load(cells);
    sim->step(1);
    // x = 1, 2 activated; x = 0 cloud.
    EXPECT_EQ(sim->cells().at(0, 0, 0), kCld);
    EXPECT_EQ(sim->cells().at(1, 0, 0), kHum | kAct);
    EXPECT_EQ(sim->cells().at(2, 0, 0), kHum | kAct);
    EXPECT_EQ(sim->cells().at(3, 0, 0), kHum);
    sim->step(1);
    EXPECT_EQ(sim->cells().at(1, 0, 0), kCld);
    EXPECT_EQ(sim->cells().at(3, 0, 0), kHum | kAct);
    EXPECT_EQ(sim->cells().at(4, 0, 0), kHum | kAct);
    EXPECT_EQ(sim->cells().at(5, 0, 0), kHum);
    sim->step(10);
    EXPECT_EQ(sim->cells().counts(), (CloudCounts{0, 0, 12}));
}

TEST(CloudGrowth, BoundaryIsEmptyNotWrapped) {
    // Activation at the last cell of each axis must not reach the first cell across the edge.
    const CloudSize size{6, 6, 6};
    CloudCells cells(size);
    cells.at(0, 2, 2) = kHum;
    cells.at(5, 2, 2) = kAct; // x - 1 of (0, 2, 2) on a torus
    cells.at(2, 0, 2) = kHum;
    cells.at(2, 4, 2) = kAct; // y - 2 of (2, 0, 2) on a torus
    cells.at(2, 2, 5) = kHum;
    cells.at(2, 2, 0) = kAct; // z + 1 of (2, 2, 5) on a torus
    cells.at(3, 3, 1) = kHum;
    cells.at(3, 3, 5) = kAct; // z - 2 of (3, 3, 1) on a torus
    const CloudCells next = stepOnce(cells);
    EXPECT_EQ(next.at(0, 2, 2), kHum);
    EXPECT_EQ(next.at(2, 0, 2), kHum);
    EXPECT_EQ(next.at(2, 2, 5), kHum);
    EXPECT_EQ(next.at(3, 3, 1), kHum);
}

TEST(CloudGrowth, NegativeStepCountIsRefused) {
    auto sim = makeCloudSimulation("cpu", kBox, growthOnly());
    EXPECT_THROW(sim->step(-1), Error);
}

TEST(CloudGrowth, LoadChecksSizeAndBits) {
    auto sim = makeCloudSimulation("cpu", kBox, growthOnly());
    EXPECT_THROW(sim->load(CloudCells({9, 9, 8})), Error);
    CloudCells bad(kBox);
    bad.at(0, 0, 0) = 8;
    EXPECT_THROW(sim->load(bad), Error);
}

} // namespace
} // namespace catlab::cloud
