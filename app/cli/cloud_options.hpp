#pragma once

#include "cli/cloud_model_options.hpp"

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
    CloudModelOptions model; // sources, wind, probabilities
    std::string backend = "auto";
    std::optional<std::string> outPath; // .vox (cloud cells) or .raw (density bytes)
    int densityRadius = 1;
    bool bench = false;
    int repeats = 10;
    long long warmup = 50;
};

// Runs the simulation (or the benchmark) and prints what happened; throws catlab::Error on bad input.
// Returns 0, or after Ctrl+C or SIGTERM (the steps stop, the counts are printed and --out written)
// 128 + the signal.
int runCloud(const CloudOptions& options, std::ostream& out);

} // namespace catlab::cli
