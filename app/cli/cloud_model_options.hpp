#pragma once

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_size.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cli {

// The most steps a cloud command runs in one go (a formation, a run, a benchmark repeat).
inline constexpr long long kMaxCloudSteps = 1 << 30;

// The cloud model's settings as typed: the options `catlab cloud` and `catlab record --scene cloud` share.
struct CloudModelOptions {
    std::optional<std::string> scene; // a cloud_scene.hpp name; its parts are what the others do not replace
    std::vector<std::string> sources; // "cx,cy,cz,rx,ry,rz" each
    std::optional<std::string> wind;  // "vx,vy" or "vx,vy,vxTop,vyTop"
    std::optional<double> pExt, pHum, pAct;

    // Whether any was given (a scene without the cloud model refuses them).
    bool anyGiven() const { return scene || !sources.empty() || wind || pExt || pHum || pAct; }

    // The scene named by --cloud-scene, or the default; throws catlab::Error for an unknown name.
    cloud::CloudScene chosenScene() const;
    // Where the sources come from: the chosen scene, or nullopt when --source gave them.
    std::optional<cloud::CloudScene> sourcesFrom() const;
};

// Adds --cloud-scene, --source, --wind, --p-ext, --p-hum and --p-act to a subcommand.
void addCloudModelOptions(CLI::App& command, CloudModelOptions& options);

// The comma-separated numbers of `text`; throws catlab::Error naming the option `what` and the
// expected `form` when an item is not a finite number.
std::vector<double> parseNumberList(const std::string& text, const char* what, const char* form);

// "cx,cy,cz,rx,ry,rz" in cells; throws catlab::Error naming the text.
cloud::CloudSource parseCloudSource(const std::string& text);
// "vx,vy" (the same at every height) or "vx,vy,vxTop,vyTop" in cells per step; throws catlab::Error.
cloud::CloudWind parseCloudWind(const std::string& text);
// The parameters the options describe: the chosen scene's (cloud_scene.hpp, laid out by `seed` for this
// size) with the parts the options give replaced; throws catlab::Error naming the first bad value.
cloud::CloudParams cloudParamsFrom(const CloudModelOptions& options, cloud::CloudSize size, std::uint64_t seed);

// Prints the sources (a scene's many as a count, marked with the scene they come from), the wind and
// the probabilities.
void printCloudModel(const cloud::CloudParams& params, std::optional<cloud::CloudScene> sourcesFrom, std::ostream& out);

} // namespace catlab::cli
