// The view of a grid cut into bands over every rank (MPI processes, or GPUs through NCCL): rank 0's
// pixels are one Simulator's exportView of the whole grid, bit for bit, for windows whose pixels straddle
// the bands' edges, zoomed in and out, panned across the torus's edges, on odd splits and 2 and more states.
#include "mpi/rank_backends.hpp"
#include "mpi/rank_environment.hpp"
#include "support/band_view_windows.hpp"
#include "support/error_of.hpp"
#include "support/test_rules.hpp"

#include "catlab/distributed/distributed_simulator.hpp"
#include "catlab/error.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace catlab::testing {
namespace {

struct ViewCase {
    Rule rule;
    GridSize size;
    int steps = 9;
    int haloSteps = 2;
};

std::vector<ViewPixel> oneGridPixels(const Simulator& single, const ViewWindow& window) {
    std::vector<ViewPixel> pixels(std::size_t(window.width) * std::size_t(window.height));
    single.exportView(window, {pixels.data(), window.width, MemorySpace::Host});
    return pixels;
}

// Rank 0's target has a pitch wider than the window: the padding stays untouched.
void expectSameViewAsOneGrid(const ViewCase& c) {
    Simulator single(c.rule, c.size, 0.45, 7, "cpu-naive");
    single.step(c.steps);
    const std::vector<std::string> backends = rankBackendsFor(c.rule);
    ASSERT_FALSE(backends.empty()) << "no backend here computes " << c.rule.format();
    for (const std::string& backend : backends) {
        onEveryRank([&](Communicator& comm) {
            DistributedSimulator grid(comm, c.rule, c.size, 0.45, 7, backend, c.haloSteps);
            grid.step(c.steps);
            for (const BandViewWindow& w : bandViewWindows(c.size)) {
                SCOPED_TRACE(w.label + ", backend " + backend + ", rule " + c.rule.format() + ", " +
                             std::to_string(c.size.width) + "x" + std::to_string(c.size.height) + " on " +
                             std::to_string(comm.size()) + " ranks");
                const int pitch = w.window.width + 3;
                const ViewPixel padding{1, 2, 3, 4};
                std::vector<ViewPixel> pixels(std::size_t(pitch) * std::size_t(w.window.height), padding);
                const bool root = comm.rank() == 0;
                grid.exportView(w.window, root ? ViewTarget{pixels.data(), pitch, MemorySpace::Host} : ViewTarget{});
                if (!root) continue;
                const std::vector<ViewPixel> expected = oneGridPixels(single, w.window);
                long long wrong = 0, firstWrong = -1;
                for (int y = 0; y < w.window.height; ++y)
                    for (int x = 0; x < pitch; ++x) {
                        const ViewPixel got = pixels[std::size_t(y) * std::size_t(pitch) + std::size_t(x)];
                        const ViewPixel want =
                            x < w.window.width ? expected[std::size_t(y) * std::size_t(w.window.width) + std::size_t(x)]
                                               : padding;
                        if (got == want) continue;
                        if (wrong++ == 0) firstWrong = y * pitch + x;
                    }
                EXPECT_EQ(wrong, 0) << "first wrong pixel (" << firstWrong % pitch << ", " << firstWrong / pitch << ")";
            }
        });
    }
}

TEST(DistributedView, LifeOnAnOddTorus) { expectSameViewAsOneGrid({parseRule("B3/S23").rule, {203, 157}, 13}); }

// Three ranks cut 47 rows into bands of 15 and 16 rows; halos of 3 radii reach across whole bands.
TEST(DistributedView, GenerationsOnThinBands) {
    expectSameViewAsOneGrid({parseRule("B2/S345/C4").rule, {61, 47}, 11, 3});
}

TEST(DistributedView, LargerThanLifeWithDecay) {
    expectSameViewAsOneGrid({bandedRule(3, Neighbourhood::Moore, false, 5), {151, 97}, 8});
}

// A plane, a shifted torus and a Klein bottle: the same windows (wrapping ones too) as one grid of them.
TEST(DistributedView, OtherTopologies) {
    for (const char* suffix : {":P61,47", ":T61+7,47", ":K61*,47"})
        expectSameViewAsOneGrid({parseRule(std::string("B2/S345/C4") + suffix).rule, {61, 47}, 11, 1});
}

// Bands with an edge frame past their columns: the frame never shows.
TEST(DistributedView, ASphereAndACrossSurface) {
    expectSameViewAsOneGrid({parseRule("B2/S345/C4:S47").rule, {47, 47}, 11, 1});
    expectSameViewAsOneGrid({parseRule("B2/S345/C4:C61,47").rule, {61, 47}, 11, 1});
}

TEST(DistributedView, BadWindowsAndTargetsFailOnEveryRank) {
    onEveryRank([&](Communicator& comm) {
        DistributedSimulator grid(comm, parseRule("B3/S23").rule, {64, 48}, 0.4, 1, "cpu");
        std::vector<ViewPixel> pixels(64 * 48);
        const bool root = comm.rank() == 0;
        const ViewTarget target = root ? ViewTarget{pixels.data(), 64, MemorySpace::Host} : ViewTarget{};
        EXPECT_NE(errorOf([&] {
                      grid.exportView({0, 0, 0, 64, 48}, target);
                  }).find("cells per pixel"),
                  std::string::npos);
        // Rank 0 finds its pitch too narrow; every rank throws.
        const ViewTarget narrow = root ? ViewTarget{pixels.data(), 40, MemorySpace::Host} : ViewTarget{};
        const std::string error = errorOf([&] { grid.exportView({0, 0, 1, 64, 48}, narrow); });
        EXPECT_NE(error, "(no error)");
        if (root) {
            EXPECT_NE(error.find("pitch 40"), std::string::npos) << error;
        }
        // And the grid still exports after the refusals.
        EXPECT_EQ(errorOf([&] { grid.exportView({0, 0, 1, 64, 48}, target); }), "(no error)");
    });
}

} // namespace
} // namespace catlab::testing
