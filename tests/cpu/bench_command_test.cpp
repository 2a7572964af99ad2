// catlab bench: radius lists, rule choice, backend selection, a real (tiny) run, CSV, NVML absent.
// Suites are lower-case so that `ctest -R bench` selects them.
#include "cli/bench_command.hpp"
#include "cli/commands.hpp"
#include "cli/radius_list.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/nvml_power.hpp"
#include "catlab/presets.hpp"
#include "catlab/rule_scaling.hpp"
#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace catlab::cli {
namespace {

namespace fs = std::filesystem;

constexpr const char* kNoNvml = "libcatlab-no-such-nvml.so.1";

using testing::errorOf;

std::vector<int> range(int lo, int hi) {
    std::vector<int> v;
    for (int r = lo; r <= hi; ++r) v.push_back(r);
    return v;
}

// Splits one CSV line, honouring quoted fields.
std::vector<std::string> csvFields(const std::string& line) {
    std::vector<std::string> fields(1);
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                fields.back() += line[++i];
            else if (c == '"')
                quoted = false;
            else
                fields.back() += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.emplace_back();
        } else {
            fields.back() += c;
        }
    }
    return fields;
}

std::vector<std::string> readLines(const fs::path& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

fs::path scratch(const std::string& name) {
    return fs::temp_directory_path() / ("catlab-bench-test-" + std::to_string(::getpid()) + "-" + name);
}

std::vector<std::string> cpuBackends() {
    std::vector<std::string> names{"cpu-naive"};
    if (BackendRegistry::instance().contains("cpu")) names.push_back("cpu");
    return names;
}

BenchOptions tinyRun(const std::string& backends) {
    BenchOptions o;
    o.backends = backends;
    o.radii = "1,2";
    o.size = "64";
    o.steps = 2;
    o.repeats = 3;
    o.warmup = 1;
    o.nvmlLibrary = kNoNvml;
    return o;
}

TEST(bench_radius_list, RangesListsAndMixtures) {
    EXPECT_EQ(parseRadiusList("1..16"), range(1, 16));
    EXPECT_EQ(parseRadiusList("1,2,4,8,16"), (std::vector<int>{1, 2, 4, 8, 16}));
    std::vector<int> mixed = range(1, 16);
    mixed.insert(mixed.end(), {32, 64, 100});
    EXPECT_EQ(parseRadiusList("1..16,32,64,100"), mixed);
    EXPECT_EQ(parseRadiusList("7"), (std::vector<int>{7}));
    EXPECT_EQ(parseRadiusList("5..5"), (std::vector<int>{5}));
    EXPECT_EQ(parseRadiusList("3,1..4,3"), (std::vector<int>{3, 1, 2, 4})); // order kept, duplicates dropped
    EXPECT_EQ(parseRadiusList("499..500"), (std::vector<int>{499, 500}));
}

TEST(bench_radius_list, ErrorsNameTheProblem) {
    for (const char* bad : {"", "0", "501", "-1", "1..", "..4", "a", "1,,2", "1,", "1..16x", "1...4", "2..1", "1.5",
                            "99999999999999999999"})
        EXPECT_THROW(parseRadiusList(bad), Error) << "'" << bad << "'";
    EXPECT_NE(errorOf([] { parseRadiusList("1..4,0"); }).find("outside 1..500"), std::string::npos);
    EXPECT_NE(errorOf([] { parseRadiusList("9..3"); }).find("'9..3' runs backwards"), std::string::npos);
    EXPECT_NE(errorOf([] { parseRadiusList("1,x"); }).find("'x'"), std::string::npos);
    EXPECT_NE(errorOf([] { parseRadiusList("1,,2"); }).find("empty item"), std::string::npos);
}

TEST(bench_command, RulesAreTheCatInstancesThenScaled) {
    for (int r = 1; r <= 16; ++r) {
        const BenchRule b = benchRule(r, "cat");
        const Preset* p = findPreset("cat-r" + std::to_string(r));
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(b.rule, p->rule) << r;
        EXPECT_EQ(b.density, p->density);
    }
    // cat-r16 scaled to itself is cat-r16.
    EXPECT_EQ(benchRule(16, "scaled").rule, findPreset("cat-r16")->rule);
    for (int r : {1, 17, 32, 100, 500}) {
        const Rule rule = benchRule(r, "cat").rule;
        EXPECT_EQ(rule.radius, r);
        EXPECT_EQ(rule.neighbourhood, Neighbourhood::Moore);
        EXPECT_FALSE(rule.includeCentre);
        ASSERT_FALSE(rule.survival.empty());
        EXPECT_GE(rule.survival.intervals().front().lo, 1);
        EXPECT_LE(rule.birth.max(), rule.neighbourhoodSize());
        if (r > 16) {
            EXPECT_EQ(rule, benchRule(r, "scaled").rule);
        }
    }
    // Reshaped as the window reshapes: N(32) = 65^2 - 1 = 4224, and counts 170..296 of 1088 stand for the
    // fractions [169.5, 296.5) / 1088, which hold the counts 658.06.. up to 1151.1 of 4224 (300: 1166.6).
    const Rule r32 = benchRule(32, "cat").rule;
    EXPECT_EQ(r32.survival.intervals(), (std::vector<Interval>{{659, 1151}}));
    EXPECT_EQ(r32.birth.intervals(), (std::vector<Interval>{{659, 1166}}));
    EXPECT_EQ(r32, reshapeRule(findPreset("cat-r16")->rule, {32, Neighbourhood::Moore, false}));
    EXPECT_THROW(benchRule(0, "cat"), Error);
    EXPECT_THROW(benchRule(501, "cat"), Error);
}

TEST(bench_command, BackendSelection) {
    std::ostringstream notes;
    const std::string unknown = errorOf([&] { selectBackends("cpu-naive,warp-drive", notes); });
    EXPECT_NE(unknown.find("unknown backend 'warp-drive'"), std::string::npos) << unknown;
    EXPECT_NE(unknown.find("cpu-naive"), std::string::npos) << "should list the known backends: " << unknown;
    EXPECT_EQ(selectBackends("CPU-NAIVE", notes), (std::vector<std::string>{"cpu-naive"}));
    EXPECT_THROW(selectBackends("cpu-naive,", notes), Error);
    const std::vector<std::string> all = selectBackends("all", notes);
    EXPECT_EQ(std::count(all.begin(), all.end(), "cpu-naive"), 0);
    for (const std::string& name : all) EXPECT_FALSE(BackendRegistry::instance().find(name).unavailableReason());
    const std::vector<std::string> withNaive = selectBackends("all,cpu-naive", notes);
    EXPECT_EQ(withNaive.size(), all.size() + 1);
    EXPECT_EQ(withNaive.back(), "cpu-naive");
}

TEST(bench_command, TinyRealRunAndCsv) {
    std::string list;
    for (const std::string& b : cpuBackends()) list += (list.empty() ? "" : ",") + b;
    BenchOptions o = tinyRun(list);
    const fs::path csv = scratch("run.csv");
    o.csvPath = csv.string();
    std::ostringstream out, log;
    ASSERT_EQ(runBenchCommand(o, out, log), 0);

    const size_t expectedRows = cpuBackends().size() * 2;
    // Table: one line per row after the header line.
    EXPECT_NE(out.str().find("ms/step"), std::string::npos);
    EXPECT_NE(out.str().find("gpu           none"), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("cpu-naive  2"), std::string::npos) << out.str();

    const std::vector<std::string> lines = readLines(csv);
    ASSERT_EQ(lines.size(), 1 + expectedRows);
    EXPECT_EQ(lines[0], kBenchCsvHeader);
    const std::vector<std::string> header = csvFields(lines[0]);
    auto column = [&](const std::string& name) {
        const auto it = std::find(header.begin(), header.end(), name);
        EXPECT_NE(it, header.end()) << name;
        return size_t(it - header.begin());
    };
    size_t i = 1;
    for (const std::string& backend : cpuBackends())
        for (int radius : {1, 2}) {
            const std::vector<std::string> f = csvFields(lines[i++]);
            ASSERT_EQ(f.size(), header.size()) << lines[i - 1];
            EXPECT_EQ(f[column("backend")], backend);
            EXPECT_EQ(f[column("radius")], std::to_string(radius));
            EXPECT_EQ(f[column("width")], "64");
            EXPECT_EQ(f[column("status")], "ok");
            EXPECT_GT(std::stod(f[column("ms_per_step_median")]), 0.0);
            EXPECT_GT(std::stod(f[column("cell_updates_per_s")]), 0.0);
            EXPECT_EQ(f[column("watts")], "n/a");
            EXPECT_EQ(f[column("joules_per_step")], "n/a");
            EXPECT_EQ(f[column("speedup_vs_base")], "n/a"); // base was not measured
            EXPECT_EQ(f[column("timer")], "steady_clock");
            EXPECT_EQ(f[column("memory")], "host");
            EXPECT_EQ(f[column("kernel")], ""); // the CPU backends have one kernel each
            EXPECT_EQ(f[column("rule")], benchRule(radius, "cat").rule.format());
        }
    fs::remove(csv);
}

TEST(bench_command, RowsHavePositiveTimesAndNoPowerWithoutNvml) {
    std::ostringstream log;
    const BenchReport report = runBench(tinyRun("cpu-naive"), log);
    ASSERT_EQ(report.rows.size(), 2u);
    for (const BenchRow& row : report.rows) {
        EXPECT_TRUE(row.measured) << row.status;
        EXPECT_GT(row.msMedian, 0.0);
        EXPECT_LE(row.msMin, row.msMedian);
        EXPECT_GE(row.msMax, row.msMedian);
        EXPECT_NEAR(row.cellUpdatesPerSecond, 64.0 * 64.0 / (row.msMedian * 1e-3), row.cellUpdatesPerSecond * 1e-9);
        EXPECT_FALSE(row.watts);
        EXPECT_FALSE(row.joulesPerStep);
    }
    EXPECT_EQ(report.rows[0].radius, 1);
    EXPECT_EQ(report.rows[1].radius, 2);
    EXPECT_EQ(report.powerSource.rfind("n/a (NVML: ", 0), 0u) << report.powerSource;
    EXPECT_FALSE(report.commit.empty());
}

TEST(bench_command, SecondsChoosesTheStepsAndMaxMsSkipsLargerRadii) {
    std::ostringstream log;
    BenchOptions o = tinyRun("cpu-naive");
    o.radii = "1,2,3";
    o.seconds = 0.02;
    o.maxMs = 1e-9; // every step is slower than this: only the first radius is measured
    const BenchReport report = runBench(o, log);
    ASSERT_EQ(report.rows.size(), 3u);
    ASSERT_TRUE(report.rows[0].measured) << report.rows[0].status;
    EXPECT_GE(report.rows[0].steps, 1);
    // About 20 ms per repeat: the chosen step count times the measured ms/step lands near it.
    EXPECT_GT(report.rows[0].steps * report.rows[0].msMedian, 2.0);
    EXPECT_FALSE(report.rows[0].floorMs); // host rows have no memory floor
    for (int i : {1, 2}) {
        EXPECT_FALSE(report.rows[i].measured);
        EXPECT_NE(report.rows[i].status.find("skipped: "), std::string::npos) << report.rows[i].status;
        EXPECT_NE(report.rows[i].status.find("at r=1 already exceeds --max-ms"), std::string::npos);
    }
}

TEST(bench_command, UnavailableBackendsAreNaRowsNotFailures) {
    std::string unavailable;
    for (const BackendSpec& spec : BackendRegistry::instance().all())
        if (spec.unavailableReason()) unavailable = spec.name;
    if (unavailable.empty()) GTEST_SKIP() << "every backend runs here";
    std::ostringstream log;
    const BenchReport report = runBench(tinyRun("cpu-naive," + unavailable), log);
    ASSERT_EQ(report.rows.size(), 4u);
    EXPECT_TRUE(report.rows[0].measured);
    EXPECT_FALSE(report.rows[2].measured);
    EXPECT_EQ(report.rows[2].backend, unavailable);
    EXPECT_EQ(report.rows[2].status.rfind("n/a (", 0), 0u) << report.rows[2].status;
    std::ostringstream table;
    printBenchTable(report, table);
    EXPECT_NE(table.str().find(report.rows[2].status), std::string::npos);
}

TEST(bench_command, RuleReplacesTheRuleSetAtItsOwnRadius) {
    std::ostringstream log;
    BenchOptions o = tinyRun("cpu-naive");
    o.radii.reset();
    o.rule = "anneal";
    const BenchReport report = runBench(o, log);
    ASSERT_EQ(report.rows.size(), 1u);
    EXPECT_TRUE(report.rows[0].measured) << report.rows[0].status;
    EXPECT_EQ(report.rows[0].radius, 1);
    EXPECT_EQ(report.rows[0].rule, "B4678/S35678");
    EXPECT_EQ(report.rows[0].ruleName, "ANNEAL");
    std::ostringstream table;
    printBenchTable(report, table);
    EXPECT_NE(table.str().find("--rule anneal (B4678/S35678 at r=1)\n"), std::string::npos) << table.str();
}

TEST(bench_command, RuleIsReshapedToOtherRadii) {
    BenchOptions o = tinyRun("cpu-naive");
    o.rule = "R2,C0,M0,S7..12,B8..11,NM";
    o.radii = "1,2,3";
    EXPECT_EQ(benchRadii(o), (std::vector<int>{1, 2, 3}));
    const BenchRule own = benchRuleFor(2, o);
    EXPECT_EQ(own.rule, parseRule("R2,C0,M0,S7..12,B8..11,NM").rule);
    EXPECT_EQ(own.name, "R2,C0,M0,S7..12,B8..11,NM");
    for (int r : {1, 3}) {
        const BenchRule reshaped = benchRuleFor(r, o);
        EXPECT_EQ(reshaped.rule, reshapeRule(own.rule, {r, Neighbourhood::Moore, false}));
        EXPECT_EQ(reshaped.name, own.name + " reshaped to r" + std::to_string(r));
    }
    o.rule.reset();
    EXPECT_EQ(benchRuleFor(3, o).rule, benchRule(3, "cat").rule); // without --rule: the rule set
    o.radii.reset();
    EXPECT_EQ(benchRadii(o), range(1, 16));
}

TEST(bench_command, BadOptionsFailBeforeRunning) {
    std::ostringstream log;
    auto fails = [&](BenchOptions o, const std::string& expected) {
        const std::string message = errorOf([&] { runBench(o, log); });
        EXPECT_NE(message.find(expected), std::string::npos) << "expected '" << expected << "' in: " << message;
    };
    BenchOptions o = tinyRun("cpu-naive");
    o.steps = 0;
    fails(o, "--steps");
    o = tinyRun("cpu-naive");
    o.repeats = -1;
    fails(o, "--repeats");
    o = tinyRun("cpu-naive");
    o.ruleSet = "paper";
    fails(o, "--rule-set");
    o = tinyRun("cpu-naive");
    o.radii = "1..16";
    o.size = "20"; // radius 16 needs 33 cells a side
    fails(o, "too small for radius 16");
    o = tinyRun("cpu-naive");
    o.size = "64x0";
    fails(o, "bad grid size");
    o = tinyRun("cpu-naive");
    o.size = "9999999";
    fails(o, "bad grid size");
    o = tinyRun("nope");
    fails(o, "unknown backend 'nope'");
    o = tinyRun("cpu-naive");
    o.seconds = 0.0;
    fails(o, "--seconds must be more than 0");
    o = tinyRun("cpu-naive");
    o.maxMs = -2.0;
    fails(o, "--max-ms must be more than 0");
    o = tinyRun("cpu-naive");
    o.csvPath = "/nonexistent-catlab-dir/bench.csv";
    fails(o, "cannot write '/nonexistent-catlab-dir/bench.csv'");
    o = tinyRun("cpu-naive");
    o.plotPath = "/nonexistent-catlab-dir/bench.png";
    fails(o, "cannot write '/nonexistent-catlab-dir/bench.png'");
    o = tinyRun("cpu-naive");
    o.rule = "glider gun";
    fails(o, "'glider gun' is neither a preset");
    o = tinyRun("cpu-naive");
    o.rule = "B3/S23:T64,64";
    fails(o, "torus suffix; give the grid with --size");
    o = tinyRun("cpu-naive");
    o.rule = "R5,C0,M1,S34..58,B34..45,NM";
    o.radii.reset();
    o.size = "9"; // radius 5 needs 11 cells a side
    fails(o, "too small for radius 5");
    EXPECT_EQ(log.str().find("ms/step"), std::string::npos) << "nothing should have been measured";
}

TEST(bench_command, CommandLineExitCodes) {
    auto exitCode = [](std::vector<std::string> args) {
        args.insert(args.begin(), "catlab");
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(a.data());
        return runMain(int(argv.size()), argv.data());
    };
    EXPECT_EQ(exitCode({"bench", "--backends", "warp-drive", "--radius", "1", "--size", "64"}), 1);
    EXPECT_EQ(exitCode({"bench", "--backends", "cpu-naive", "--radius", "0", "--size", "64"}), 1);
    EXPECT_EQ(exitCode({"bench", "--backends", "cpu-naive", "--radius", "1..501", "--size", "64"}), 1);
    EXPECT_EQ(exitCode({"bench", "--backends", "cpu-naive", "--radius", "1", "--size", "64", "--steps", "0"}), 1);
    EXPECT_NE(exitCode({"bench", "--steps", "many"}), 0);
    EXPECT_EQ(exitCode({"bench", "--backends", "cpu-naive", "--radius", "1", "--size", "32", "--steps", "1",
                        "--repeats", "1", "--warmup", "0"}),
              0);
}

TEST(bench_command, PlotFailureStillWritesTheCsv) {
    BenchOptions o = tinyRun("cpu-naive");
    o.radii = "1";
    const fs::path csv = scratch("plotfail.csv"), png = scratch("plotfail.png");
    o.csvPath = csv.string();
    o.plotPath = png.string();
    o.python = "catlab-no-such-python3";
    std::ostringstream out, log;
    const std::string message = errorOf([&] { runBenchCommand(o, out, log); });
    EXPECT_NE(message.find("cannot run catlab-no-such-python3"), std::string::npos) << message;
    EXPECT_EQ(readLines(csv).size(), 2u);
    EXPECT_FALSE(fs::exists(png));
    fs::remove(csv);
}

TEST(bench_command, PlotWithMatplotlib) {
    BenchOptions o = tinyRun("cpu-naive");
    const fs::path png = scratch("plot.png");
    o.plotPath = png.string(); // no --csv: a temporary one is used
    o.python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    std::ostringstream out, log;
    const std::string message = errorOf([&] { runBenchCommand(o, out, log); });
    if (message.find("matplotlib is missing") != std::string::npos || message.find("cannot run") != std::string::npos)
        GTEST_SKIP() << message;
    EXPECT_EQ(message, "(no error)");
    ASSERT_TRUE(fs::exists(png));
    std::ifstream in(png, std::ios::binary);
    char magic[8] = {};
    in.read(magic, 8);
    EXPECT_EQ(std::string(magic + 1, 3), "PNG");
    fs::remove(png);
}

TEST(bench_nvml, AbsentLibraryMeansNoPowerAndNoFailure) {
    const NvmlPower nvml("", kNoNvml);
    EXPECT_FALSE(nvml.available());
    EXPECT_NE(nvml.unavailableReason().find(kNoNvml), std::string::npos) << nvml.unavailableReason();
    EXPECT_FALSE(nvml.powerWatts());
    EXPECT_FALSE(nvml.totalEnergyJoules());
    EXPECT_FALSE(nvml.deviceName());

    // The real library: absent on a machine without the NVIDIA driver; either way nothing throws.
    const NvmlPower system;
    if (!system.available()) {
        EXPECT_FALSE(system.unavailableReason().empty());
        EXPECT_FALSE(system.powerWatts());
    }
}

} // namespace
} // namespace catlab::cli
