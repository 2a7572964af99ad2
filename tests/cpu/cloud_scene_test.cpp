// The cloud scenes: the cumulus field is laid out as it says (deterministic, inside the volume, bases on
// one level, tops spread, scaled with the volume), and what forms from it on the CPU reference is a field
// of separate clouds of different heights over one base, unlike the single ellipsoid.
#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/cloud/cumulus_field.hpp"
#include "catlab/cloud/probability_field.hpp"
#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

namespace catlab::cloud {
namespace {

constexpr std::array kSizes{CloudSize{256, 256, 64}, CloudSize{512, 512, 128}, CloudSize{1024, 1024, 256},
                            CloudSize{128, 128, 32}, CloudSize{300, 200, 40}};

TEST(CloudScene, NamesParseCaseInsensitivelyAndUnknownOnesAreListed) {
    EXPECT_EQ(parseCloudScene("cumulus"), CloudScene::Cumulus);
    EXPECT_EQ(parseCloudScene("Ellipsoid"), CloudScene::Ellipsoid);
    EXPECT_STREQ(cloudSceneName(kDefaultCloudScene), "cumulus");
    try {
        parseCloudScene("stratus");
        FAIL() << "no error for an unknown scene";
    } catch (const Error& e) {
        EXPECT_STREQ(e.what(), "unknown cloud scene 'stratus': the scenes are cumulus, ellipsoid");
    }
}

TEST(CloudScene, EllipsoidIsTheSingleSourceWithTheModelsDefaults) {
    const CloudParams p = cloudSceneParams(CloudScene::Ellipsoid, {40, 36, 12}, 9);
    CloudParams expected;
    expected.sources = {defaultCloudSource(40, 36, 12)};
    expected.seed = 9;
    EXPECT_EQ(p, expected);
}

TEST(CloudScene, CumulusIsDeterministicFromTheSeedAndTheSize) {
    const CloudSize size{256, 256, 64};
    EXPECT_EQ(cloudSceneParams(CloudScene::Cumulus, size, 7), cloudSceneParams(CloudScene::Cumulus, size, 7));
    EXPECT_NE(cloudSceneParams(CloudScene::Cumulus, size, 7).sources,
              cloudSceneParams(CloudScene::Cumulus, size, 8).sources);
    EXPECT_EQ(cloudSceneParams(CloudScene::Cumulus, size, 7).seed, 7u);
}

TEST(CloudScene, CumulusSourcesAreValidAndInsideTheVolume) {
    for (const CloudSize size : kSizes)
        for (std::uint64_t seed : {1u, 2u, 77u}) {
            SCOPED_TRACE(sizeText(size) + ", seed " + std::to_string(seed));
            const CloudParams p = cloudSceneParams(CloudScene::Cumulus, size, seed);
            EXPECT_NO_THROW(validateCloudParams(p));
            ASSERT_GE(p.sources.size(), 4u);
            for (const CloudSource& s : p.sources) {
                EXPECT_GE(s.cx, 0);
                EXPECT_LE(s.cx, size.nx - 1);
                EXPECT_GE(s.cy, 0);
                EXPECT_LE(s.cy, size.ny - 1);
                EXPECT_GE(s.cz - s.rz, 0);
                EXPECT_LE(s.cz + s.rz, size.nz - 1);
            }
        }
}

TEST(CloudScene, CumulusBasesShareALevelAndTopsSpreadToTowersTallerThanWide) {
    for (const CloudSize size : kSizes)
        for (std::uint64_t seed : {1u, 2u, 77u}) {
            SCOPED_TRACE(sizeText(size) + ", seed " + std::to_string(seed));
            const std::vector<CumulusCloud> field = cumulusField(size, seed);
            ASSERT_GE(field.size(), 4u) << "a field, not a lone cloud";
            double lowestTop = size.nz, highestTop = 0;
            bool towerTallerThanWide = false;
            for (std::size_t i = 0; i < field.size(); ++i) {
                const CumulusCloud& c = field[i];
                EXPECT_NEAR(c.base / size.nz, kCondensationLevel, 0.021);
                EXPECT_LE(c.top / size.nz, kHighestTop);
                EXPECT_GT(c.top - c.base, 0.2 * size.nz);
                lowestTop = std::min(lowestTop, c.top);
                highestTop = std::max(highestTop, c.top);
                towerTallerThanWide |= c.top - c.base > 2 * c.radius;

                // The cloud's ellipsoids span exactly its base to its top.
                const std::vector<CloudSource> parts = cumulusSources(c, 0.25, 0.05, seed, std::uint32_t(i));
                ASSERT_GE(parts.size(), 2u) << "a base and a tower";
                double bottom = size.nz, top = 0;
                for (const CloudSource& s : parts) {
                    bottom = std::min(bottom, s.cz - s.rz);
                    top = std::max(top, s.cz + s.rz);
                }
                EXPECT_NEAR(bottom, c.base, 1e-9);
                EXPECT_NEAR(top, c.top, 1e-9);
            }
            EXPECT_GT((highestTop - lowestTop) / size.nz, 0.3) << "the tops should reach different heights";
            EXPECT_TRUE(towerTallerThanWide);
        }
}

TEST(CloudScene, CumulusFieldScalesWithTheVolume) {
    const std::vector<CumulusCloud> small = cumulusField({256, 256, 64}, 3);
    for (const CloudSize size : {CloudSize{512, 512, 128}, CloudSize{1024, 1024, 256}}) {
        const std::vector<CumulusCloud> large = cumulusField(size, 3);
        const double k = size.nz / 64.0;
        ASSERT_EQ(large.size(), small.size()) << sizeText(size);
        for (std::size_t i = 0; i < small.size(); ++i) {
            EXPECT_NEAR(large[i].x, k * small[i].x, k);
            EXPECT_NEAR(large[i].y, k * small[i].y, k);
            EXPECT_NEAR(large[i].base, k * small[i].base, 1e-9);
            EXPECT_NEAR(large[i].top, k * small[i].top, 1e-9);
            EXPECT_NEAR(large[i].radius, k * small[i].radius, 1e-9);
        }
        const CloudWind wind = cumulusWind(size.nz), base = cumulusWind(64);
        EXPECT_DOUBLE_EQ(wind.vxTop, k * base.vxTop);
    }
}

TEST(CloudScene, CumulusWindStrengthensWithHeight) {
    const CloudWind wind = cloudSceneParams(CloudScene::Cumulus, {256, 256, 64}, 1).wind;
    EXPECT_GT(std::hypot(wind.vxTop, wind.vyTop), 4 * std::hypot(wind.vx, wind.vy));
    EXPECT_GT(std::hypot(wind.vx, wind.vy), 0);
}

// What a scene has formed after some steps on the CPU reference.
struct Formed {
    int clouds = 0;          // 6-connected pieces of cloud of at least kPieceCells cells
    double topSpread = 0;    // highest minus lowest top of those pieces, over the height
    double lowest = 0;       // the lowest layer holding 1% of the cloud cells, over the height
    double coverage = 0;     // the fraction of columns with cloud in them
    double filledInside = 0; // the fraction of cells inside the sources that hold cloud
};
constexpr int kPieceCells = 40;

Formed formed(CloudScene scene, CloudSize size, int steps) {
    const CloudParams params = cloudSceneParams(scene, size, 1);
    const auto sim = makeCloudSimulation("cpu", size, params);
    sim->step(steps);
    const CloudCells cells = sim->cells();
    Formed f;
    std::vector<int> piece(cells.bytes().size(), -1);
    std::vector<double> tops;
    std::vector<std::size_t> stack;
    for (std::size_t start = 0; start < piece.size(); ++start) {
        if (!(cells.bytes()[start] & kCld) || piece[start] >= 0) continue;
        int count = 0, top = 0;
        stack = {start};
        piece[start] = int(tops.size());
        while (!stack.empty()) {
            const std::size_t i = stack.back();
            stack.pop_back();
            ++count;
            const int x = int(i % std::size_t(size.nx)), y = int(i / std::size_t(size.nx) % std::size_t(size.ny)),
                      z = int(i / (std::size_t(size.nx) * std::size_t(size.ny)));
            top = std::max(top, z);
            for (const auto [dx, dy, dz] :
                 {std::array{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}) {
                if (!cells.inside(x + dx, y + dy, z + dz)) continue;
                const std::size_t j = cells.index(x + dx, y + dy, z + dz);
                if ((cells.bytes()[j] & kCld) && piece[j] < 0) {
                    piece[j] = piece[start];
                    stack.push_back(j);
                }
            }
        }
        tops.push_back(count >= kPieceCells ? top : -1);
    }
    std::erase(tops, -1);
    f.clouds = int(tops.size());
    if (!tops.empty())
        f.topSpread = (*std::max_element(tops.begin(), tops.end()) - *std::min_element(tops.begin(), tops.end())) /
                      double(size.nz);

    std::vector<long long> layer(std::size_t(size.nz), 0);
    long long total = 0, covered = 0, inside = 0, insideCloud = 0;
    for (int y = 0; y < size.ny; ++y)
        for (int x = 0; x < size.nx; ++x) {
            bool any = false;
            for (int z = 0; z < size.nz; ++z) {
                const bool cloud = cells.has(x, y, z, kCld);
                any |= cloud;
                layer[std::size_t(z)] += cloud;
                total += cloud;
                if (sourceStrength(params.sources, x, y, z) >= 1.0) {
                    ++inside;
                    insideCloud += cloud;
                }
            }
            covered += any;
        }
    long long below = 0;
    int lowest = 0;
    while (lowest < size.nz && (below += layer[std::size_t(lowest)]) < total / 100) ++lowest;
    f.lowest = double(lowest) / size.nz;
    f.coverage = double(covered) / (double(size.nx) * size.ny);
    f.filledInside = inside ? double(insideCloud) / double(inside) : 0.0;
    return f;
}

// Each bound below is one the single ellipsoid breaks: it forms one or two pieces of similar height,
// covers most of the sky and fills its source nearly solid.
TEST(CloudScene, CumulusFormsSeparateCloudsOfDifferentHeightsOverOneBase) {
    const CloudSize size{96, 96, 24};
    const Formed cumulus = formed(CloudScene::Cumulus, size, 200);
    EXPECT_GE(cumulus.clouds, 6) << "a field of clouds, not one blob";
    EXPECT_GT(cumulus.topSpread, 0.3) << "the clouds' tops at different heights";
    EXPECT_GT(cumulus.lowest, 0.05) << "clear air below the condensation level";
    EXPECT_LT(cumulus.lowest, 0.2);
    EXPECT_GT(cumulus.coverage, 0.15) << "the sky mostly clear, but not empty";
    EXPECT_LT(cumulus.coverage, 0.6);
    EXPECT_GT(cumulus.filledInside, 0.3) << "clouds, not haze";
    EXPECT_LT(cumulus.filledInside, 0.8) << "lumps, not solid ellipsoids";

    const Formed ellipsoid = formed(CloudScene::Ellipsoid, size, 200);
    EXPECT_LT(ellipsoid.clouds, 6);
    EXPECT_GT(ellipsoid.coverage, 0.6);
    EXPECT_GT(ellipsoid.filledInside, 0.8);
}

} // namespace
} // namespace catlab::cloud
