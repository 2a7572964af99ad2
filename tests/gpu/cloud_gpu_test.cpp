// The bit-packed CUDA cloud automaton against the CPU reference: the same cells bit for bit after many
// steps with every stochastic term and the wind on, at sizes that are and are not multiples of the
// 32-cell word; the same density bytes; the blend of snapshots on the device.
#include "catlab/cell_storage.hpp"
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/error.hpp"
#include "support/cloud_test_support.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace catlab::cloud {
namespace {

using testing::randomCells;
using testing::sameCells;

#define SKIP_WITHOUT_CUDA()                                                                                            \
    if (auto why = cloudBackendUnavailable("cuda")) GTEST_SKIP() << *why

// Sources inside, across the edges and outside the volume, wind that shears with height (and blows
// against the axes in some layers), and probabilities high enough that every term fires often.
CloudParams busyParams(CloudSize s, std::uint64_t seed, CloudWind wind) {
    CloudParams p;
    p.pExt = 0.1;
    p.pHum = 0.3;
    p.pAct = 0.02;
    p.seed = seed;
    p.wind = wind;
    p.sources = {{s.nx * 0.5, s.ny * 0.5, s.nz * 0.4, s.nx * 0.25, s.ny * 0.3, s.nz * 0.3 + 0.5},
                 {0.0, s.ny - 1.0, s.nz - 1.0, 5, 4, 2},
                 {s.nx + 3.0, -2.0, 1.0, 6, 6, 3}};
    return p;
}

// Device bytes that free themselves, also when an assertion leaves the test early.
class DeviceBytes {
  public:
    explicit DeviceBytes(std::size_t n) : n_(n), data_(static_cast<std::uint8_t*>(allocateDeviceBytes(n))) {}
    DeviceBytes(const DeviceBytes&) = delete;
    DeviceBytes& operator=(const DeviceBytes&) = delete;
    ~DeviceBytes() { freeDeviceBytes(data_); }
    std::uint8_t* data() const { return data_; }
    std::vector<std::uint8_t> download() const {
        std::vector<std::uint8_t> v(n_);
        copyRows(v.data(), n_, MemorySpace::Host, data_, n_, MemorySpace::Device, n_, 1);
        return v;
    }

  private:
    std::size_t n_;
    std::uint8_t* data_;
};

struct Case {
    CloudSize size;
    int steps;
    CloudWind wind;
};

std::string name(const Case& c) { return sizeText(c.size) + ", " + std::to_string(c.steps) + " steps"; }

// Steps both backends from the same random start, comparing at every checkpoint. `mustStayBusy`: the
// run must keep humidity and clouds to the end (not so where the wind empties a tiny volume).
void expectSameRun(const Case& c, std::uint64_t seed, bool mustStayBusy = true) {
    SCOPED_TRACE(name(c));
    const CloudParams p = busyParams(c.size, seed, c.wind);
    auto cpu = makeCloudSimulation("cpu", c.size, p);
    auto gpu = makeCloudSimulation("cuda", c.size, p);
    const CloudCells start = randomCells(c.size, std::uint32_t(seed), 90, 12, 50);
    cpu->load(start);
    gpu->load(start);
    ASSERT_TRUE(sameCells(start, gpu->cells())) << "load/store round trip";
    const int checkpoints = 4;
    for (int k = 1; k <= checkpoints; ++k) {
        const int steps = c.steps * k / checkpoints - c.steps * (k - 1) / checkpoints;
        cpu->step(steps);
        gpu->step(steps);
        ASSERT_EQ(cpu->generation(), gpu->generation());
        const CloudCells expected = cpu->cells();
        ASSERT_TRUE(sameCells(expected, gpu->cells())) << "after " << cpu->generation() << " steps";
        ASSERT_EQ(expected.counts(), gpu->counts());
    }
    if (!mustStayBusy) return;
    // The run must have exercised every term, or the comparison proves little.
    const CloudCounts end = cpu->counts();
    EXPECT_GT(end.hum, 0u);
    EXPECT_GT(end.cld, 0u);
}

TEST(CloudGpu, MatchesTheCpuReferenceBitForBit) {
    SKIP_WITHOUT_CUDA();
    const CloudWind shear{0.3, -0.2, 1.7, 0.45};
    const std::vector<Case> cases{
        {{33, 17, 9}, 300, shear},
        {{100, 37, 20}, 200, shear},
        {{256, 256, 20}, 60, {0.5, 0.0, 2.5, 0.75}},
        {{32, 8, 4}, 200, shear},                     // whole words only
        {{64, 3, 3}, 200, {-1.25, 0, 0.6, 0}},        // two whole words, wind both ways
        {{1, 5, 7}, 200, {0, 0.5, 0, -0.5}},          // one cell per row
        {{31, 2, 1}, 150, shear},                     // one layer, short rows
        {{95, 9, 5}, 120, {40.5, 3.0, -37.25, -2.0}}, // shifts longer than a word
    };
    std::uint64_t seed = 11;
    for (const Case& c : cases) expectSameRun(c, seed++);
}

// Small and quick, for compute-sanitizer (tools/sanitize_gpu.sh runs *SanitizerSmoke* under memcheck
// and racecheck): every kernel, odd sizes, the density into host and device memory.
TEST(CloudGpu, SanitizerSmoke) {
    SKIP_WITHOUT_CUDA();
    for (const CloudSize size : {CloudSize{33, 17, 9}, CloudSize{1, 5, 7}}) {
        // One cell wide, the volume is blown empty within a few steps: compared, but not required to stay busy.
        expectSameRun({size, 20, {1.5, -0.5, -2.25, 1.0}}, 4, size.nx > 1);
        auto gpu = makeCloudSimulation("cuda", size, busyParams(size, 2, {}));
        gpu->load(randomCells(size, 9, 50, 10, 60));
        std::vector<std::uint8_t> d(std::size_t(size.cellCount()));
        gpu->density(3, d.data(), MemorySpace::Host);
        EXPECT_EQ(d, cloudDensity(gpu->cells(), 3));
        const DeviceBytes onDevice(d.size());
        gpu->density(2, onDevice.data(), MemorySpace::Device);
        EXPECT_EQ(onDevice.download(), cloudDensity(gpu->cells(), 2));
    }
}

TEST(CloudGpu, NoWindAndGrowthOnlyMatchToo) {
    SKIP_WITHOUT_CUDA();
    const CloudSize size{70, 21, 12};
    for (const bool stochastic : {false, true}) {
        CloudParams p = stochastic ? busyParams(size, 5, {}) : testing::growthOnly();
        auto cpu = makeCloudSimulation("cpu", size, p);
        auto gpu = makeCloudSimulation("cuda", size, p);
        const CloudCells start = randomCells(size, 77, 200, 6, 30);
        cpu->load(start);
        gpu->load(start);
        cpu->step(40);
        gpu->step(40);
        EXPECT_TRUE(sameCells(cpu->cells(), gpu->cells())) << (stochastic ? "stochastic" : "growth only");
    }
}

TEST(CloudGpu, NewParametersAndLoadsMidRunMatch) {
    SKIP_WITHOUT_CUDA();
    const CloudSize size{45, 30, 10};
    CloudParams p = busyParams(size, 3, {0.5, 0, 1, 0});
    auto cpu = makeCloudSimulation("cpu", size, p);
    auto gpu = makeCloudSimulation("cuda", size, p);
    cpu->step(25);
    gpu->step(25);
    p.sources = {{10, 10, 3, 6, 6, 2}};
    p.wind = {-0.75, 0.5, 0, 0};
    p.seed = 99;
    p.pExt = 0.3;
    cpu->setParams(p);
    gpu->setParams(p);
    cpu->step(25);
    gpu->step(25);
    ASSERT_TRUE(sameCells(cpu->cells(), gpu->cells()));
    const CloudCells restart = randomCells(size, 8, 60, 20, 20);
    cpu->load(restart, 1000);
    gpu->load(restart, 1000);
    cpu->step(30);
    gpu->step(30);
    EXPECT_TRUE(sameCells(cpu->cells(), gpu->cells()));
}

TEST(CloudGpu, DensityMatchesTheReferenceExactly) {
    SKIP_WITHOUT_CUDA();
    for (const CloudSize size : {CloudSize{33, 17, 9}, CloudSize{100, 37, 20}, CloudSize{256, 256, 20}}) {
        SCOPED_TRACE(sizeText(size));
        auto gpu = makeCloudSimulation("cuda", size, busyParams(size, 21, {0.5, 0, 1, 0}));
        gpu->load(randomCells(size, 4, 60, 10, 40));
        gpu->step(10);
        const CloudCells cells = gpu->cells();
        std::vector<std::uint8_t> onHost(std::size_t(size.cellCount()));
        for (int r = 0; r <= kMaxDensityRadius; ++r) {
            gpu->density(r, onHost.data(), MemorySpace::Host);
            ASSERT_EQ(onHost, cloudDensity(cells, r)) << "radius " << r;
        }
        // Into device memory, then blended with another snapshot on the device.
        const std::size_t n = onHost.size();
        const DeviceBytes from(n), to(n), blended(n);
        gpu->density(1, from.data(), MemorySpace::Device);
        gpu->step(3);
        gpu->density(1, to.data(), MemorySpace::Device);
        blendDensity(from.data(), to.data(), blended.data(), n, 77, MemorySpace::Device);
        const std::vector<std::uint8_t> a = from.download(), b = to.download(), mix = blended.download();
        std::vector<std::uint8_t> expected(n);
        EXPECT_EQ(a, cloudDensity(cells, 1));
        EXPECT_EQ(b, cloudDensity(gpu->cells(), 1));
        blendDensity(a.data(), b.data(), expected.data(), n, 77, MemorySpace::Host);
        EXPECT_EQ(mix, expected);
    }
}

TEST(CloudGpu, TimesStepsWithEvents) {
    SKIP_WITHOUT_CUDA();
    auto gpu = makeCloudSimulation("cuda", {64, 64, 16}, busyParams({64, 64, 16}, 1, {}));
    const double ms = gpu->timeSteps(5);
    EXPECT_GT(ms, 0.0);
    EXPECT_EQ(gpu->generation(), 5u);
}

} // namespace
} // namespace catlab::cloud
