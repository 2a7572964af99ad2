#pragma once

#include <cstdint>
#include <vector>

namespace catlab::cloud {

// An ellipsoid where clouds form, in cell units (cell (x, y, z) has its centre at (x, y, z)).
struct CloudSource {
    double cx = 0, cy = 0, cz = 0;
    double rx = 1, ry = 1, rz = 1;
    friend bool operator==(const CloudSource&, const CloudSource&) = default;
};

// Horizontal wind in cells per step: (vx, vy) at the bottom layer, (vxTop, vyTop) at the top layer,
// linear in height between them.
struct CloudWind {
    double vx = 0, vy = 0, vxTop = 0, vyTop = 0;
    friend bool operator==(const CloudWind&, const CloudWind&) = default;
};

inline constexpr double kMaxWindSpeed = 256.0; // cells per step, each component
inline constexpr std::size_t kMaxCloudSources = 1024;

// Dobashi's stochastic terms. The probabilities are the values at full source strength; see
// probability_field.hpp for how they vary from cell to cell.
struct CloudParams {
    double pExt = 0.02;  // a cloud cell vanishes (outside the sources; half of it inside)
    double pHum = 0.05;  // humidity appears (inside the sources, falling off outside)
    double pAct = 0.001; // activation appears (inside the sources, falling off outside)
    std::vector<CloudSource> sources;
    CloudWind wind;
    std::uint64_t seed = 1;
    friend bool operator==(const CloudParams&, const CloudParams&) = default;
};

// The source used when none is given: low in the middle of a volume of this size (nx, ny, nz cells).
CloudSource defaultCloudSource(int nx, int ny, int nz);

// Throws catlab::Error naming the first bad value: a probability outside 0..1, a source with a
// non-finite centre or a radius that is not positive, a wind component beyond kMaxWindSpeed.
void validateCloudParams(const CloudParams& params);

} // namespace catlab::cloud
