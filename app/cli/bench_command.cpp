#include "cli/bench_command.hpp"
#include "cli/commands.hpp"
#include "cli/distributed_ranks.hpp"
#include "cli/number_options.hpp"
#include "cli/radius_list.hpp"
#include "cli/report_text.hpp"
#include "cli/scene_setup.hpp"

#include "build_info.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/memory_bandwidth.hpp"
#include "catlab/nvml_power.hpp"
#include "catlab/presets.hpp"
#include "catlab/rule_scaling.hpp"
#include "catlab/simulator.hpp"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <new>
#include <sstream>

extern char** environ;

namespace catlab::cli {

const char* const kBenchCsvHeader =
    "backend,radius,rule_name,rule,width,height,warmup,steps,repeats,ms_per_step_median,ms_per_step_min,"
    "ms_per_step_max,cell_updates_per_s,speedup_vs_base,watts,joules_per_step,floor_ms,times_floor,bandwidth_gb_s,"
    "timer,"
    "memory,gpu,status,date,commit,kernel";

namespace {

constexpr const char* kScaledTemplate = "cat-r16";
constexpr int kMaxSteps = 1 << 30;
constexpr int kMaxRepeats = 100000;

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return std::string(s);
}

std::string sizeText(GridSize s) {
    return s.width == s.height ? std::to_string(s.width) : std::to_string(s.width) + "x" + std::to_string(s.height);
}

std::string number(double v, int precision = 4) {
    std::ostringstream text;
    text << std::setprecision(precision) << v;
    return text.str();
}

std::string optionalNumber(const std::optional<double>& v, int precision = 4) {
    return v ? number(*v, precision) : "n/a";
}

std::string nowText() {
    const std::time_t t = std::time(nullptr);
    std::tm local{};
    localtime_r(&t, &local);
    char text[64];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S %Z", &local);
    return text;
}

void checkOptions(const BenchOptions& o) {
    if (o.steps <= 0 || o.steps > kMaxSteps)
        throw Error("--steps must be 1.." + std::to_string(kMaxSteps) + " (got " + std::to_string(o.steps) + ")");
    if (o.repeats <= 0 || o.repeats > kMaxRepeats)
        throw Error("--repeats must be 1.." + std::to_string(kMaxRepeats) + " (got " + std::to_string(o.repeats) + ")");
    if (o.warmup < 0 || o.warmup > kMaxSteps)
        throw Error("--warmup must be 0.." + std::to_string(kMaxSteps) + " (got " + std::to_string(o.warmup) + ")");
    if (o.seconds && !(*o.seconds > 0 && *o.seconds <= 3600))
        throw Error("--seconds must be more than 0 and at most 3600 (got " + number(*o.seconds) + ")");
    if (o.maxMs && !(*o.maxMs > 0)) throw Error("--max-ms must be more than 0 (got " + number(*o.maxMs) + ")");
    if (o.ruleSet != "cat" && o.ruleSet != "scaled")
        throw Error("--rule-set must be 'cat' or 'scaled' (got '" + o.ruleSet + "')");
}

// Waits for a child; returns its exit status, or -1 when it died of a signal.
int waitFor(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Runs `python script csv png` (an argv array, no shell), the plot going to `png`; messages name `shownPng`.
// Throws catlab::Error saying what is missing.
void drawPlot(const std::string& python, const std::string& csv, const std::string& png, const std::string& shownPng) {
    const std::string script = plotScriptPath();
    std::vector<std::string> args{python, script, csv, png};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int rc = posix_spawnp(&pid, python.c_str(), nullptr, nullptr, argv.data(), environ);
    if (rc != 0)
        throw Error("cannot draw " + shownPng + ": cannot run " + python + " (" + std::strerror(rc) +
                    "); install python3 and matplotlib (e.g. apt-get install python3-matplotlib)");
    const int status = waitFor(pid);
    if (status == 3)
        throw Error("cannot draw " + shownPng + ": matplotlib is missing for " + python +
                    " (install it, e.g. apt-get install python3-matplotlib or pip install matplotlib, or point "
                    "CATLAB_PYTHON at a python3 that has it)");
    if (status != 0)
        throw Error("cannot draw " + shownPng + ": " + script + " failed (exit status " + std::to_string(status) + ")");
}

} // namespace

std::string plotScriptPath() {
    namespace fs = std::filesystem;
    if (const char* env = std::getenv("CATLAB_PLOT_SCRIPT"); env && *env) return env;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = exe.parent_path().parent_path() / "share/catlab/tools/plot_bench.py";
        if (fs::exists(installed, ec)) return installed.string();
    }
    return std::string(CATLAB_SOURCE_DIR) + "/tools/plot_bench.py";
}

BenchRule benchRule(int radius, const std::string& ruleSet) {
    if (radius < 1 || radius > kMaxRadius)
        throw Error("radius " + std::to_string(radius) + " is outside 1.." + std::to_string(kMaxRadius));
    if (ruleSet == "cat")
        if (const Preset* p = findPreset("cat-r" + std::to_string(radius)); p && p->rule.radius == radius)
            return {p->rule, p->name, p->density};
    const Preset* templ = findPreset(kScaledTemplate);
    if (!templ) throw Error(std::string("preset ") + kScaledTemplate + " (the template of scaled rules) is missing");
    const RuleShape shape{radius, templ->rule.neighbourhood, templ->rule.includeCentre};
    return {reshapeRule(templ->rule, shape), "scaled r" + std::to_string(radius), templ->density};
}

BenchRule benchRuleFor(int radius, const BenchOptions& options) {
    if (!options.rule) return benchRule(radius, options.ruleSet);
    const ResolvedRule resolved = resolveRule(*options.rule);
    if (resolved.spec.size)
        throw Error("--rule '" + *options.rule + "' has a torus suffix; give the grid with --size instead");
    const Rule& own = resolved.spec.rule;
    const std::string name = resolved.preset ? resolved.preset->name : own.format();
    const double density = resolved.preset ? resolved.preset->density : BenchRule{}.density;
    if (radius == own.radius) return {own, name, density};
    const Rule reshaped = reshapeRule(own, {radius, own.neighbourhood, own.includeCentre});
    return {reshaped, name + " reshaped to r" + std::to_string(radius), density};
}

std::vector<int> benchRadii(const BenchOptions& options) {
    if (options.radii) return parseRadiusList(*options.radii);
    if (options.rule) return {resolveRule(*options.rule).spec.rule.radius};
    return parseRadiusList("1..16");
}

namespace {

// The table's "rules" line.
std::string rulesText(const BenchOptions& o) {
    if (!o.rule)
        return o.ruleSet == "cat" ? "CAT paper instances (cat-r1..cat-r16), scaled beyond"
                                  : "cat-r16 scaled to each radius";
    const int own = resolveRule(*o.rule).spec.rule.radius;
    std::string text =
        "--rule " + *o.rule + " (" + benchRuleFor(own, o).rule.format() + " at r=" + std::to_string(own) + ")";
    if (benchRadii(o) != std::vector<int>{own}) text += ", reshaped to other radii";
    return text;
}

} // namespace

std::vector<std::string> selectBackends(const std::string& list, std::ostream& notices) {
    const BackendRegistry& registry = BackendRegistry::instance();
    std::vector<std::string> names;
    auto add = [&](const std::string& name) {
        if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    };
    std::string_view rest = list;
    while (true) {
        const size_t comma = rest.find(',');
        const std::string item = trim(rest.substr(0, comma));
        if (item.empty())
            throw Error("bad --backends '" + list + "': empty item (known backends: " + registry.knownNames() +
                        ", or all)");
        if (lower(item) == "all") {
            for (const BackendSpec& spec : registry.all()) {
                if (lower(spec.name) == "cpu-naive") continue;
                if (auto why = spec.unavailableReason()) {
                    notices << "catlab bench: skipping " << spec.name << ": " << *why << '\n';
                    continue;
                }
                add(spec.name);
            }
        } else {
            if (!registry.contains(item))
                throw Error("unknown backend '" + item + "' (known backends: " + registry.knownNames() + ", or all)");
            add(registry.find(item).name);
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    if (names.empty()) throw Error("no backend to benchmark: none of '" + list + "' is available here");
    return names;
}

// The identifying part of a row.
BenchRow describeRow(const BackendSpec& spec, const BenchRule& rule, int radius, GridSize size) {
    BenchRow row;
    row.backend = spec.name;
    row.onDevice = spec.memorySpace == MemorySpace::Device;
    row.radius = radius;
    row.rule = rule.rule.format();
    row.ruleName = rule.name;
    row.size = size;
    return row;
}

// Times one backend on one rule: warm-up, then repeats of `steps` generations (or of as many as fill
// --seconds), with power and the memory floor when there is a device. Failures become n/a rows.
BenchRow measureRow(const BackendSpec& spec, const BenchRule& rule, int radius, GridSize size,
                    const BenchOptions& options, const NvmlPower& nvml, std::optional<double> bandwidth) {
    BenchRow row = describeRow(spec, rule, radius, size);
    std::optional<std::string> why = spec.unavailableReason();
    if (!why) why = spec.unsupportedReason(rule.rule);
    if (why) {
        row.status = "n/a (" + *why + ")";
        return row;
    }
    try {
        Simulator sim(rule.rule, size, rule.density, options.seed, spec.name);
        row.timer = sim.stepTimerMethod();
        row.kernel = sim.kernelName();
        if (options.warmup > 0) sim.timedStep(options.warmup);
        row.steps = options.steps;
        if (options.seconds) {
            // The fastest of three single steps: a probe the scheduler preempts would choose too few steps.
            double probeMs = sim.timedStep(1);
            for (int i = 0; i < 2; ++i) probeMs = std::min(probeMs, sim.timedStep(1));
            probeMs = std::max(probeMs, 1e-3);
            row.steps = int(std::clamp(std::lround(*options.seconds * 1e3 / probeMs), 1L, long(kMaxSteps)));
        }
        const bool power = row.onDevice && nvml.available();
        double energy0 = -1.0, energy1 = -1.0; // joules; negative: no counter
        if (power) energy0 = nvml.totalEnergyJoules().value_or(-1.0);
        std::vector<double> perStep, watts;
        const auto start = std::chrono::steady_clock::now();
        for (int r = 0; r < options.repeats; ++r) {
            perStep.push_back(sim.timedStep(row.steps) / row.steps);
            if (power)
                if (auto w = nvml.powerWatts()) watts.push_back(*w);
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (power && energy0 >= 0) energy1 = nvml.totalEnergyJoules().value_or(-1.0);
        row.msMedian = median(perStep);
        row.msMin = *std::min_element(perStep.begin(), perStep.end());
        row.msMax = *std::max_element(perStep.begin(), perStep.end());
        const double cells = double(size.width) * double(size.height);
        row.cellUpdatesPerSecond = cells / std::max(row.msMedian * 1e-3, 1e-12);
        const double timedSteps = double(row.steps) * options.repeats;
        if (energy0 >= 0 && energy1 > energy0 && seconds > 0) {
            row.watts = (energy1 - energy0) / seconds;
            row.joulesPerStep = (energy1 - energy0) / timedSteps;
        } else if (!watts.empty()) {
            row.watts = median(watts);
            row.joulesPerStep = *row.watts * row.msMedian * 1e-3;
        }
        if (row.onDevice && bandwidth) row.floorMs = cells * sim.bytesPerCellStep() / *bandwidth * 1e3;
        row.measured = true;
        row.status = "ok";
    } catch (const std::bad_alloc&) {
        row.status = "n/a (out of host memory for a " + sizeText(size) + " grid)";
    } catch (const Error& e) {
        row.status = "n/a (" + std::string(e.what()) + ")";
    }
    return row;
}

BenchReport runBench(const BenchOptions& options, std::ostream& log) {
    checkOptions(options);
    const std::vector<int> radii = benchRadii(options);
    const GridSize size = parseGridSize(options.size);
    {
        const int maxRadius = *std::max_element(radii.begin(), radii.end());
        const BenchRule widest = benchRuleFor(maxRadius, options);
        checkGridSize(size, &widest.rule, kMaxWideGridCells); // each backend's own limit: its row says
    }
    const std::vector<std::string> backends = selectBackends(options.backends, log);
    if (options.csvPath) checkWritable(*options.csvPath);
    if (options.plotPath) {
        checkWritable(*options.plotPath);
        if (!std::filesystem::exists(plotScriptPath()))
            throw Error("--plot needs " + plotScriptPath() + " (set CATLAB_PLOT_SCRIPT to tools/plot_bench.py)");
    }

    BenchReport report;
    report.options = options;
    report.date = nowText();
    report.commit = CATLAB_GIT_COMMIT;
    const NvmlPower nvml(cudaDevicePciBusId(), options.nvmlLibrary.c_str());
    const std::string cudaName = cudaDeviceName();
    report.gpuName = !cudaName.empty() ? cudaName : nvml.deviceName().value_or("none");
    report.powerSource = nvml.available() ? (nvml.totalEnergyJoules() ? "NVML energy counter" : "NVML power samples")
                                          : "n/a (NVML: " + nvml.unavailableReason() + ")";

    const BackendRegistry& registry = BackendRegistry::instance();
    if (std::any_of(backends.begin(), backends.end(),
                    [&](const std::string& name) { return registry.find(name).memorySpace == MemorySpace::Device; }))
        report.bandwidth = measureDeviceBandwidth();

    // Radius-major so a long run reports every backend at small radii first; base goes first at
    // each radius so speedups can be shown as rows come in.
    std::vector<std::string> order = backends;
    std::stable_partition(order.begin(), order.end(), [](const std::string& b) { return lower(b) == "base"; });
    std::vector<BenchRow> measured;
    std::map<std::string, std::string> overBudget; // backend -> why its larger radii are skipped
    for (int radius : radii) {
        const BenchRule rule = benchRuleFor(radius, options);
        std::optional<size_t> baseRow; // index into `measured`
        for (const std::string& name : order) {
            BenchRow row;
            if (auto skipped = overBudget.find(name); skipped != overBudget.end()) {
                row = describeRow(registry.find(name), rule, radius, size);
                row.status = "n/a (skipped: " + skipped->second + ")";
            } else {
                row = measureRow(registry.find(name), rule, radius, size, options, nvml, report.bandwidth);
            }
            if (row.measured && baseRow && measured[*baseRow].measured)
                row.speedupOverBase = measured[*baseRow].msMedian / row.msMedian;
            if (row.measured && lower(row.backend) == "base") row.speedupOverBase = 1.0;
            if (row.measured && options.maxMs && row.msMedian > *options.maxMs)
                overBudget[name] = number(row.msMedian) + " ms/step at r=" + std::to_string(radius) +
                                   " already exceeds --max-ms " + number(*options.maxMs);
            log << "catlab bench: " << row.backend << " r=" << radius << " " << sizeText(size) << ": "
                << (row.measured ? number(row.msMedian) + " ms/step" : row.status)
                << (row.kernel.empty() ? "" : " (" + row.kernel + " kernel)") << '\n';
            if (lower(name) == "base") baseRow = measured.size();
            measured.push_back(std::move(row));
        }
    }
    // Backend-major, in the order asked for.
    for (const std::string& name : backends)
        for (const BenchRow& row : measured)
            if (row.backend == name) report.rows.push_back(row);
    return report;
}

void printBenchTable(const BenchReport& report, std::ostream& out) {
    const BenchOptions& o = report.options;
    out << "catlab bench  commit " << report.commit << ", " << report.date << '\n'
        << "gpu           " << report.gpuName << '\n'
        << "power         " << report.powerSource << '\n'
        << "rules         " << rulesText(o) << "\ntiming        " << o.warmup << " warm-up steps, then " << o.repeats
        << " x " << (o.seconds ? "about " + number(*o.seconds) + " s of" : std::to_string(o.steps))
        << " steps; ms/step is the median over the repeats\n"
        << "floor         "
        << (report.bandwidth ? "bytes a step must move / " + number(*report.bandwidth / 1e9) +
                                   " GB/s (streaming copy measured on this GPU)"
                             : std::string("n/a (no GPU)"))
        << "\n\n";
    const std::vector<std::string> head{"backend", "radius",  "n",       "ms/step", "min",    "max",    "floor",
                                        "x floor", "cells/s", "speedup", "W",       "J/step", "kernel", "device"};
    std::vector<std::vector<std::string>> lines{head};
    std::vector<std::string> notes;
    for (const BenchRow& row : report.rows) {
        std::vector<std::string> cells{row.backend, std::to_string(row.radius), sizeText(row.size)};
        if (row.measured) {
            const std::optional<double> timesFloor =
                row.floorMs ? std::optional<double>(row.msMedian / *row.floorMs) : std::nullopt;
            cells.insert(cells.end(), {number(row.msMedian), number(row.msMin), number(row.msMax),
                                       optionalNumber(row.floorMs), optionalNumber(timesFloor, 3),
                                       number(row.cellUpdatesPerSecond, 3), optionalNumber(row.speedupOverBase, 3),
                                       optionalNumber(row.watts, 4), optionalNumber(row.joulesPerStep, 4),
                                       row.kernel.empty() ? "-" : row.kernel, row.onDevice ? report.gpuName : "cpu"});
            lines.push_back(cells);
        } else {
            notes.push_back(row.backend + " r=" + std::to_string(row.radius) + ": " + row.status);
            cells.push_back(row.status);
            lines.push_back(cells);
        }
    }
    std::vector<size_t> width(head.size(), 0);
    for (const auto& line : lines)
        if (line.size() == head.size())
            for (size_t i = 0; i < line.size(); ++i) width[i] = std::max(width[i], line[i].size());
    for (const auto& line : lines) {
        for (size_t i = 0; i < line.size(); ++i) {
            const bool last = i + 1 == line.size();
            if (i < 3 || last)
                out << std::left;
            else
                out << std::right;
            out << std::setw(last ? 0 : int(width[i])) << line[i] << (last ? "" : "  ");
        }
        out << std::left << '\n';
    }
}

void writeBenchCsv(const BenchReport& report, const std::string& path) {
    AtomicFile file(path);
    std::ostream& csv = file.stream();
    const BenchOptions& o = report.options;
    csv << kBenchCsvHeader << '\n';
    for (const BenchRow& r : report.rows) {
        auto value = [&](double v) { return r.measured ? number(v, 6) : std::string("n/a"); };
        auto optional = [&](const std::optional<double>& v) { return optionalNumber(v, 6); };
        csv << csvField(r.backend) << ',' << r.radius << ',' << csvField(r.ruleName) << ',' << csvField(r.rule) << ','
            << r.size.width << ',' << r.size.height << ',' << o.warmup << ',' << (r.measured ? r.steps : o.steps) << ','
            << o.repeats << ',' << value(r.msMedian) << ',' << value(r.msMin) << ',' << value(r.msMax) << ','
            << value(r.cellUpdatesPerSecond) << ',' << optional(r.speedupOverBase) << ',' << optional(r.watts) << ','
            << optional(r.joulesPerStep) << ',' << optional(r.floorMs) << ','
            << optional(r.floorMs ? std::optional<double>(r.msMedian / *r.floorMs) : std::nullopt) << ','
            << optional(report.bandwidth ? std::optional<double>(*report.bandwidth / 1e9) : std::nullopt) << ','
            << (r.timer.empty() ? "n/a" : r.timer) << ',' << (r.onDevice ? "device" : "host") << ','
            << csvField(report.gpuName) << ',' << csvField(r.status) << ',' << csvField(report.date) << ','
            << csvField(report.commit) << ',' << csvField(r.kernel) << '\n';
    }
    file.commit();
}

int runBenchCommand(const BenchOptions& options, std::ostream& out, std::ostream& log) {
    const BenchReport report = runBench(options, log);
    printBenchTable(report, out);
    if (options.csvPath) {
        writeBenchCsv(report, *options.csvPath);
        out << "\nwrote " << *options.csvPath << '\n';
    }
    if (options.plotPath) {
        std::string csv;
        std::filesystem::path temporary;
        if (options.csvPath) {
            csv = *options.csvPath;
        } else {
            temporary =
                std::filesystem::temp_directory_path() / ("catlab-bench-" + std::to_string(::getpid()) + ".csv");
            csv = temporary.string();
            writeBenchCsv(report, csv);
        }
        try {
            // The script draws into the temporary, which replaces the plot only once it is whole.
            AtomicFile plot(*options.plotPath);
            drawPlot(options.python, csv, plot.writtenPath(), *options.plotPath);
            plot.commit();
        } catch (...) {
            if (!temporary.empty()) std::filesystem::remove(temporary);
            throw;
        }
        if (!temporary.empty()) std::filesystem::remove(temporary);
        out << "wrote " << *options.plotPath << '\n';
    }
    return 0;
}

void addBenchCommand(CLI::App& app) {
    auto options = std::make_shared<BenchOptions>();
    CLI::App* bench = app.add_subcommand(
        "bench", "Time backends against the neighbourhood radius (the CAT paper's figures 9 and 10)");
    bench->footer(
        "Rules: with --rule-set cat (the default), radius r in 1..16 runs the CAT paper's instance, preset\n"
        "cat-r<r>, at its density. Other radii, and every radius with --rule-set scaled, run cat-r16\n"
        "(R16,C0,M0,S170..296,B170..300,NM, density 0.26) reshaped to the radius as the window's radius\n"
        "control does: each interval keeps its fraction of the neighbourhood (a count c stands for the\n"
        "fractions [c - 1/2, c + 1/2) / N(r), N(r) = (2r+1)^2 - 1).\n"
        "--rule replaces the rule set with one preset or rule string (a preset at its density, a rule string\n"
        "at 0.5); --radius then defaults to the rule's own radius, and other radii get the rule reshaped to\n"
        "them (each interval keeps its fraction of the neighbourhood, as the GUI's radius control does).\n"
        "Timing: CUDA events for GPU backends, steady_clock for CPU backends; ms/step is the median over\n"
        "the repeats. Watts come from NVML (libnvidia-ml.so.1, loaded at run time) over the timed steps;\n"
        "use enough steps for the timed part to last about a second. Backends that cannot run a rule\n"
        "(or here at all) are reported as n/a rows. --plot runs tools/plot_bench.py (or $CATLAB_PLOT_SCRIPT)\n"
        "with python3 (or $CATLAB_PYTHON), which needs matplotlib.\n"
        "Floor: the bytes one generation must move in the backend's layout (its state read and written\n"
        "once) over the bandwidth of a streaming copy measured on this GPU at the start; x floor is\n"
        "ms/step over that floor. Kernel: which of its kernels a backend that picks one ran (boxsum).\n"
        "Example: catlab bench --backends base,cpu --radius 1..16,32,64 --size 4096 --steps 10 --csv b.csv");
    bench
        ->add_option("--backends", options->backends,
                     "Comma list of backends, or all (every backend available here but cpu-naive)")
        ->capture_default_str();
    bench->add_option("--radius", options->radii,
                      "Radii: ranges and lists, e.g. 1..16 or 1,2,4,8,16 or 1..16,32,100 (default 1..16, or the "
                      "--rule's own radius)");
    bench->add_option("--size", options->size, "Torus size N (N x N) or WxH")->capture_default_str();
    addIntegerOption(*bench, "--steps", options->steps, "Generations per timed repeat", 1, kMaxSteps)
        ->capture_default_str();
    addNumberOption(*bench, "--seconds", options->seconds,
                    "Instead of --steps: per backend and radius, as many generations as last about this long");
    addNumberOption(*bench, "--max-ms", options->maxMs,
                    "Skip a backend's larger radii once one of its steps took longer than this (ms)");
    addIntegerOption(*bench, "--repeats", options->repeats, "Timed repeats (ms/step is their median)", 1, kMaxRepeats)
        ->capture_default_str();
    addIntegerOption(*bench, "--warmup", options->warmup, "Generations run before timing", 0, kMaxSteps)
        ->capture_default_str();
    addIntegerOption(*bench, "--seed", options->seed, "Seed of the random start")->capture_default_str();
    bench->add_option("--rule-set", options->ruleSet, "cat (paper instances) or scaled (see below)")
        ->capture_default_str();
    bench->add_option("--rule", options->rule,
                      "A preset or rule string (Golly notation) to benchmark instead of the rule set, e.g. life or "
                      "B4678/S35678");
    bench->add_option("--csv", options->csvPath, "Write one row per (backend, radius) to this CSV file");
    bench->add_option("--plot", options->plotPath, "Draw ms/step and speedup over base against radius to this PNG");
    bench->add_option("--gpus", options->gpus,
                      "One grid over N GPUs of this machine (or all), cut into bands; per-rank and total cell "
                      "updates/s (--size is the whole grid)");
    addIntegerOption(*bench, "--halo-steps", options->haloSteps,
                     "Distributed grids: generations between halo exchanges (0: chosen for the radius)", 0, 1 << 16)
        ->capture_default_str();
    bench->add_flag("--overlap", options->overlap,
                    "Distributed grids: compute the rows other ranks need first and send them while the rest "
                    "of the band is computed (boxsum over NCCL)");
    bench->callback([options] {
        BenchOptions o = *options;
        if (const char* python = std::getenv("CATLAB_PYTHON"); python && *python) o.python = python;
        if (distributedRun(o.gpus)) {
            if (const int code = runDistributedBench(o, std::cout, std::cerr); code != 0) throw CLI::RuntimeError(code);
            return;
        }
        if (o.haloSteps != 0) throw Error("--halo-steps is for a distributed grid (--gpus, or under mpirun)");
        if (o.overlap) throw Error("--overlap is for a distributed grid (--gpus, or under mpirun)");
        runBenchCommand(o, std::cout, std::cerr);
    });
}

} // namespace catlab::cli
