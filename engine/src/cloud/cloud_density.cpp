#include "catlab/cloud/cloud_density.hpp"

#include "catlab/error.hpp"
#include "cloud/cloud_backends.hpp"

#include <algorithm>
#include <cmath>

namespace catlab::cloud {
namespace {

// C(2r, i) for i = 0..2r.
std::vector<std::uint32_t> binomialWeights(int radius) {
    std::vector<std::uint32_t> w{1};
    for (int k = 0; k < 2 * radius; ++k) {
        std::vector<std::uint32_t> next(w.size() + 1, 0);
        for (std::size_t i = 0; i < w.size(); ++i) {
            next[i] += w[i];
            next[i + 1] += w[i];
        }
        w = std::move(next);
    }
    return w;
}

} // namespace

void checkDensityRadius(int radius) {
    if (radius < 0 || radius > kMaxDensityRadius)
        throw Error("density filter radius " + std::to_string(radius) + " is outside 0.." +
                    std::to_string(kMaxDensityRadius));
}

std::vector<std::uint8_t> cloudDensity(const CloudCells& cells, int radius) {
    checkDensityRadius(radius);
    const std::vector<std::uint32_t> w = binomialWeights(radius);
    const std::uint32_t total = 1u << (6 * radius); // (4^r)^3
    const CloudSize s = cells.size();
    std::vector<std::uint8_t> density(std::size_t(s.cellCount()), 0);
    for (int z = 0; z < s.nz; ++z)
        for (int y = 0; y < s.ny; ++y)
            for (int x = 0; x < s.nx; ++x) {
                std::uint32_t sum = 0;
                for (int k = -radius; k <= radius; ++k)
                    for (int j = -radius; j <= radius; ++j)
                        for (int i = -radius; i <= radius; ++i)
                            if (cells.inside(x + i, y + j, z + k) && cells.has(x + i, y + j, z + k, kCld))
                                sum += w[std::size_t(i + radius)] * w[std::size_t(j + radius)] *
                                       w[std::size_t(k + radius)];
                density[cells.index(x, y, z)] = std::uint8_t((sum * 255u + total / 2) / total);
            }
    return density;
}

void blendDensity(const std::uint8_t* from, const std::uint8_t* to, std::uint8_t* out, std::size_t count, int weight256,
                  MemorySpace space) {
    if (weight256 < 0 || weight256 > 256)
        throw Error("density blend weight " + std::to_string(weight256) + " is outside 0..256");
    if (count == 0) return;
    if (!from || !to || !out) throw Error("no buffer for the density blend");
    if (space == MemorySpace::Device) return blendDensityOnDevice(from, to, out, count, weight256);
    for (std::size_t i = 0; i < count; ++i) out[i] = blendDensityValue(from[i], to[i], weight256);
}

int blendWeight(double t) {
    if (!(t > 0.0)) return 0;
    if (t >= 1.0) return 256;
    return int(std::lround(t * 256.0));
}

} // namespace catlab::cloud
