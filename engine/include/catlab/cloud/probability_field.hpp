#pragma once

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"
#include "catlab/host_device.hpp"

#include <cstdint>
#include <vector>

namespace catlab::cloud {

// A probability as a 16-bit code compared with a 16-bit draw: an event happens when draw < code,
// with probability code / 65536, except kCertain, which always happens. So p = 0 and p = 1 are exact.
using ProbabilityCode = std::uint16_t;
inline constexpr ProbabilityCode kCertain = 0xFFFF;

// 0 for p <= 0, kCertain for p >= 1, otherwise round(p * 65536) capped at 65534.
ProbabilityCode encodeProbability(double p);

CATLAB_HD bool eventHappens(ProbabilityCode code, std::uint16_t draw) { return code == kCertain || draw < code; }

// How strongly the sources act on the cell centred at (x, y, z): 1 inside an ellipsoid, falling off
// linearly with the ellipsoid distance d (d = 1 on its surface) to 0 at d = 2, the largest over all
// sources; 0 with no sources.
double sourceStrength(const std::vector<CloudSource>& sources, double x, double y, double z);

// The per-cell probabilities of the stochastic terms, as codes, x fastest, then y, then z. With source
// strength s: p_hum = pHum * s, p_act = pAct * s, p_ext = pExt * (1 - s / 2); clouds form inside the
// sources and live longer there, and dissolve once the wind has carried them out.
struct ProbabilityField {
    CloudSize size{};
    std::vector<ProbabilityCode> ext, hum, act;
};

// Computed once on the host and shared by every backend, so the backends agree bit for bit.
// Throws catlab::Error for bad parameters or when host memory runs out.
ProbabilityField makeProbabilityField(CloudSize size, const CloudParams& params);

} // namespace catlab::cloud
