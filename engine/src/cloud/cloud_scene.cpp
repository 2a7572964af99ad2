#include "catlab/cloud/cloud_scene.hpp"

#include "catlab/cloud/cumulus_field.hpp"
#include "catlab/error.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace catlab::cloud {
namespace {

constexpr std::array kScenes{std::pair{CloudScene::Cumulus, "cumulus"}, std::pair{CloudScene::Ellipsoid, "ellipsoid"}};

// Sideways shift of a tower per cell of height, along the shear between the bottom and the top wind.
constexpr double kLean = 0.25;

bool sameName(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

CloudParams cumulus(CloudSize size, std::uint64_t seed) {
    CloudParams params;
    // Humidity comes back fast and activation seldom: vapour gathers through a bubble and then turns to
    // cloud in bursts that spread through it, so each bubble is a lump of cloud with ragged edges; the
    // extinction is high enough that the lumps dissolve before they merge into solid ellipsoids.
    params.pExt = 0.1;
    params.pHum = 0.1;
    params.pAct = 0.001;
    params.wind = cumulusWind(size.nz);
    params.seed = seed;

    const double shearX = params.wind.vxTop - params.wind.vx, shearY = params.wind.vyTop - params.wind.vy;
    const double shear = std::hypot(shearX, shearY);
    const double leanX = shear > 0 ? kLean * shearX / shear : 0.0, leanY = shear > 0 ? kLean * shearY / shear : 0.0;
    const std::vector<CumulusCloud> field = cumulusField(size, seed);
    for (std::size_t i = 0; i < field.size(); ++i)
        for (CloudSource s : cumulusSources(field[i], leanX, leanY, seed, std::uint32_t(i))) {
            // A turret of a cloud at the edge may lean out of the volume; its centre stays inside.
            s.cx = std::clamp(s.cx, 0.0, double(size.nx - 1));
            s.cy = std::clamp(s.cy, 0.0, double(size.ny - 1));
            params.sources.push_back(s);
        }
    return params;
}

} // namespace

const char* cloudSceneName(CloudScene scene) {
    for (const auto& [kind, name] : kScenes)
        if (kind == scene) return name;
    return "unknown";
}

std::string cloudSceneNames() {
    std::string names;
    for (const auto& [kind, name] : kScenes) names += (names.empty() ? "" : ", ") + std::string(name);
    return names;
}

CloudScene parseCloudScene(std::string_view text) {
    for (const auto& [kind, name] : kScenes)
        if (sameName(text, name)) return kind;
    throw Error("unknown cloud scene '" + std::string(text) + "': the scenes are " + cloudSceneNames());
}

CloudWind cumulusWind(int nz) {
    const double k = std::max(nz, 1) / 64.0;
    return {0.04 * k, 0.01 * k, 0.25 * k, 0.06 * k};
}

CloudParams cloudSceneParams(CloudScene scene, CloudSize size, std::uint64_t seed) {
    checkCloudSize(size);
    if (scene == CloudScene::Cumulus) return cumulus(size, seed);
    CloudParams params;
    params.sources = {defaultCloudSource(size.nx, size.ny, size.nz)};
    params.seed = seed;
    return params;
}

} // namespace catlab::cloud
