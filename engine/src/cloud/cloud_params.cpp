#include "catlab/cloud/cloud_params.hpp"

#include "catlab/error.hpp"

#include <cmath>
#include <sstream>

namespace catlab::cloud {
namespace {

std::string text(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

void checkProbability(const char* name, double p) {
    if (!(p >= 0.0 && p <= 1.0)) throw Error(std::string(name) + " " + text(p) + " is outside 0..1");
}

void checkWind(const char* name, double v) {
    if (!(std::abs(v) <= kMaxWindSpeed))
        throw Error(std::string("wind ") + name + " " + text(v) + " is not a speed within -" + text(kMaxWindSpeed) +
                    ".." + text(kMaxWindSpeed) + " cells per step");
}

} // namespace

CloudSource defaultCloudSource(int nx, int ny, int nz) {
    return {0.5 * (nx - 1), 0.5 * (ny - 1), 0.35 * (nz - 1), 0.25 * nx, 0.25 * ny, 0.15 * nz + 0.5};
}

void validateCloudParams(const CloudParams& params) {
    checkProbability("p_ext", params.pExt);
    checkProbability("p_hum", params.pHum);
    checkProbability("p_act", params.pAct);
    if (params.sources.size() > kMaxCloudSources)
        throw Error(std::to_string(params.sources.size()) + " cloud sources are more than the " +
                    std::to_string(kMaxCloudSources) + " allowed");
    for (std::size_t i = 0; i < params.sources.size(); ++i) {
        const CloudSource& s = params.sources[i];
        const std::string which = "cloud source " + std::to_string(i + 1);
        if (!std::isfinite(s.cx) || !std::isfinite(s.cy) || !std::isfinite(s.cz))
            throw Error(which + " has a centre that is not a finite number");
        if (!(s.rx > 0 && s.ry > 0 && s.rz > 0) || !std::isfinite(s.rx) || !std::isfinite(s.ry) || !std::isfinite(s.rz))
            throw Error(which + " has radii " + text(s.rx) + "," + text(s.ry) + "," + text(s.rz) +
                        ": each must be a finite number above 0");
    }
    checkWind("vx", params.wind.vx);
    checkWind("vy", params.wind.vy);
    checkWind("vx at the top", params.wind.vxTop);
    checkWind("vy at the top", params.wind.vyTop);
}

} // namespace catlab::cloud
