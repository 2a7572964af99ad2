// The stochastic terms of the cloud automaton: the generator, probability codes, the per-cell
// probabilities from ellipsoid sources, extinction and supply at p = 0, 1 and in between, and
// determinism by seed.
#include "catlab/cloud/cloud_random.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cloud/probability_field.hpp"
#include "catlab/error.hpp"
#include "support/cloud_test_support.hpp"

#include <gtest/gtest.h>

namespace catlab::cloud {
namespace {

using testing::growthOnly;
using testing::randomCells;
using testing::sameCells;

TEST(CloudRandom, PhiloxMatchesTheKnownAnswers) {
    // Random123's kat_vectors for philox4x32-10.
    const Philox4 zero = philox4x32({{0, 0, 0, 0}}, 0, 0);
    EXPECT_EQ(zero.v[0], 0x6627e8d5u);
    EXPECT_EQ(zero.v[1], 0xe169c58du);
    EXPECT_EQ(zero.v[2], 0xbc57ac4cu);
    EXPECT_EQ(zero.v[3], 0x9b00dbd8u);
    const Philox4 ones = philox4x32({{~0u, ~0u, ~0u, ~0u}}, ~0u, ~0u);
    EXPECT_EQ(ones.v[0], 0x408f276du);
    EXPECT_EQ(ones.v[1], 0x41c83b0eu);
    EXPECT_EQ(ones.v[2], 0xa20bc7c6u);
    EXPECT_EQ(ones.v[3], 0x6d5451fdu);
    const Philox4 pi = philox4x32({{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}}, 0xa4093822u, 0x299f31d0u);
    EXPECT_EQ(pi.v[0], 0xd16cfe09u);
    EXPECT_EQ(pi.v[1], 0x94fdccebu);
    EXPECT_EQ(pi.v[2], 0x5001e420u);
    EXPECT_EQ(pi.v[3], 0x24126ea1u);
}

TEST(CloudRandom, PairsOfCellsShareABlockButNotTheirDraws) {
    const Philox4 block = cloudPairBlock(42, 7, 10, 3, 2);
    const CloudDraws even = cloudDraws(42, 7, 10, 3, 2), odd = cloudDraws(42, 7, 11, 3, 2);
    EXPECT_EQ(even.ext, block.v[0] & 0xFFFFu);
    EXPECT_EQ(even.hum, block.v[0] >> 16);
    EXPECT_EQ(even.act, block.v[1] & 0xFFFFu);
    EXPECT_EQ(odd.ext, block.v[2] & 0xFFFFu);
    EXPECT_EQ(odd.hum, block.v[2] >> 16);
    EXPECT_EQ(odd.act, block.v[3] & 0xFFFFu);
    // Every coordinate, the step and the seed change the draws.
    const auto all = [](CloudDraws d) {
        return std::uint64_t(d.ext) | std::uint64_t(d.hum) << 16 | std::uint64_t(d.act) << 32;
    };
    const std::uint64_t base = all(even);
    EXPECT_NE(all(cloudDraws(42, 7, 12, 3, 2)), base);
    EXPECT_NE(all(cloudDraws(42, 7, 10, 4, 2)), base);
    EXPECT_NE(all(cloudDraws(42, 7, 10, 3, 3)), base);
    EXPECT_NE(all(cloudDraws(42, 8, 10, 3, 2)), base);
    EXPECT_NE(all(cloudDraws(43, 7, 10, 3, 2)), base);
    EXPECT_NE(all(cloudDraws(42, 7 + (std::uint64_t(1) << 32), 10, 3, 2)), base);
}

TEST(CloudProbability, CodesAreExactAtZeroHalfAndOne) {
    EXPECT_EQ(encodeProbability(0.0), 0);
    EXPECT_EQ(encodeProbability(-1.0), 0);
    EXPECT_EQ(encodeProbability(1.0), kCertain);
    EXPECT_EQ(encodeProbability(0.5), 32768);
    EXPECT_EQ(encodeProbability(0.25), 16384);
    EXPECT_EQ(encodeProbability(1e-9), 1);           // a positive probability never becomes impossible
    EXPECT_EQ(encodeProbability(1.0 - 1e-9), 65534); // nor a probability below 1 certain
    EXPECT_FALSE(eventHappens(0, 0));
    EXPECT_TRUE(eventHappens(kCertain, 0xFFFF));
    EXPECT_TRUE(eventHappens(32768, 32767));
    EXPECT_FALSE(eventHappens(32768, 32768));
}

TEST(CloudSources, StrengthIsOneInsideAndFallsOffLinearlyToTwiceTheRadii) {
    const std::vector<CloudSource> one{{10, 20, 5, 4, 2, 1}};
    EXPECT_DOUBLE_EQ(sourceStrength(one, 10, 20, 5), 1.0);
    EXPECT_DOUBLE_EQ(sourceStrength(one, 14, 20, 5), 1.0); // on the surface (d = 1)
    EXPECT_DOUBLE_EQ(sourceStrength(one, 16, 20, 5), 0.5); // d = 1.5 along x
    EXPECT_DOUBLE_EQ(sourceStrength(one, 10, 23, 5), 0.5); // d = 1.5 along y
    EXPECT_DOUBLE_EQ(sourceStrength(one, 10, 20, 3.5), 0.5);
    EXPECT_DOUBLE_EQ(sourceStrength(one, 10, 17.5, 5), 0.75); // d = 1.25
    EXPECT_DOUBLE_EQ(sourceStrength(one, 18, 20, 5), 0.0);    // d = 2
    EXPECT_DOUBLE_EQ(sourceStrength(one, 30, 20, 5), 0.0);
    EXPECT_DOUBLE_EQ(sourceStrength({}, 10, 20, 5), 0.0);
    // Two sources: the stronger wins.
    const std::vector<CloudSource> two{{10, 20, 5, 4, 2, 1}, {19, 20, 5, 2, 2, 2}};
    EXPECT_DOUBLE_EQ(sourceStrength(two, 16, 20, 5), 0.5);
    EXPECT_DOUBLE_EQ(sourceStrength(two, 18, 20, 5), 1.0);
}

TEST(CloudSources, FieldHoldsThePerCellProbabilities) {
    CloudParams p;
    p.pExt = 0.5;
    p.pHum = 0.5;
    p.pAct = 0.25;
    p.sources = {{10, 4, 4, 4, 100, 100}};
    const CloudSize size{24, 9, 9};
    const ProbabilityField f = makeProbabilityField(size, p);
    const auto at = [&](const std::vector<ProbabilityCode>& codes, int x) {
        return codes[(std::size_t(4) * 9 + 4) * 24 + std::size_t(x)];
    };
    // Inside: full supply, half the extinction.
    EXPECT_EQ(at(f.hum, 10), encodeProbability(0.5));
    EXPECT_EQ(at(f.act, 10), encodeProbability(0.25));
    EXPECT_EQ(at(f.ext, 10), encodeProbability(0.25));
    EXPECT_EQ(at(f.hum, 14), encodeProbability(0.5));
    // d = 1.5: strength 0.5.
    EXPECT_EQ(at(f.hum, 16), encodeProbability(0.25));
    EXPECT_EQ(at(f.act, 4), encodeProbability(0.125));
    EXPECT_EQ(at(f.ext, 16), encodeProbability(0.5 * 0.75));
    // d = 2 and beyond: no supply, full extinction.
    EXPECT_EQ(at(f.hum, 18), 0);
    EXPECT_EQ(at(f.act, 23), 0);
    EXPECT_EQ(at(f.ext, 18), encodeProbability(0.5));
    EXPECT_EQ(at(f.hum, 2), 0);
}

TEST(CloudSources, SourceOutsideTheVolumeStillReachesIn) {
    CloudParams p;
    p.pHum = 1.0;
    p.sources = {{-3, 2, 2, 2, 50, 50}}; // d = 1.5 at x = 0, 2 at x = 1
    const ProbabilityField f = makeProbabilityField({8, 5, 5}, p);
    EXPECT_EQ(f.hum[(std::size_t(2) * 5 + 2) * 8 + 0], encodeProbability(0.5));
    EXPECT_EQ(f.hum[(std::size_t(2) * 5 + 2) * 8 + 1], 0);
}

// One step from `cells` with these parameters on the CPU reference.
CloudCells stepWith(const CloudCells& cells, const CloudParams& params, int steps = 1) {
    auto sim = makeCloudSimulation("cpu", cells.size(), params);
    sim->load(cells);
    sim->step(steps);
    return sim->cells();
}

// A source that covers the whole small test volume at full strength.
CloudSource everywhere(CloudSize s) { return {s.nx / 2.0, s.ny / 2.0, s.nz / 2.0, 1000, 1000, 1000}; }

TEST(CloudStochastic, ExtinctionAtOneClearsEveryCloudAndAtZeroNone) {
    const CloudSize size{37, 5, 4};
    CloudCells cells(size);
    for (int x = 0; x < size.nx; ++x) cells.at(x, x % 5, x % 4) = kCld;
    CloudParams p = growthOnly();
    p.pExt = 1.0; // no sources: p_ext everywhere
    EXPECT_EQ(stepWith(cells, p).counts().cld, 0u);
    p.pExt = 0.0;
    EXPECT_TRUE(sameCells(cells, stepWith(cells, p, 5)));
}

TEST(CloudStochastic, ExtinctionInsideSourcesIsHalved) {
    const CloudSize size{40, 40, 8};
    CloudCells cells(size);
    for (auto& b : cells.bytes()) b = kCld;
    CloudParams p = growthOnly();
    p.pExt = 1.0;
    p.sources = {everywhere(size)};
    const CloudCounts c = stepWith(cells, p).counts();
    EXPECT_NEAR(double(c.cld) / double(size.cellCount()), 0.5, 0.02);
}

TEST(CloudStochastic, SupplyAtOneFillsTheSourceAndAtZeroNothing) {
    const CloudSize size{33, 6, 5};
    const CloudCells empty(size);
    CloudParams p = growthOnly();
    p.sources = {everywhere(size)};
    p.pHum = 1.0;
    EXPECT_EQ(stepWith(empty, p).counts(), (CloudCounts{size.cellCount(), 0, 0}));
    p.pHum = 0.0;
    p.pAct = 1.0;
    EXPECT_EQ(stepWith(empty, p).counts(), (CloudCounts{0, size.cellCount(), 0}));
    p.pAct = 0.0;
    EXPECT_EQ(stepWith(empty, p, 3).counts(), (CloudCounts{}));
    // Without sources there is no supply at all.
    p.sources.clear();
    p.pHum = p.pAct = 1.0;
    EXPECT_EQ(stepWith(empty, p, 3).counts(), (CloudCounts{}));
}

TEST(CloudStochastic, SupplyStaysWithinTwiceTheRadii) {
    const CloudSize size{30, 30, 10};
    CloudParams p = growthOnly();
    p.pHum = 1.0;
    p.sources = {{15, 15, 5, 3, 3, 2}};
    const CloudCells next = stepWith(CloudCells(size), p);
    for (int z = 0; z < size.nz; ++z)
        for (int y = 0; y < size.ny; ++y)
            for (int x = 0; x < size.nx; ++x) {
                const double s = sourceStrength(p.sources, x, y, z);
                if (s == 0.0) {
                    ASSERT_FALSE(next.has(x, y, z, kHum)) << x << "," << y << "," << z;
                } else if (s == 1.0) {
                    ASSERT_TRUE(next.has(x, y, z, kHum)) << x << "," << y << "," << z;
                }
            }
}

TEST(CloudStochastic, DrawsFireAtTheirProbability) {
    const CloudSize size{64, 64, 16};
    CloudParams p = growthOnly();
    p.sources = {everywhere(size)};
    p.pHum = 0.25;
    p.pAct = 0.1;
    const CloudCounts c = stepWith(CloudCells(size), p).counts();
    const double n = double(size.cellCount());
    EXPECT_NEAR(double(c.hum) / n, 0.25, 0.01);
    EXPECT_NEAR(double(c.act) / n, 0.1, 0.01);
}

TEST(CloudStochastic, SameSeedSameCellsOtherSeedOtherCells) {
    const CloudSize size{29, 23, 11};
    CloudParams p;
    p.pExt = 0.05;
    p.pHum = 0.2;
    p.pAct = 0.01;
    p.sources = {{14, 11, 5, 8, 6, 3}};
    p.wind = {0.2, 0.0, 0.7, -0.3};
    p.seed = 12345;
    const CloudCells start = randomCells(size, 3, 80, 10, 40);
    const CloudCells a = stepWith(start, p, 30), b = stepWith(start, p, 30);
    EXPECT_TRUE(sameCells(a, b));
    EXPECT_GT(a.counts().cld, 0u);
    p.seed = 12346;
    EXPECT_NE(firstDifference(a, stepWith(start, p, 30)), -1);
}

TEST(CloudStochastic, StepsInPiecesEqualStepsAtOnce) {
    const CloudSize size{20, 10, 6};
    CloudParams p;
    p.pHum = 0.3;
    p.pAct = 0.05;
    p.sources = {{10, 5, 3, 5, 3, 2}};
    p.wind = {0.5, 0.25, 1.0, 0.0};
    auto once = makeCloudSimulation("cpu", size, p), pieces = makeCloudSimulation("cpu", size, p);
    once->step(17);
    pieces->step(5);
    pieces->step(0);
    pieces->step(12);
    EXPECT_EQ(pieces->generation(), 17u);
    EXPECT_TRUE(sameCells(once->cells(), pieces->cells()));
    // Loading a state with its step number continues the same run.
    auto resumed = makeCloudSimulation("cpu", size, p);
    auto reference = makeCloudSimulation("cpu", size, p);
    reference->step(9);
    resumed->load(reference->cells(), reference->generation());
    reference->step(8);
    resumed->step(8);
    EXPECT_TRUE(sameCells(reference->cells(), resumed->cells()));
}

TEST(CloudStochastic, ParametersAreCheckedWithClearMessages) {
    CloudParams p;
    p.pExt = 1.5;
    EXPECT_THROW(validateCloudParams(p), Error);
    try {
        validateCloudParams(p);
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "p_ext 1.5 is outside 0..1");
    }
    p = {};
    p.sources = {{1, 2, 3, 0, 1, 1}};
    EXPECT_THROW(makeCloudSimulation("cpu", {4, 4, 4}, p), Error);
    p = {};
    p.wind.vxTop = 1e9;
    EXPECT_THROW(makeCloudSimulation("cpu", {4, 4, 4}, p), Error);
    auto sim = makeCloudSimulation("cpu", {4, 4, 4}, CloudParams{});
    p = {};
    p.pHum = -0.1;
    EXPECT_THROW(sim->setParams(p), Error);
    EXPECT_THROW(makeCloudSimulation("turbo", {4, 4, 4}, CloudParams{}), Error);
}

} // namespace
} // namespace catlab::cloud
