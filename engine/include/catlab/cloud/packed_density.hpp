#pragma once

// The density filter of cloud_density.hpp as three separable passes over the packed cloud bits (x, then
// y, then z), one cell at a time, shared by the CUDA kernels and the host. Integer sums, so the bytes
// equal the reference's direct (2r+1)^3 sum.
#include "catlab/cloud/cloud_density.hpp"
#include "catlab/cloud/packed_step.hpp"

#include <cstdint>
#include <vector>

namespace catlab::cloud::packed {

// C(2r, r + i) for i = -r..r.
struct FilterWeights {
    int radius = 0;
    std::uint32_t w[2 * kMaxDensityRadius + 1] = {};
};

CATLAB_HD FilterWeights filterWeights(int radius) {
    FilterWeights k;
    k.radius = radius;
    k.w[0] = 1;
    for (int n = 1; n <= 2 * radius; ++n) // Pascal's triangle in place, right to left
        for (int i = n; i > 0; --i) k.w[i] += k.w[i - 1];
    return k;
}

CATLAB_HD std::size_t cellIndex(const PackedDims& d, int x, int y, int z) {
    return (std::size_t(z) * std::size_t(d.ny) + std::size_t(y)) * std::size_t(d.nx) + std::size_t(x);
}

// Pass 1: the weighted cloud bits along x (at most 4^3 = 64, a byte), from the cld field.
CATLAB_HD std::uint8_t sumAlongX(const std::uint32_t* cld, const PackedDims& d, const FilterWeights& k, int x, int y,
                                 int z) {
    const std::uint32_t* row = cld + d.wordIndex(0, y, z);
    std::uint32_t sum = 0;
    for (int i = -k.radius; i <= k.radius; ++i) {
        const int xx = x + i;
        if (xx >= 0 && xx < d.nx && ((row[xx >> 5] >> (xx & 31)) & 1u)) sum += k.w[i + k.radius];
    }
    return std::uint8_t(sum);
}

// Pass 2: pass 1 summed along y (at most 64^2, 16 bits).
CATLAB_HD std::uint16_t sumAlongY(const std::uint8_t* in, const PackedDims& d, const FilterWeights& k, int x, int y,
                                  int z) {
    std::uint32_t sum = 0;
    for (int j = -k.radius; j <= k.radius; ++j) {
        const int yy = y + j;
        if (yy >= 0 && yy < d.ny) sum += k.w[j + k.radius] * in[cellIndex(d, x, yy, z)];
    }
    return std::uint16_t(sum);
}

// Pass 3: pass 2 summed along z and scaled to 0..255 with rounding.
CATLAB_HD std::uint8_t densityAlongZ(const std::uint16_t* in, const PackedDims& d, const FilterWeights& k, int x, int y,
                                     int z) {
    std::uint32_t sum = 0;
    for (int l = -k.radius; l <= k.radius; ++l) {
        const int zz = z + l;
        if (zz >= 0 && zz < d.nz) sum += k.w[l + k.radius] * in[cellIndex(d, x, y, zz)];
    }
    const std::uint32_t total = 1u << (6 * k.radius);
    return std::uint8_t((sum * 255u + total / 2) / total);
}

// The three passes on the host, from packed fields (as packCells gives them).
std::vector<std::uint8_t> packedDensity(const std::vector<std::uint32_t>& words, CloudSize size, int radius);

} // namespace catlab::cloud::packed
