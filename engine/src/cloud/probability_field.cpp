#include "catlab/cloud/probability_field.hpp"

#include "catlab/error.hpp"

#include <algorithm>
#include <cmath>
#include <new>

namespace catlab::cloud {
namespace {

double strengthOf(const CloudSource& s, double x, double y, double z) {
    const double dx = (x - s.cx) / s.rx, dy = (y - s.cy) / s.ry, dz = (z - s.cz) / s.rz;
    const double d = std::sqrt(dx * dx + dy * dy + dz * dz);
    return std::clamp(2.0 - d, 0.0, 1.0);
}

// The cells within reach of a source along one axis (where its strength can be above 0), clipped to
// 0..n-1; empty when lo > hi.
struct Span {
    int lo, hi;
};
Span reach(double centre, double radius, int n) {
    const double lo = std::max(0.0, std::ceil(centre - 2.0 * radius));
    const double hi = std::min(double(n - 1), std::floor(centre + 2.0 * radius));
    if (!(lo <= hi)) return {1, 0};
    return {int(lo), int(hi)};
}

} // namespace

ProbabilityCode encodeProbability(double p) {
    if (!(p > 0.0)) return 0;
    if (p >= 1.0) return kCertain;
    return ProbabilityCode(std::clamp(std::llround(p * 65536.0), 1LL, 65534LL));
}

double sourceStrength(const std::vector<CloudSource>& sources, double x, double y, double z) {
    double s = 0.0;
    for (const CloudSource& source : sources) s = std::max(s, strengthOf(source, x, y, z));
    return s;
}

ProbabilityField makeProbabilityField(CloudSize size, const CloudParams& params) {
    checkCloudSize(size);
    validateCloudParams(params);
    ProbabilityField field;
    field.size = size;
    const std::size_t n = std::size_t(size.cellCount());
    try {
        field.ext.assign(n, encodeProbability(params.pExt));
        field.hum.assign(n, 0);
        field.act.assign(n, 0);
    } catch (const std::bad_alloc&) {
        throw Error("out of host memory for the probabilities of a " + sizeText(size) + " cloud volume");
    }
    // Codes grow with p, so combining codes with max (min for extinction, which falls with s) equals
    // coding the strongest source's probability; each source visits only the cells it reaches.
    for (const CloudSource& source : params.sources) {
        const Span xs = reach(source.cx, source.rx, size.nx), ys = reach(source.cy, source.ry, size.ny),
                   zs = reach(source.cz, source.rz, size.nz);
        for (int z = zs.lo; z <= zs.hi; ++z)
            for (int y = ys.lo; y <= ys.hi; ++y)
                for (int x = xs.lo; x <= xs.hi; ++x) {
                    const double s = strengthOf(source, x, y, z);
                    if (s <= 0.0) continue;
                    const std::size_t i =
                        (std::size_t(z) * std::size_t(size.ny) + std::size_t(y)) * std::size_t(size.nx) +
                        std::size_t(x);
                    field.hum[i] = std::max(field.hum[i], encodeProbability(params.pHum * s));
                    field.act[i] = std::max(field.act[i], encodeProbability(params.pAct * s));
                    field.ext[i] = std::min(field.ext[i], encodeProbability(params.pExt * (1.0 - 0.5 * s)));
                }
    }
    return field;
}

} // namespace catlab::cloud
