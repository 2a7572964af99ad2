// Ctrl+C (SIGINT) and SIGTERM during `catlab run` and `catlab cloud`: the real executable runs as a
// child process and is signalled while it steps. It must stop after the chunk of steps in progress,
// print its summary, write --out (read back here and compared with the same number of steps computed
// in this process) and exit with 128 + the signal.
#include "record/child_process.hpp"

#include "catlab/cloud/cloud_scene.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/presets.hpp"
#include "catlab/rle.hpp"
#include "catlab/simulator.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <thread>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// An empty folder named after the running test.
fs::path testDirectory() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string name = std::string(info->test_suite_name()) + "." + info->name();
    for (char& c : name)
        if (c == '/') c = '_';
    const fs::path dir = fs::path(CATLAB_TEST_WORK) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

// The numbers the regex captures in `text`, or an empty list when it does not match.
std::vector<long long> captured(const std::string& text, const std::string& pattern) {
    std::smatch match;
    if (!std::regex_search(text, match, std::regex(pattern))) return {};
    std::vector<long long> numbers;
    for (std::size_t i = 1; i < match.size(); ++i) numbers.push_back(std::stoll(match[i]));
    return numbers;
}

struct SignalCase {
    int signal;
    int exitCode;
    std::string name; // as catlab reports it
};

void PrintTo(const SignalCase& c, std::ostream* out) { *out << c.name; }

const SignalCase kSigint{SIGINT, 130, "SIGINT (Ctrl+C)"};
const SignalCase kSigterm{SIGTERM, 143, "SIGTERM"};

// Starts catlab, waits until it has printed `started` (its header: the steps are about to run), lets
// it step a while, signals it and waits for it to end. The signal must be heard within seconds.
ChildResult interruptWhileStepping(const std::vector<std::string>& args, const fs::path& dir,
                                   const std::string& started, const SignalCase& signal,
                                   std::chrono::milliseconds stepping = std::chrono::milliseconds(300)) {
    ChildProcess child(args, dir);
    EXPECT_TRUE(child.waitForOutput(started, std::chrono::seconds(60))) << "catlab never started stepping";
    std::this_thread::sleep_for(stepping);
    child.sendSignal(signal.signal);
    const auto sent = Clock::now();
    ChildResult result = child.wait();
    // A chunk lasts about a tenth of a second; a loaded machine gets generous slack.
    EXPECT_LT(std::chrono::duration<double>(Clock::now() - sent).count(), 5.0) << "the signal was not heard in time";
    return result;
}

class RunInterrupted : public ::testing::TestWithParam<SignalCase> {};

TEST_P(RunInterrupted, StopsPrintsTheSummaryWritesOutAndExitsWithTheSignal) {
    const SignalCase& signal = GetParam();
    const fs::path dir = testDirectory();
    const ChildResult run =
        interruptWhileStepping({"run", "--no-progress", "--rule", "life", "--size", "512", "--density", "0.3", "--seed",
                                "7", "--backend", "cpu", "--steps", "1000000000", "--out", "final.rle"},
                               dir, "backend     cpu", signal);
    EXPECT_EQ(run.signal, 0) << "killed by the signal instead of stopping";
    EXPECT_EQ(run.exitCode, signal.exitCode) << run.err;

    const std::vector<long long> steps = captured(run.out, "steps       ([0-9]+) of 1000000000 \\(interrupted\\) in");
    const std::vector<long long> population = captured(run.out, "population  ([0-9]+) at generation ([0-9]+)");
    ASSERT_EQ(steps.size(), 1u) << run.out;
    ASSERT_EQ(population.size(), 2u) << run.out;
    const long long generation = population[1];
    EXPECT_GT(generation, 0);
    EXPECT_EQ(steps[0], generation);
    EXPECT_NE(run.out.find("wrote       final.rle"), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("catlab: interrupted by " + signal.name + " after " + std::to_string(generation) +
                           " of 1000000000 steps; the summary and --out are of generation " +
                           std::to_string(generation)),
              std::string::npos)
        << run.err;

    // --out holds exactly the grid of that generation.
    const Pattern saved = readRleFile((dir / "final.rle").string());
    EXPECT_NE(saved.name.find("generation " + std::to_string(generation)), std::string::npos) << saved.name;
    EXPECT_EQ(static_cast<long long>(saved.cells.population()), population[0]);
    Simulator reference(findPreset("life")->rule, {512, 512}, 0.3, 7, "cpu");
    reference.step(int(generation));
    EXPECT_TRUE(saved.cells == reference.snapshot()) << "the RLE is not generation " << generation;
}

INSTANTIATE_TEST_SUITE_P(Signals, RunInterrupted, ::testing::Values(kSigint, kSigterm),
                         [](const auto& test) { return test.param.signal == SIGINT ? "Sigint" : "Sigterm"; });

// What a MagicaVoxel file written by catlab says: its size and its voxels (the cloud cells).
struct Vox {
    int nx = 0, ny = 0, nz = 0;
    std::uint32_t voxels = 0;
};

std::uint32_t littleEndian(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (int i = 3; i >= 0; --i) value = value << 8 | std::uint8_t(bytes.at(at + std::size_t(i)));
    return value;
}

Vox readVox(const fs::path& path) {
    std::ifstream file(path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    // "VOX " version, MAIN (id, content 0, children), SIZE (id, 12, 0, x, y, z), XYZI (id, size, 0, count, ...)
    if (bytes.size() < 60 || bytes.compare(0, 4, "VOX ") != 0 || bytes.compare(8, 4, "MAIN") != 0 ||
        bytes.compare(20, 4, "SIZE") != 0 || bytes.compare(44, 4, "XYZI") != 0)
        throw std::runtime_error("not a catlab .vox file: " + path.string());
    Vox vox{int(littleEndian(bytes, 32)), int(littleEndian(bytes, 36)), int(littleEndian(bytes, 40)),
            littleEndian(bytes, 56)};
    if (bytes.size() != 60 + 4 * std::size_t(vox.voxels)) throw std::runtime_error("truncated .vox: " + path.string());
    return vox;
}

std::unique_ptr<cloud::CloudSimulation> referenceCloud(cloud::CloudSize size, std::uint64_t seed) {
    return cloud::makeCloudSimulation("cpu", size, cloud::cloudSceneParams(cloud::kDefaultCloudScene, size, seed));
}

class CloudInterrupted : public ::testing::TestWithParam<SignalCase> {};

TEST_P(CloudInterrupted, StopsPrintsTheCountsWritesOutAndExitsWithTheSignal) {
    const SignalCase& signal = GetParam();
    const fs::path dir = testDirectory();
    const ChildResult run = interruptWhileStepping({"cloud", "--size", "96x80x40", "--seed", "4", "--backend", "cpu",
                                                    "--steps", "1000000000", "--out", "final.vox"},
                                                   dir, "backend     cpu", signal);
    EXPECT_EQ(run.signal, 0) << "killed by the signal instead of stopping";
    EXPECT_EQ(run.exitCode, signal.exitCode) << run.err;

    const std::vector<long long> steps = captured(run.out, "steps       ([0-9]+) of 1000000000 \\(interrupted\\) in");
    const std::vector<long long> counts =
        captured(run.out, "cells       hum ([0-9]+), act ([0-9]+), cld ([0-9]+) at step ([0-9]+)");
    ASSERT_EQ(steps.size(), 1u) << run.out;
    ASSERT_EQ(counts.size(), 4u) << run.out;
    const long long step = counts[3];
    EXPECT_GT(step, 0);
    EXPECT_EQ(steps[0], step);
    EXPECT_NE(run.out.find("wrote       final.vox (cloud cells, MagicaVoxel)"), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("catlab: interrupted by " + signal.name + " at step " + std::to_string(step) +
                           "; the counts and --out are of that step"),
              std::string::npos)
        << run.err;

    // The counts and the file are those of exactly that many steps.
    const auto reference = referenceCloud({96, 80, 40}, 4);
    reference->step(int(step));
    const cloud::CloudCounts expected = reference->counts();
    EXPECT_EQ(counts[0], static_cast<long long>(expected.hum));
    EXPECT_EQ(counts[1], static_cast<long long>(expected.act));
    EXPECT_EQ(counts[2], static_cast<long long>(expected.cld));
    const Vox vox = readVox(dir / "final.vox");
    EXPECT_EQ(vox.nx, 96);
    EXPECT_EQ(vox.ny, 80);
    EXPECT_EQ(vox.nz, 40);
    EXPECT_EQ(vox.voxels, expected.cld);
}

INSTANTIATE_TEST_SUITE_P(Signals, CloudInterrupted, ::testing::Values(kSigint, kSigterm),
                         [](const auto& test) { return test.param.signal == SIGINT ? "Sigint" : "Sigterm"; });

// The benchmark stops between chunks too: the repeats that finished are reported, the one cut short
// is not timed, and --out is written.
TEST(CloudBenchInterrupted, ReportsTheFinishedRepeatsWritesOutAndExitsWithTheSignal) {
    const fs::path dir = testDirectory();
    const ChildResult run =
        interruptWhileStepping({"cloud", "--size", "48x40x20", "--backend", "cpu", "--bench", "--steps", "20",
                                "--repeats", "100000", "--warmup", "5", "--out", "density.raw"},
                               dir, "backend     cpu", kSigterm, std::chrono::milliseconds(1500));
    EXPECT_EQ(run.exitCode, 143) << run.err;
    const std::vector<long long> repeats =
        captured(run.out, "5 warm-up steps, then ([0-9]+) of 100000 x 20 steps \\(interrupted\\)");
    ASSERT_EQ(repeats.size(), 1u) << run.out;
    EXPECT_GE(repeats[0], 1) << run.out;
    EXPECT_TRUE(std::regex_search(run.out, std::regex("ms/step     [0-9.e+-]+ \\(min [0-9.e+-]+, max"))) << run.out;
    const std::vector<long long> step = captured(run.out, "at step ([0-9]+)");
    ASSERT_EQ(step.size(), 1u) << run.out;
    EXPECT_GE(step[0], 5 + 20 * repeats[0]); // the repeat cut short ran some steps too
    EXPECT_LT(step[0], 5 + 20 * (repeats[0] + 1));
    EXPECT_NE(run.out.find("wrote       density.raw"), std::string::npos) << run.out;
    EXPECT_EQ(fs::file_size(dir / "density.raw"), 48u * 40u * 20u);
}

} // namespace
} // namespace catlab::testing
