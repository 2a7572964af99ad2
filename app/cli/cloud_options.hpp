#pragma once

#include "catlab/cloud/cloud_params.hpp"
#include "catlab/cloud/cloud_size.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cli {

// What `catlab cloud` was asked for, as typed.
struct CloudOptions {
    std::string size = "128x128x32";
    long long steps = 100;
    std::uint64_t seed = 1;
    std::vector<std::string> sources; // "cx,cy,cz,rx,ry,rz" each
    std::optional<std::string> wind;  // "vx,vy" or "vx,vy,vxTop,vyTop"
    std::optional<double> pExt, pHum, pAct;
    std::string backend = "auto";
    std::optional<std::string> outPath; // .vox (cloud cells) or .raw (density bytes)
    int densityRadius = 1;
    bool bench = false;
    int repeats = 10;
    long long warmup = 50;
};

// "cx,cy,cz,rx,ry,rz" in cells; throws catlab::Error naming the text.
cloud::CloudSource parseCloudSource(const std::string& text);
// "vx,vy" (the same at every height) or "vx,vy,vxTop,vyTop" in cells per step; throws catlab::Error.
cloud::CloudWind parseCloudWind(const std::string& text);
// The parameters the options describe (defaults from CloudParams where not given); throws catlab::Error.
cloud::CloudParams cloudParamsFrom(const CloudOptions& options, cloud::CloudSize size);

// Runs the simulation (or the benchmark) and prints what happened; throws catlab::Error on bad input.
int runCloud(const CloudOptions& options, std::ostream& out);

} // namespace catlab::cli
