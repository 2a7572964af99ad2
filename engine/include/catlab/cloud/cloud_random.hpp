#pragma once

#include "catlab/host_device.hpp"

#include <cstdint>

namespace catlab::cloud {

// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC 2011): a counter-
// based generator, so a draw is a pure function of (key, counter) and the CPU reference and the CUDA
// kernel draw the same numbers in any order.
struct Philox4 {
    std::uint32_t v[4];
};

namespace detail {
CATLAB_HD std::uint32_t mulHi(std::uint32_t a, std::uint32_t b) {
    return std::uint32_t((std::uint64_t(a) * std::uint64_t(b)) >> 32);
}
} // namespace detail

CATLAB_HD Philox4 philox4x32(Philox4 counter, std::uint32_t key0, std::uint32_t key1) {
    constexpr std::uint32_t kMul0 = 0xD2511F53u, kMul1 = 0xCD9E8D57u;
    constexpr std::uint32_t kWeyl0 = 0x9E3779B9u, kWeyl1 = 0xBB67AE85u;
    std::uint32_t c0 = counter.v[0], c1 = counter.v[1], c2 = counter.v[2], c3 = counter.v[3];
    for (int round = 0; round < 10; ++round) {
        const std::uint32_t hi0 = detail::mulHi(kMul0, c0), lo0 = kMul0 * c0;
        const std::uint32_t hi1 = detail::mulHi(kMul1, c2), lo1 = kMul1 * c2;
        c0 = hi1 ^ c1 ^ key0;
        c1 = lo1;
        c2 = hi0 ^ c3 ^ key1;
        c3 = lo0;
        key0 += kWeyl0;
        key1 += kWeyl1;
    }
    return {{c0, c1, c2, c3}};
}

// The three 16-bit draws of one cell in one step, for extinction, humidity supply and activation supply.
struct CloudDraws {
    std::uint16_t ext, hum, act;
};

// One Philox block serves two cells along x (x even and x + 1), 64 bits each, of which the draws use 48.
// Counter: (x / 2, y, z, low 32 bits of the step); key: the seed, its high word mixed with the step's
// high word (so steps past 2^32 still draw new numbers).
CATLAB_HD Philox4 cloudPairBlock(std::uint64_t seed, std::uint64_t step, std::uint32_t x, std::uint32_t y,
                                 std::uint32_t z) {
    return philox4x32({{x >> 1, y, z, std::uint32_t(step)}}, std::uint32_t(seed),
                      std::uint32_t(seed >> 32) ^ std::uint32_t(step >> 32));
}

// The draws of the cell with this x from its pair's block.
CATLAB_HD CloudDraws cloudDrawsFromBlock(const Philox4& block, std::uint32_t x) {
    const std::uint32_t a = block.v[(x & 1u) * 2u], b = block.v[(x & 1u) * 2u + 1u];
    return {std::uint16_t(a & 0xFFFFu), std::uint16_t(a >> 16), std::uint16_t(b & 0xFFFFu)};
}

CATLAB_HD CloudDraws cloudDraws(std::uint64_t seed, std::uint64_t step, std::uint32_t x, std::uint32_t y,
                                std::uint32_t z) {
    return cloudDrawsFromBlock(cloudPairBlock(seed, step, x, y, z), x);
}

} // namespace catlab::cloud
