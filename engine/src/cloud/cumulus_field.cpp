#include "catlab/cloud/cumulus_field.hpp"

#include "catlab/cloud/cloud_random.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace catlab::cloud {
namespace {

// The field stays within the source limit: at most this many clouds of at most kMaxParts ellipsoids.
constexpr int kMaxClouds = 90;
constexpr int kMaxTurrets = 4;
constexpr int kMaxTowerBubbles = 5;
static_assert(kMaxClouds * (2 + kMaxTowerBubbles + kMaxTurrets) <= int(kMaxCloudSources));

// Numbers in [0, 1) for the layout: a pure function of (seed, stream, item, draw), the same on every
// platform (the standard library's distributions are not).
class LayoutDraws {
  public:
    LayoutDraws(std::uint64_t seed, std::uint32_t stream, std::uint32_t item)
        : seed_(seed), stream_(stream), item_(item) {}
    double next() {
        const Philox4 r =
            philox4x32({{item_, draw_++, stream_, 0x5CE7E5u}}, std::uint32_t(seed_), std::uint32_t(seed_ >> 32));
        return double(r.v[0]) * 0x1p-32;
    }
    double between(double lo, double hi) { return lo + (hi - lo) * next(); }

  private:
    std::uint64_t seed_;
    std::uint32_t stream_, item_, draw_ = 0;
};

enum Stream : std::uint32_t { kPlaces = 1, kHeights = 2, kParts = 3 };

} // namespace

std::vector<CumulusCloud> cumulusField(CloudSize size, std::uint64_t seed) {
    checkCloudSize(size);
    const double nx = size.nx, ny = size.ny, nz = size.nz;
    // A grid a little finer than the volume is high, about half its cells clear sky and the clouds
    // jittered within theirs, so that the field shows no rows; in a wide, flat volume fewer and further.
    const double spacing = std::max(0.7 * nz, std::sqrt(nx * ny / kMaxClouds));
    const int columns = std::max(1, int(nx / spacing)), rows = std::max(1, int(ny / spacing));
    const double cellX = nx / columns, cellY = ny / rows;
    const bool gaps = columns * rows >= 4; // patches of clear sky, where there are patches to spare

    std::vector<CumulusCloud> field;
    for (int row = 0; row < rows; ++row)
        for (int column = 0; column < columns; ++column) {
            LayoutDraws draw(seed, kPlaces, std::uint32_t(row * columns + column));
            const bool lastChance = row == rows - 1 && column == columns - 1 && field.empty();
            if (gaps && draw.next() < 0.45 && !lastChance) continue;
            CumulusCloud cloud;
            cloud.radius = std::min(cellX, cellY) * draw.between(0.22, 0.45);
            const double reachX = std::max(0.0, 0.5 * (nx - 1) - cloud.radius);
            const double reachY = std::max(0.0, 0.5 * (ny - 1) - cloud.radius);
            cloud.x =
                std::clamp((column + draw.between(0.1, 0.9)) * cellX, 0.5 * (nx - 1) - reachX, 0.5 * (nx - 1) + reachX);
            cloud.y =
                std::clamp((row + draw.between(0.1, 0.9)) * cellY, 0.5 * (ny - 1) - reachY, 0.5 * (ny - 1) + reachY);
            cloud.base = nz * (kCondensationLevel + draw.between(-0.02, 0.02));
            field.push_back(cloud);
        }

    // Tops from a ladder shuffled over the clouds, so that every field has shallow humps and tall towers.
    const std::size_t n = field.size();
    std::vector<std::size_t> rung(n);
    std::iota(rung.begin(), rung.end(), 0);
    LayoutDraws shuffle(seed, kHeights, 0);
    for (std::size_t i = n; i > 1; --i) std::swap(rung[i - 1], rung[std::size_t(shuffle.next() * double(i))]);
    const double lowest = kCondensationLevel + 0.24, highest = kHighestTop;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = (double(rung[i]) + shuffle.next()) / double(n);
        field[i].top = nz * (lowest + (highest - lowest) * t);
    }
    return field;
}

std::vector<CloudSource> cumulusSources(const CumulusCloud& cloud, double leanX, double leanY, std::uint64_t seed,
                                        std::uint32_t index) {
    LayoutDraws draw(seed, kParts, index);
    const double height = std::max(cloud.top - cloud.base, 1e-3);
    const double radius = cloud.radius;
    // Shear bends the cloud: a part at z sits lean * (z - base) downwind of the base, the middle of
    // the cloud over (x, y).
    auto at = [&](double z, double rx, double ry, double rz, double jitterX, double jitterY) {
        const double rise = z - cloud.base - 0.5 * height;
        return CloudSource{cloud.x + leanX * rise + jitterX, cloud.y + leanY * rise + jitterY, z, rx, ry, rz};
    };
    std::vector<CloudSource> parts;

    // The base: wide and flat, its bottom on the condensation level, with a second lobe beside it so
    // that the footprint is not a circle.
    const double baseRz = std::min(0.3 * radius, 0.5 * height);
    parts.push_back(at(cloud.base + baseRz, radius, radius * draw.between(0.75, 1.0), baseRz, 0, 0));
    const double lobeAngle = 2.0 * std::numbers::pi * draw.next(), lobe = radius * draw.between(0.55, 0.75);
    parts.push_back(at(cloud.base + baseRz, lobe, lobe, baseRz, (radius - 0.4 * lobe) * std::cos(lobeAngle),
                       (radius - 0.4 * lobe) * std::sin(lobeAngle)));

    // The tower: bubbles narrowing a little upward, the last one's top the cloud's top.
    auto bubbleRadius = [&](double f) { return radius * (0.72 - 0.17 * f); };
    const double firstZ = cloud.base + baseRz, capRz = std::min(0.9 * bubbleRadius(1.0), 0.5 * height);
    const double lastZ = cloud.top - capRz;
    const int bubbles = std::clamp(int(std::ceil((lastZ - firstZ) / (0.8 * bubbleRadius(0.5)))), 1, kMaxTowerBubbles);
    for (int k = 1; k <= bubbles; ++k) {
        const double f = double(k) / bubbles;
        const double z = k == bubbles ? lastZ : firstZ + (lastZ - firstZ) * f;
        // Flattened where needed so that no bubble reaches below the base or above the top.
        const double r = bubbleRadius(f),
                     rz = k == bubbles ? capRz : std::min({0.9 * r, z - cloud.base, cloud.top - z});
        const double wobble = k == bubbles ? 0.0 : 0.3 * r;
        parts.push_back(at(z, r, r, rz, draw.between(-wobble, wobble), draw.between(-wobble, wobble)));
    }

    // Turrets: smaller bubbles bulging from the flanks, between the base and the top.
    const int turrets = 2 + int(draw.next() * (kMaxTurrets - 1));
    for (int k = 0; k < turrets; ++k) {
        const double f = draw.between(0.25, 0.9);
        const double local = bubbleRadius(f), r = local * draw.between(0.45, 0.7);
        const double z = cloud.base + height * f;
        const double rz = std::min({0.9 * r, z - cloud.base, cloud.top - z});
        if (!(rz > 0)) continue;
        const double angle = 2.0 * std::numbers::pi * draw.next();
        parts.push_back(at(z, r, r, rz, 0.8 * local * std::cos(angle), 0.8 * local * std::sin(angle)));
    }
    return parts;
}

} // namespace catlab::cloud
