#include "render/blue_noise.hpp"

#include "catlab/error.hpp"

#include <cmath>
#include <string>

namespace catlab::render {
namespace {

// Energy of a point as felt at the other pixels: a Gaussian of the toroidal distance, so the tile wraps.
class EnergyField {
  public:
    explicit EnergyField(int side) : side_(side), kernel_(std::size_t(side) * side), energy_(kernel_.size(), 0.0) {
        constexpr double kSigma = 1.5; // Ulichney's choice: points about two pixels apart feel each other
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) {
                const int dx = std::min(x, side - x), dy = std::min(y, side - y);
                kernel_[std::size_t(y) * side + x] = std::exp(-(dx * dx + dy * dy) / (2 * kSigma * kSigma));
            }
    }

    // Adds (sign +1) or removes (-1) the energy of a point at `pixel`.
    void apply(std::size_t pixel, double sign) {
        const int px = int(pixel % side_), py = int(pixel / side_);
        for (int y = 0; y < side_; ++y) {
            const int ky = (y - py + side_) % side_;
            for (int x = 0; x < side_; ++x)
                energy_[std::size_t(y) * side_ + x] +=
                    sign * kernel_[std::size_t(ky) * side_ + (x - px + side_) % side_];
        }
    }

    // The point with the most energy (the tightest cluster) or the empty pixel with the least (the largest void).
    std::size_t tightestCluster(const std::vector<bool>& points) const { return extreme(points, true); }
    std::size_t largestVoid(const std::vector<bool>& points) const { return extreme(points, false); }

  private:
    std::size_t extreme(const std::vector<bool>& points, bool wantPoint) const {
        std::size_t best = energy_.size();
        for (std::size_t i = 0; i < energy_.size(); ++i) {
            if (points[i] != wantPoint) continue;
            if (best == energy_.size() || (wantPoint ? energy_[i] > energy_[best] : energy_[i] < energy_[best]))
                best = i;
        }
        return best;
    }

    int side_;
    std::vector<double> kernel_, energy_;
};

// A well-mixed 32-bit hash (splitmix-style finaliser), so the initial points do not depend on a library's generator.
std::uint32_t hash(std::uint32_t x, std::uint32_t seed) {
    std::uint64_t z = (std::uint64_t(seed) << 32 | x) + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return std::uint32_t((z ^ (z >> 31)) >> 16);
}

} // namespace

std::vector<std::uint32_t> blueNoiseRanks(int side, std::uint32_t seed) {
    if (side < 4 || side > 256)
        throw Error("a blue-noise tile must be 4..256 pixels wide, not " + std::to_string(side));
    const std::size_t n = std::size_t(side) * side;
    EnergyField field(side);
    std::vector<bool> points(n, false);

    // 1. An initial pattern of about a tenth of the pixels, relaxed until the tightest cluster is the
    //    largest void: moving a point no longer spreads the pattern more evenly.
    const std::size_t initial = std::max<std::size_t>(1, n / 10);
    for (std::size_t placed = 0, i = 0; placed < initial; ++i) {
        const std::size_t pixel = hash(std::uint32_t(i), seed) % n;
        if (points[pixel]) continue;
        points[pixel] = true;
        field.apply(pixel, +1);
        ++placed;
    }
    for (std::size_t move = 0; move < n; ++move) { // converges in far fewer moves; the bound guards ties
        const std::size_t cluster = field.tightestCluster(points);
        points[cluster] = false;
        field.apply(cluster, -1);
        const std::size_t gap = field.largestVoid(points);
        points[gap] = true;
        field.apply(gap, +1);
        if (gap == cluster) break;
    }

    std::vector<std::uint32_t> ranks(n);
    // 2. Ranks below the initial count: take the tightest cluster away, one point at a time.
    {
        std::vector<bool> remaining = points;
        EnergyField shrinking = field;
        for (std::size_t rank = initial; rank-- > 0;) {
            const std::size_t cluster = shrinking.tightestCluster(remaining);
            remaining[cluster] = false;
            shrinking.apply(cluster, -1);
            ranks[cluster] = std::uint32_t(rank);
        }
    }
    // 3. Ranks from the initial count up: fill the largest void, one pixel at a time.
    for (std::size_t rank = initial; rank < n; ++rank) {
        const std::size_t gap = field.largestVoid(points);
        points[gap] = true;
        field.apply(gap, +1);
        ranks[gap] = std::uint32_t(rank);
    }
    return ranks;
}

} // namespace catlab::render
