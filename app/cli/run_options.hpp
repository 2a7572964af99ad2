#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace catlab::cli {

struct RunOptions {
    std::optional<std::string> rule; // preset or rule string
    std::optional<std::string> size; // "WxH" or "N"
    std::optional<double> density;   // random start
    std::uint64_t seed = 1;
    long long steps = 100;
    std::optional<std::string> backend;           // default: the fastest available for the rule
    std::optional<std::string> inPath;            // RLE to start from
    std::optional<std::string> outPath;           // RLE of the final state
    std::optional<std::string> populationCsvPath; // "generation,population" for every generation stepped
    bool progress = true;                         // progress bar on stderr when it is a terminal
    std::optional<std::string> gpus;              // "N" or "all": one grid over N GPUs of this machine (NCCL)
    std::optional<std::string> ranks;             // "N": one grid over N threads ranks (CPU backends)
    int haloSteps = 0; // generations between halo exchanges of a distributed grid (0: default)
};

// runScene over several ranks (--gpus, or under mpirun): the grid cut into bands, one per rank.
int runDistributedScene(const RunOptions& options, std::ostream& out);

// Runs a scene headless and prints what happened; throws catlab::Error on bad input. Returns 0, or
// after Ctrl+C or SIGTERM (the run stops, prints its summary and writes --out) 128 + the signal.
int runScene(const RunOptions& options, std::ostream& out);

} // namespace catlab::cli
