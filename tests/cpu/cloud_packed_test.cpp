// The bit-packed cloud step (packed_step.hpp, the code each CUDA thread runs for its word) driven over
// whole volumes on the host, against the byte-per-cell reference: the same cells bit for bit after many
// steps with every stochastic term and the wind on, at sizes that are and are not multiples of 32; the
// separable density passes against the direct filter. The GPU tests repeat this on the device.
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cloud/packed_density.hpp"
#include "catlab/cloud/packed_step.hpp"
#include "support/cloud_test_support.hpp"

#include <gtest/gtest.h>

#include <utility>

namespace catlab::cloud {
namespace {

using namespace packed;
using testing::randomCells;
using testing::sameCells;

// The CUDA backend's step loop, word by word on the host.
class HostPackedRun {
  public:
    HostPackedRun(const CloudCells& start, const CloudParams& params)
        : params_(params), field_(makeProbabilityField(start.size(), params)), wind_(params.wind, start.size().nz),
          dims_(PackedDims::of(start.size())), current_(packCells(start)), next_(current_.size()),
          active_(activeTerms(field_)) {}

    void step(int steps) {
        const PackedCodes codes{field_.ext.data(), field_.hum.data(), field_.act.data(), active_.data()};
        for (int i = 0; i < steps; ++i, ++generation_) {
            const PackedStep s{dims_, params_.seed, generation_};
            for (int z = 0; z < dims_.nz; ++z)
                for (int y = 0; y < dims_.ny; ++y)
                    for (int w = 0; w < dims_.words; ++w) growWord(current_.data(), next_.data(), codes, s, w, y, z);
            if (wind_.movesAt(generation_)) {
                for (int z = 0; z < dims_.nz; ++z) {
                    const int dx = windShift(wind_.vx[std::size_t(z)], generation_);
                    const int dy = windShift(wind_.vy[std::size_t(z)], generation_);
                    for (int y = 0; y < dims_.ny; ++y)
                        for (int w = 0; w < dims_.words; ++w)
                            blowWord(next_.data(), current_.data(), dx, dy, dims_, w, y, z);
                }
            } else {
                std::swap(current_, next_);
            }
        }
    }

    CloudCells cells(CloudSize size) const {
        CloudCells c(size);
        unpackCells(current_, c);
        return c;
    }
    const std::vector<std::uint32_t>& words() const { return current_; }

  private:
    CloudParams params_;
    ProbabilityField field_;
    WindSchedule wind_;
    PackedDims dims_;
    std::vector<std::uint32_t> current_, next_;
    std::vector<std::uint8_t> active_;
    std::uint64_t generation_ = 0;
};

CloudParams busyParams(CloudSize s, std::uint64_t seed, CloudWind wind) {
    CloudParams p;
    p.pExt = 0.1;
    p.pHum = 0.3;
    p.pAct = 0.02;
    p.seed = seed;
    p.wind = wind;
    p.sources = {{s.nx * 0.5, s.ny * 0.5, s.nz * 0.4, s.nx * 0.25, s.ny * 0.3, s.nz * 0.3 + 0.5},
                 {0.0, s.ny - 1.0, s.nz - 1.0, 5, 4, 2}};
    return p;
}

TEST(CloudPacked, PackingRoundTripsAndKeepsThePaddingClear) {
    const CloudSize size{37, 3, 2};
    const CloudCells cells = randomCells(size, 1, 128, 128, 128);
    const std::vector<std::uint32_t> words = packCells(cells);
    const PackedDims d = PackedDims::of(size);
    ASSERT_EQ(d.words, 2);
    EXPECT_EQ(d.lastMask, 0x1Fu);
    ASSERT_EQ(words.size(), 3u * 2u * 3u * 2u);
    for (std::size_t i = 1; i < words.size(); i += 2) EXPECT_EQ(words[i] & ~0x1Fu, 0u) << i;
    CloudCells back(size);
    unpackCells(words, back);
    EXPECT_TRUE(sameCells(cells, back));
    // Cell (33, 2, 1) is bit 1 of word 1 of row (2, 1).
    CloudCells one(size);
    one.at(33, 2, 1) = kAct;
    EXPECT_EQ(packCells(one)[std::size_t(kActField) * d.fieldWords + d.wordIndex(1, 2, 1)], 2u);
}

TEST(CloudPacked, WordStepMatchesTheReferenceBitForBit) {
    struct Case {
        CloudSize size;
        int steps;
        CloudWind wind;
    };
    const CloudWind shear{0.3, -0.2, 1.7, 0.45};
    const Case cases[] = {
        {{33, 17, 9}, 120, shear}, {{64, 6, 5}, 80, {-1.25, 0, 0.6, 0}},        {{1, 5, 7}, 100, {0, 0.5, 0, -0.5}},
        {{31, 2, 1}, 100, shear},  {{95, 9, 5}, 60, {40.5, 3.0, -37.25, -2.0}}, {{70, 21, 12}, 40, {}},
    };
    std::uint64_t seed = 5;
    for (const Case& c : cases) {
        SCOPED_TRACE(sizeText(c.size));
        const CloudParams p = busyParams(c.size, seed++, c.wind);
        const CloudCells start = randomCells(c.size, std::uint32_t(seed), 90, 12, 50);
        auto reference = makeCloudSimulation("cpu", c.size, p);
        reference->load(start);
        HostPackedRun packed(start, p);
        for (int part = 0; part < 3; ++part) {
            reference->step(c.steps / 3);
            packed.step(c.steps / 3);
            ASSERT_TRUE(sameCells(reference->cells(), packed.cells(c.size))) << "after " << reference->generation();
        }
        EXPECT_GT(reference->counts().cld, 0u);
    }
}

TEST(CloudPacked, GrowthOnlyMatchesFromADenseStart) {
    // Dense activation and humidity exercise every neighbour word of f_act at once.
    const CloudSize size{67, 11, 9};
    const CloudCells start = randomCells(size, 3, 230, 40, 10);
    auto reference = makeCloudSimulation("cpu", size, testing::growthOnly());
    reference->load(start);
    HostPackedRun packed(start, testing::growthOnly());
    for (int i = 0; i < 12; ++i) {
        reference->step(1);
        packed.step(1);
        ASSERT_TRUE(sameCells(reference->cells(), packed.cells(size))) << "step " << i + 1;
    }
}

TEST(CloudPacked, SeparableDensityEqualsTheDirectFilter) {
    for (const CloudSize size : {CloudSize{33, 17, 9}, CloudSize{1, 5, 7}, CloudSize{64, 3, 4}}) {
        const CloudCells cells = randomCells(size, 8, 0, 0, 110);
        const std::vector<std::uint32_t> words = packCells(cells);
        for (int r = 0; r <= kMaxDensityRadius; ++r)
            EXPECT_EQ(packedDensity(words, size, r), cloudDensity(cells, r)) << sizeText(size) << " radius " << r;
    }
    const FilterWeights k = filterWeights(3);
    EXPECT_EQ(std::vector<std::uint32_t>(k.w, k.w + 7), (std::vector<std::uint32_t>{1, 6, 15, 20, 15, 6, 1}));
}

} // namespace
} // namespace catlab::cloud
