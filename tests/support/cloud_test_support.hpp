#pragma once

#include "catlab/cloud/cloud_cells.hpp"
#include "catlab/cloud/cloud_random.hpp"
#include "catlab/cloud/cloud_simulation.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

namespace catlab::cloud::testing {

// Parameters under which only the growth rules act: no draws fire and no wind blows.
inline CloudParams growthOnly() {
    CloudParams p;
    p.pExt = 0.0;
    p.pHum = 0.0;
    p.pAct = 0.0;
    return p;
}

// Each bit set independently with these probabilities (in 1/256), from Philox with its own key, so
// a start is the same on every machine.
inline CloudCells randomCells(CloudSize size, std::uint32_t seed, int humIn256, int actIn256, int cldIn256) {
    CloudCells cells(size);
    for (int z = 0; z < size.nz; ++z)
        for (int y = 0; y < size.ny; ++y)
            for (int x = 0; x < size.nx; ++x) {
                const Philox4 r =
                    philox4x32({{std::uint32_t(x), std::uint32_t(y), std::uint32_t(z), 7u}}, seed, 0xC10D5EEDu);
                const std::uint8_t bits = std::uint8_t((int(r.v[0] & 255u) < humIn256 ? kHum : 0) |
                                                       (int(r.v[1] & 255u) < actIn256 ? kAct : 0) |
                                                       (int(r.v[2] & 255u) < cldIn256 ? kCld : 0));
                cells.at(x, y, z) = bits;
            }
    return cells;
}

inline std::string bitsText(std::uint8_t b) {
    std::string s;
    s += (b & kHum) ? 'H' : '-';
    s += (b & kAct) ? 'A' : '-';
    s += (b & kCld) ? 'C' : '-';
    return s;
}

// Equal cells, or the first difference with its coordinates.
inline ::testing::AssertionResult sameCells(const CloudCells& expected, const CloudCells& actual) {
    if (expected.size() != actual.size()) return ::testing::AssertionFailure() << "sizes differ";
    const long long i = firstDifference(expected, actual);
    if (i < 0) return ::testing::AssertionSuccess();
    const CloudSize s = expected.size();
    const long long x = i % s.nx, y = (i / s.nx) % s.ny, z = i / (std::int64_t(s.nx) * s.ny);
    return ::testing::AssertionFailure() << "first difference at (" << x << ", " << y << ", " << z << "): expected "
                                         << bitsText(expected.bytes()[std::size_t(i)]) << ", got "
                                         << bitsText(actual.bytes()[std::size_t(i)]);
}

} // namespace catlab::cloud::testing
