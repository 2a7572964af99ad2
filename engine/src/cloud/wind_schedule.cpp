#include "catlab/cloud/wind_schedule.hpp"

#include "catlab/error.hpp"

#include <cmath>

namespace catlab::cloud {

FixedVelocity toFixedVelocity(double cellsPerStep) {
    if (!(std::abs(cellsPerStep) <= kMaxWindSpeed)) throw Error("wind speed out of range");
    const long long fixed = std::llround(cellsPerStep * double(1 << kWindFractionBits));
    // Arithmetic shift: floor division, so negative speeds get a fraction in 0..65535 too.
    return {std::int32_t(fixed >> kWindFractionBits), std::uint32_t(fixed & ((1 << kWindFractionBits) - 1))};
}

WindSchedule::WindSchedule(const CloudWind& wind, int nz) {
    vx.reserve(std::size_t(nz));
    vy.reserve(std::size_t(nz));
    for (int z = 0; z < nz; ++z) {
        const double t = nz > 1 ? double(z) / double(nz - 1) : 0.0;
        vx.push_back(toFixedVelocity(wind.vx + (wind.vxTop - wind.vx) * t));
        vy.push_back(toFixedVelocity(wind.vy + (wind.vyTop - wind.vy) * t));
    }
}

bool WindSchedule::movesAt(std::uint64_t step) const {
    for (std::size_t z = 0; z < vx.size(); ++z)
        if (windShift(vx[z], step) != 0 || windShift(vy[z], step) != 0) return true;
    return false;
}

} // namespace catlab::cloud
