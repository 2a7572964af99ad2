#pragma once

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace catlab::cloud {

// The named starting points of the cloud automaton: where clouds form, the wind and the probabilities.
//   cumulus    (the default) a field of cumulus with vertical development: each cloud a flat base near
//              one condensation level and a tower of bubbles, some taller than wide, leaning downwind
//              in a wind that strengthens with height (cumulus_field.hpp); probabilities that keep the
//              clouds lumpy rather than solid or hazy.
//   ellipsoid  one flat ellipsoid low in the middle (defaultCloudSource), no wind and CloudParams'
//              probabilities: the model at its plainest.
enum class CloudScene { Cumulus, Ellipsoid };

inline constexpr CloudScene kDefaultCloudScene = CloudScene::Cumulus;

const char* cloudSceneName(CloudScene scene);
// "cumulus, ellipsoid"
std::string cloudSceneNames();
// Case-insensitive; throws catlab::Error naming the text and listing the scenes.
CloudScene parseCloudScene(std::string_view name);

// The cumulus scene's wind for a volume this high, in cells per step: light near the ground, about six
// times stronger at the top, so that the wind moves the same fraction of the volume per step at every size.
CloudWind cumulusWind(int nz);

// The scene's sources, wind and probabilities for a volume of this size; params.seed is `seed`, which
// also lays out the cumulus field. Throws catlab::Error for a bad size.
CloudParams cloudSceneParams(CloudScene scene, CloudSize size, std::uint64_t seed);

} // namespace catlab::cloud
