// How large a grid may be: one grid held whole (a host Grid, a backend's state) within kMaxGridCells or
// its backend's own limit, a grid cut into bands over ranks up to every side's limit, and what the
// bands of the largest grid, 1048576 x 1048576, need on the GPUs of one node.
#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/distributed/band_layout.hpp"
#include "catlab/distributed/communicator.hpp"
#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/grid.hpp"
#include "catlab/host_memory.hpp"
#include "catlab/rule.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <string>

namespace catlab {
namespace {

using testing::errorOf;

constexpr std::uint64_t kGiB = std::uint64_t(1) << 30;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(GridLimits, CellLimitsAreNamedWithTheirPowerOfTwo) {
    EXPECT_EQ(cellLimitText(std::uint64_t(1) << 36), "68719476736 (2^36)");
    EXPECT_EQ(cellLimitText(kMaxWideGridCells), "1099511627776 (2^40)");
    EXPECT_EQ(cellLimitText(1000), "1000");
    EXPECT_EQ(kMaxWideGridCells, std::uint64_t(kMaxGridSide) * std::uint64_t(kMaxGridSide));
}

TEST(GridLimits, OneGridBeyondTheLimitIsRefusedNamingSizeCountAndLimit) {
    const std::string error = errorOf([] { checkGridSize({1 << 18, (1 << 18) + 1}); });
    EXPECT_EQ(error, "grid size 262144x262145 has 68719738880 cells, more than 68719476736 (2^36)");
    EXPECT_NO_THROW(checkGridSize({1 << 18, 1 << 18}));
    EXPECT_NO_THROW(checkGridSize({1 << 18, (1 << 18) + 1}, nullptr, kMaxWideGridCells));
}

TEST(GridLimits, TheLargestGridPassesTheWideLimitAndOneMoreRowDoesNot) {
    const Rule r5 = parseRule("R5,C0,M0,S35..59,B34..45,NM").rule;
    EXPECT_NO_THROW(checkGridSize({kMaxGridSide, kMaxGridSide}, &r5, kMaxWideGridCells));
    EXPECT_EQ(errorOf([&] {
                  checkGridSize({kMaxGridSide, kMaxGridSide + 1}, &r5, kMaxWideGridCells);
              }),
              "grid size 1048576x1048577 exceeds the largest side, 1048576");
}

// The size check looks at no memory: a GPU grid needs none of the host's. A host Grid does.
TEST(GridLimits, OnlyAHostGridIsCheckedAgainstHostMemory) {
    const GridSize big{1 << 18, 1 << 18}; // 64 GiB at a byte per cell
    EXPECT_NO_THROW(checkGridSize(big));
    if (availableHostBytes() >= std::uint64_t(big.width) * std::uint64_t(big.height))
        GTEST_SKIP() << "this host has 64 GiB free: no host grid within kMaxGridCells outgrows it";
    const std::string error = errorOf([&] { checkHostGridSize(big); });
    EXPECT_TRUE(contains(error, "grid size 262144x262144 needs 65536 MiB")) << error;
    EXPECT_TRUE(contains(error, "of host memory is free")) << error;
    EXPECT_TRUE(contains(errorOf([&] { Grid grid(big); }), "of host memory is free"));
}

TEST(GridLimits, BackendsHoldUpToTheirOwnLimit) {
    const BackendRegistry& registry = BackendRegistry::instance();
    const BackendSpec& cpu = registry.find("cpu");
    EXPECT_EQ(cpu.maxCells, kMaxGridCells);
    const std::string error = errorOf([&] { checkBackendCells(cpu, {1 << 19, 1 << 18}); });
    EXPECT_EQ(error, "backend 'cpu' holds grids of up to 68719476736 (2^36) cells; grid size 524288x262144 has "
                     "137438953472, more than that");
    EXPECT_NO_THROW(checkBackendCells(cpu, {1 << 18, 1 << 18}));
#ifdef CATLAB_HAVE_CUDA
    // Every index of the bit-plane backends is 64-bit: any grid within the sides, memory permitting.
    for (const char* name : {"boxsum", "bitlife"}) {
        const BackendSpec& spec = registry.find(name);
        EXPECT_EQ(spec.maxCells, kMaxWideGridCells) << name;
        EXPECT_NO_THROW(checkBackendCells(spec, {kMaxGridSide, kMaxGridSide})) << name;
    }
#endif
}

// Refused before anything is allocated: this machine could not hold the cells.
TEST(GridLimits, SimulatorRefusesAGridItsBackendCannotHold) {
    const Rule life = parseRule("B3/S23").rule;
    const std::string error = errorOf([&] { Simulator(life, {1 << 19, 1 << 18}, 0.5, 1, "cpu"); });
    EXPECT_TRUE(contains(error, "backend 'cpu' holds grids of up to 68719476736 (2^36) cells")) << error;
}

TEST(GridLimits, AutoPicksOnlyABackendThatHoldsTheGrid) {
    const Rule life = parseRule("B3/S23").rule;
    const GridSize size{1 << 20, 1 << 17}; // 2^37 cells
    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
    if (cudaUnavailableReason()) { // the CPU backends hold 2^36 at most
        const std::string error = errorOf([&] { chooseBackend(life, size); });
        EXPECT_EQ(error, "grid size 1048576x131072 has 137438953472 cells, more than any backend here that computes "
                         "rule B3/S23 holds (at most 68719476736 (2^36))");
    } else {
        const BackendChoice choice = chooseBackend(life, size);
        EXPECT_GE(BackendRegistry::instance().find(choice.name).maxCells, cells) << choice.name;
    }
}

// The benchmark grid: cat-r5 (R5 Moore, two states) on 1048576 x 1048576 over the 4 GPUs of an H200
// node, or the 8 of an H100 node. A band (halos included) passes 2^38 cells; boxsum holds its two bit
// planes and a band of staging bytes, which fits one GPU of either.
TEST(GridLimits, TheLargestGridsBandsFitOneGpuEachOnBoxsum) {
    const Rule r5 = parseRule("R5,C0,M0,S35..59,B34..45,NM").rule;
    const GridSize global{kMaxGridSide, kMaxGridSide};
    for (const int ranks : {4, 8}) {
        const BandLayout layout(global, ranks, r5.radius, defaultHaloSteps(global, ranks, r5.radius));
        const GridSize band = layout.localSize(0);
        EXPECT_EQ(band.width, kMaxGridSide);
        EXPECT_EQ(band.height, kMaxGridSide / ranks + 2 * layout.haloRows());
        const std::uint64_t cells = std::uint64_t(band.width) * std::uint64_t(band.height);
        EXPECT_GT(cells, kMaxWideGridCells / std::uint64_t(ranks)); // halos on top of a quarter or an eighth
        EXPECT_THROW(checkBackendCells(BackendRegistry::instance().find("cpu"), band), Error);
#ifdef CATLAB_HAVE_CUDA
        const BackendSpec& boxsum = BackendRegistry::instance().find("boxsum");
        EXPECT_NO_THROW(checkBackendCells(boxsum, band));
        const MemoryNeed need = boxsum.memoryNeed(r5, band);
        EXPECT_EQ(need.hostBytes, 0u);
        // Two bit planes (a bit per cell, plus a halo word each side of every row), 64 MiB of staging.
        const std::uint64_t planes = 2 * cells / 8;
        EXPECT_GT(need.deviceBytes, planes);
        EXPECT_LT(need.deviceBytes, planes + planes / 1000 + (std::uint64_t(64) << 20) + 1);
        EXPECT_LT(need.deviceBytes, (ranks == 4 ? 65 : 33) * kGiB); // an H100 has about 79 GiB, an H200 139
#endif
    }
}

TEST(GridLimits, DistributedGridBeyondTheSidesIsRefusedAndItsBandsMeetTheirBackend) {
    const Rule life = parseRule("B3/S23").rule;
    const auto comm = makeSingleRankCommunicator();
    EXPECT_EQ(errorOf([&] {
                  DistributedSimulator(*comm, life, {kMaxGridSide + 1, 64}, 0.5, 1, "cpu");
              }),
              "grid size 1048577x64 exceeds the largest side, 1048576");
    // One rank: its band is the whole 2^40-cell grid, which the cpu backend does not hold.
    const std::string error = errorOf([&] {
        DistributedSimulator(*comm, life, {kMaxGridSide, kMaxGridSide}, 0.5, 1, "cpu");
    });
    EXPECT_TRUE(contains(error, "backend 'cpu' holds grids of up to 68719476736 (2^36) cells; grid size "
                                "1048576x1048576 has 1099511627776"))
        << error;
}

TEST(GridLimits, GatheringChecksRankZerosHostFirst) {
    const Rule life = parseRule("B3/S23").rule;
    const auto comm = makeSingleRankCommunicator();
    DistributedSimulator grid(*comm, life, {96, 80}, 0.5, 7, "cpu");
    EXPECT_NO_THROW(grid.checkGatherFits());
    EXPECT_EQ(grid.gather().size(), (GridSize{96, 80}));
}

} // namespace
} // namespace catlab
