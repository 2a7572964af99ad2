#pragma once

#include "catlab/host_device.hpp"

#include <cstdint>

namespace catlab {

// Counter-based random numbers: a pure function of (seed, x, y, stream), so the CPU and every GPU
// backend draw exactly the same values in any order and on any thread layout.
CATLAB_HD std::uint64_t mix64(std::uint64_t z) {
    // splitmix64 finaliser
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

CATLAB_HD std::uint32_t randomBits(std::uint64_t seed, std::uint32_t x, std::uint32_t y, std::uint32_t stream = 0) {
    std::uint64_t h = mix64(seed ^ 0x9E3779B97F4A7C15ull);
    h = mix64(h ^ ((std::uint64_t(x) << 32) | y));
    h = mix64(h + stream);
    return std::uint32_t(h >> 32);
}

// Threshold such that randomBits(...) < threshold has probability `p` (clamped to [0, 1]).
CATLAB_HD std::uint64_t probabilityThreshold(double p) {
    if (!(p > 0.0)) return 0;
    if (p >= 1.0) return std::uint64_t(1) << 32;
    return std::uint64_t(p * 4294967296.0);
}

CATLAB_HD bool randomChance(std::uint64_t threshold, std::uint64_t seed, std::uint32_t x, std::uint32_t y,
                            std::uint32_t stream = 0) {
    return randomBits(seed, x, y, stream) < threshold;
}

} // namespace catlab
