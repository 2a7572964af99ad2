// The rendering density of the cloud automaton: the binomial filter on hand-built volumes, through
// the reference function and through a simulation, and the blend between snapshots.
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"
#include "support/cloud_test_support.hpp"

#include <gtest/gtest.h>

namespace catlab::cloud {
namespace {

TEST(CloudDensity, RadiusZeroIsTheCloudBit) {
    const CloudCells cells = testing::randomCells({13, 7, 5}, 1, 0, 0, 100);
    const std::vector<std::uint8_t> d = cloudDensity(cells, 0);
    for (std::size_t i = 0; i < d.size(); ++i) ASSERT_EQ(d[i], (cells.bytes()[i] & kCld) ? 255 : 0) << i;
}

TEST(CloudDensity, SingleCellSpreadsWithBinomialWeights) {
    const CloudSize size{7, 7, 7};
    CloudCells cells(size);
    cells.at(3, 3, 3) = kCld;
    const std::vector<std::uint8_t> d = cloudDensity(cells, 1);
    const auto at = [&](int x, int y, int z) { return int(d[cells.index(x, y, z)]); };
    // Weights 2*2*2 = 8 of 64 at the centre, 4 on a face, 2 on an edge, 1 at a corner; (w * 255 + 32) / 64.
    EXPECT_EQ(at(3, 3, 3), 32);
    EXPECT_EQ(at(4, 3, 3), 16);
    EXPECT_EQ(at(3, 3, 2), 16);
    EXPECT_EQ(at(2, 4, 3), 8);
    EXPECT_EQ(at(4, 4, 4), 4);
    EXPECT_EQ(at(5, 3, 3), 0);
    EXPECT_EQ(at(3, 3, 1), 0);
    // Radius 2: weights 1 4 6 4 1, 4096 in all; the centre gets 6^3 = 216.
    const std::vector<std::uint8_t> d2 = cloudDensity(cells, 2);
    EXPECT_EQ(int(d2[cells.index(3, 3, 3)]), (216 * 255 + 2048) / 4096);
    EXPECT_EQ(int(d2[cells.index(5, 3, 3)]), (36 * 255 + 2048) / 4096);
    EXPECT_EQ(int(d2[cells.index(6, 3, 3)]), 0);
}

TEST(CloudDensity, FullVolumeIsSolidInsideAndThinnerAtTheEdges) {
    const CloudSize size{5, 5, 5};
    CloudCells cells(size);
    for (auto& b : cells.bytes()) b = kCld;
    const std::vector<std::uint8_t> d = cloudDensity(cells, 1);
    EXPECT_EQ(d[cells.index(2, 2, 2)], 255);
    // A face cell misses one plane of weight 1*4*4 = 16: 48 of 64.
    EXPECT_EQ(d[cells.index(0, 2, 2)], (48 * 255 + 32) / 64);
    // A corner keeps 3*3*3 = 27 of 64.
    EXPECT_EQ(d[cells.index(4, 4, 0)], (27 * 255 + 32) / 64);
}

TEST(CloudDensity, SimulationGivesTheReferenceDensity) {
    const CloudCells cells = testing::randomCells({19, 11, 6}, 5, 0, 0, 90);
    auto sim = makeCloudSimulation("cpu", cells.size(), CloudParams{});
    sim->load(cells);
    std::vector<std::uint8_t> out(std::size_t(cells.size().cellCount()));
    for (int r = 0; r <= kMaxDensityRadius; ++r) {
        sim->density(r, out.data(), MemorySpace::Host);
        EXPECT_EQ(out, cloudDensity(cells, r)) << "radius " << r;
    }
    EXPECT_THROW(sim->density(4, out.data(), MemorySpace::Host), Error);
    EXPECT_THROW(sim->density(-1, out.data(), MemorySpace::Host), Error);
    EXPECT_THROW(sim->density(1, out.data(), MemorySpace::Device), Error);
}

TEST(CloudDensity, BlendMovesFromOneSnapshotToTheNext) {
    const std::vector<std::uint8_t> from{0, 255, 100, 7}, to{255, 0, 200, 7};
    std::vector<std::uint8_t> out(4);
    blendDensity(from.data(), to.data(), out.data(), 4, 0, MemorySpace::Host);
    EXPECT_EQ(out, from);
    blendDensity(from.data(), to.data(), out.data(), 4, 256, MemorySpace::Host);
    EXPECT_EQ(out, to);
    blendDensity(from.data(), to.data(), out.data(), 4, 128, MemorySpace::Host);
    EXPECT_EQ(out, (std::vector<std::uint8_t>{128, 128, 150, 7}));
    blendDensity(from.data(), to.data(), out.data(), 4, 64, MemorySpace::Host);
    EXPECT_EQ(out, (std::vector<std::uint8_t>{64, 191, 125, 7}));
    EXPECT_THROW(blendDensity(from.data(), to.data(), out.data(), 4, 257, MemorySpace::Host), Error);
    EXPECT_EQ(blendWeight(0.0), 0);
    EXPECT_EQ(blendWeight(0.5), 128);
    EXPECT_EQ(blendWeight(1.0), 256);
    EXPECT_EQ(blendWeight(7.0), 256);
    EXPECT_EQ(blendWeight(-1.0), 0);
}

} // namespace
} // namespace catlab::cloud
