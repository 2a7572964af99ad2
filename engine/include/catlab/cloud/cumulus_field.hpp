#pragma once

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"

#include <cstdint>
#include <vector>

namespace catlab::cloud {

// One cumulus of the field, in cells: it stands on (x, y), its flat base at `base` (near the
// condensation level), its tower rising to `top`; `radius` is the horizontal radius of its base.
struct CumulusCloud {
    double x = 0, y = 0;
    double base = 0, top = 0;
    double radius = 1;
    friend bool operator==(const CumulusCloud&, const CumulusCloud&) = default;
};

// Where the field's bases sit and how high its tops may reach, as fractions of the volume's height.
inline constexpr double kCondensationLevel = 0.14;
inline constexpr double kHighestTop = 0.86;

// A field of cumulus over the whole volume, a pure function of the size and the seed: the clouds are
// scattered over about half the cells of a grid whose spacing follows the volume's height (so
// 256x256x64 and 1024x1024x256 look alike, only finer), at least one; their bases within a few percent
// of the height around kCondensationLevel, their tops spread from shallow humps to towers taller than
// wide. Throws catlab::Error for a bad size.
std::vector<CumulusCloud> cumulusField(CloudSize size, std::uint64_t seed);

// The ellipsoids that make one cloud: a wide flat base, a tower of bubbles narrowing upward, each
// shifted downwind by `lean` cells per cell of height (wind shear bends the towers), and a few turrets
// on the flanks. The lowest ellipsoid's bottom is the cloud's base and the highest one's top its top.
// Deterministic in (cloud, seed, index); `index` tells the clouds of one field apart.
std::vector<CloudSource> cumulusSources(const CumulusCloud& cloud, double leanX, double leanY, std::uint64_t seed,
                                        std::uint32_t index);

} // namespace catlab::cloud
