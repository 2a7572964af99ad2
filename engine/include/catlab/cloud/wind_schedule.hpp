#pragma once

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/host_device.hpp"

#include <cstdint>
#include <vector>

namespace catlab::cloud {

// Wind moves whole layers by whole cells. Each layer's velocity is held in 16.16 fixed point, and by step
// t a layer has moved floor(v * t) cells; the shift of step t is the difference, so a layer at 0.25
// cells per step moves one cell every fourth step. Integer arithmetic only: every backend shifts alike.
inline constexpr int kWindFractionBits = 16;

// One velocity component of one layer: v = whole + fraction / 65536, with fraction in 0..65535.
struct FixedVelocity {
    std::int32_t whole = 0;
    std::uint32_t fraction = 0;
};

// Cells the layer moves in step `step` (0-based): floor(v * (step + 1)) - floor(v * step).
CATLAB_HD int windShift(FixedVelocity v, std::uint64_t step) {
    const std::uint32_t phase = std::uint32_t(v.fraction * std::uint32_t(step & 0xFFFFu)) & 0xFFFFu;
    return v.whole + int((phase + v.fraction) >> kWindFractionBits);
}

FixedVelocity toFixedVelocity(double cellsPerStep);

// The per-layer velocities of a wind profile over nz layers (linear in height, bottom to top).
struct WindSchedule {
    std::vector<FixedVelocity> vx, vy; // one per layer

    WindSchedule() = default;
    WindSchedule(const CloudWind& wind, int nz);

    // True when some layer moves in this step.
    bool movesAt(std::uint64_t step) const;
    int layers() const { return int(vx.size()); }
};

} // namespace catlab::cloud
