#pragma once

#include "catlab/rule.hpp"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cli {

struct BenchOptions {
    std::string backends = "all";     // comma list of backend names and/or "all"
    std::optional<std::string> radii; // see parseRadiusList; unset: 1..16, or the --rule's own radius
    std::string size = "4096";        // "N" or "WxH"
    int steps = 20;                   // generations per repeat
    std::optional<double> seconds;    // instead of `steps`: as many generations as fill about this long
    std::optional<double> maxMs;      // skip a backend's larger radii once a step took longer than this
    int repeats = 5;
    int warmup = 3; // generations before timing
    std::uint64_t seed = 1;
    std::string ruleSet = "cat";     // "cat" or "scaled"
    std::optional<std::string> rule; // a preset or rule string benchmarked instead of the rule set
    std::optional<std::string> csvPath;
    std::optional<std::string> plotPath;
    std::string nvmlLibrary = "libnvidia-ml.so.1"; // tests point this at a missing library
    std::string python = "python3";                // interpreter for tools/plot_bench.py
    std::optional<std::string> gpus;               // "N" or "all": one grid over N GPUs (NCCL)
    int haloSteps = 0;                             // distributed: generations between halo exchanges (0: default)
    bool overlap = false;                          // distributed: send halos while the interior is computed
};

// `catlab bench --gpus N` or under mpirun: each backend and radius on one grid cut into bands over the
// ranks, with each rank's and the total cell updates per second; --csv gets one row per rank and a
// total row. Returns the exit code.
int runDistributedBench(const BenchOptions& options, std::ostream& out, std::ostream& log);
extern const char* const kDistributedBenchCsvHeader;

// One (backend, radius) measurement, or the reason there is none.
struct BenchRow {
    std::string backend;
    bool onDevice = false;
    int radius = 0;
    std::string rule;     // Golly notation
    std::string ruleName; // preset name or "scaled r<r>"
    GridSize size{};
    int steps = 0; // generations per timed repeat
    bool measured = false;
    std::string status;                        // "ok", or "n/a (why)"
    std::string timer;                         // "cuda-events" / "steady_clock"
    std::string kernel;                        // the backend's kernel, where it picks one (Backend::kernelName)
    double msMedian = 0, msMin = 0, msMax = 0; // per step, over the repeats
    double cellUpdatesPerSecond = 0;
    std::optional<double> speedupOverBase;
    std::optional<double> watts;
    std::optional<double> joulesPerStep;
    std::optional<double> floorMs; // bytes a step must move / measured bandwidth (device rows)
};

struct BenchReport {
    std::vector<BenchRow> rows;      // backend-major, in the order asked for
    std::string gpuName;             // "none" without a GPU
    std::string powerSource;         // how watts were obtained, or why they are n/a
    std::optional<double> bandwidth; // device bytes (read + written) per second, measured
    std::string date;
    std::string commit;
    BenchOptions options;
};

// The rule benchmarked at a radius: the CAT paper's instance (preset cat-r<r>) for rule set "cat"
// when there is one, otherwise cat-r16 scaled to the neighbourhood (see the bench --help text).
struct BenchRule {
    Rule rule;
    std::string name;
    double density = 0.5;
};
BenchRule benchRule(int radius, const std::string& ruleSet);

// The rule benchmarked at a radius under these options: --rule (a preset or rule string, reshaped with
// catlab::reshapeRule to radii other than its own) when given, else benchRule(radius, ruleSet). Throws
// catlab::Error for a bad rule or a torus suffix (the grid is --size).
BenchRule benchRuleFor(int radius, const BenchOptions& options);

// The radii benchmarked: --radius, else the --rule's own radius, else 1..16.
std::vector<int> benchRadii(const BenchOptions& options);

// Backend names (canonical spelling) for a --backends list; "all" is every backend available here
// except cpu-naive. Throws catlab::Error for unknown names (listing the known ones).
std::vector<std::string> selectBackends(const std::string& list, std::ostream& notices);

// Checks every option (throws catlab::Error), measures, and returns the rows; progress goes to `log`.
BenchReport runBench(const BenchOptions& options, std::ostream& log);

void printBenchTable(const BenchReport& report, std::ostream& out);
void writeBenchCsv(const BenchReport& report, const std::string& path);
extern const char* const kBenchCsvHeader;

// The whole subcommand: run, table to `out`, --csv and --plot. Throws catlab::Error on failure
// (after the CSV is written when only the plot failed). Returns 0.
int runBenchCommand(const BenchOptions& options, std::ostream& out, std::ostream& log);

// Where tools/plot_bench.py is: $CATLAB_PLOT_SCRIPT, else next to the installed binary, else the source tree.
std::string plotScriptPath();

} // namespace catlab::cli
