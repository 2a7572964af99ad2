// The bit-plane backends on a grid the size of a band of the largest distributed grid: 1048576 x 139264
// cells (2^37.1), whose word offsets pass 2^32 from about row 131000 on. The random start is generated
// on the device (its last rows checked against fillRandom on the host), the population of a full grid
// passes 2^32, and a random patch placed near the grid's end evolves as it does on a small grid under
// cpu-naive (it stays far from the edges for the steps run, so the grids' sizes do not matter).
// Needs about 35 GiB of GPU memory (an H100 or an H200); skips, saying so, where less is free.
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/random.hpp"
#include "catlab/simulator.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace catlab {
namespace {

using testing::errorOf;

constexpr GridSize kHuge{1 << 20, 139264};
constexpr std::uint64_t kHugeCells = std::uint64_t(kHuge.width) * std::uint64_t(kHuge.height);
constexpr int kPatch = 128;      // side of the random patch
constexpr int kMargin = 128;     // cells between the patch and the compared window's edges
constexpr int kFromEnd = 400;    // the patch's distance from the huge grid's right and bottom edges
constexpr int kGenerations = 12; // at radius r the patch spreads r cells a generation: 60 at most here

struct HugeCase {
    const char* backend;
    const char* rule;
};

class HugeBand : public ::testing::TestWithParam<HugeCase> {
  protected:
    void SetUp() override {
        const BackendSpec& spec = BackendRegistry::instance().find(GetParam().backend);
        if (auto why = spec.unavailableReason()) GTEST_SKIP() << "no CUDA device: " << *why;
        rule_ = parseRule(GetParam().rule).rule;
        const std::uint64_t need = spec.memoryNeed(rule_, kHuge).deviceBytes + (std::uint64_t(1) << 30);
        const std::optional<std::uint64_t> free = cudaFreeDeviceBytes();
        if (!free || *free < need)
            GTEST_SKIP() << "a " << kHuge.width << "x" << kHuge.height << " grid on " << spec.name << " needs "
                         << (need >> 30) << " GiB of GPU memory; " << (free ? (*free >> 30) : 0) << " GiB is free";
    }
    Rule rule_;
};

TEST_P(HugeBand, RandomStartIsMadeOnTheDeviceAsOnTheHost) {
    Simulator huge(rule_, kHuge, 0.4, 99, GetParam().backend);
    constexpr int rows = 4;
    const CellRect last{0, kHuge.height - rows, kHuge.width, rows};
    Grid expected({kHuge.width, rows});
    fillRandom(expected, 0.4, 99, std::uint32_t(kHuge.height - rows));
    EXPECT_EQ(huge.readCells(last), std::vector<Cell>(expected.cells().begin(), expected.cells().end()));
    // The whole state never comes to the host: a host grid of this size is refused, not attempted.
    const std::string error = errorOf([&] { (void)huge.snapshot(); });
    EXPECT_NE(error.find("more than 68719476736 (2^36)"), std::string::npos) << error;
}

TEST_P(HugeBand, PopulationPasses32BitsAndEveryWordIsStepped) {
    Simulator huge(rule_, kHuge, 1.0, 5, GetParam().backend);
    EXPECT_EQ(huge.population(), kHugeCells);
    huge.step(1); // every cell sees a full neighbourhood, which neither rule keeps alive
    EXPECT_EQ(huge.population(), 0u);
}

TEST_P(HugeBand, PatchNearTheEndEvolvesAsOnASmallGrid) {
    Grid patch({kPatch, kPatch});
    fillRandom(patch, 0.45, 2024);
    const std::vector<Cell> patchCells(patch.cells().begin(), patch.cells().end());

    const int window = kPatch + 2 * kMargin;
    Grid small({window, window});
    Simulator reference(rule_, small, "cpu-naive");
    reference.writeCells({kMargin, kMargin, kPatch, kPatch}, patchCells);
    reference.step(kGenerations);

    Simulator huge(rule_, kHuge, 1.0, 5, GetParam().backend);
    huge.step(1); // an empty grid, cleared on the device
    ASSERT_EQ(huge.population(), 0u);
    const long long x0 = kHuge.width - kFromEnd, y0 = kHuge.height - kFromEnd;
    huge.writeCells({x0, y0, kPatch, kPatch}, patchCells);
    huge.step(kGenerations);

    const Grid want = reference.snapshot();
    ASSERT_GT(want.population(), 0u) << "the patch should still be alive";
    EXPECT_EQ(huge.population(), want.population());
    const std::vector<Cell> got = huge.readCells({x0 - kMargin, y0 - kMargin, window, window});
    ASSERT_EQ(got.size(), want.cells().size());
    for (std::size_t i = 0; i < got.size(); ++i)
        ASSERT_EQ(got[i], want.cells()[i]) << "first difference at (" << i % std::size_t(window) << ", "
                                           << i / std::size_t(window) << ") of the window";
}

INSTANTIATE_TEST_SUITE_P(BitPlaneBackends, HugeBand,
                         ::testing::Values(HugeCase{"boxsum", "R5,C0,M0,S35..59,B34..45,NM"},
                                           HugeCase{"bitlife", "B3/S23"}),
                         [](const auto& test) { return std::string(test.param.backend); });

} // namespace
} // namespace catlab
