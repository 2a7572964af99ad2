// What catlab writes (RLE patterns, .vox and .raw volumes, bench CSVs, through `catlab run`, `catlab
// cloud` and `catlab bench` as well) never costs an old file: on a full disk or /dev/full the write fails
// naming the path and the reason, the old file is intact and no temporary is left.
#include "cli/bench_command.hpp"
#include "cli/cloud_options.hpp"
#include "cli/run_options.hpp"

#include "catlab/cloud/cloud_volume_io.hpp"
#include "catlab/rle.hpp"
#include "catlab/rule.hpp"
#include "support/error_of.hpp"
#include "support/tiny_disk.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace catlab {
namespace {

namespace fs = std::filesystem;
using testing::errorOf;
using testing::TinyDisk;

const std::string kDiskFull = "No space left on device";

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

bool hasDevFull() {
    std::error_code ignored;
    return fs::is_character_file("/dev/full", ignored);
}

// A grid whose RLE is far larger than what is left on a full disk.
Grid noisyGrid() {
    Grid grid({300, 200});
    for (int y = 0; y < grid.height(); ++y)
        for (int x = 0; x < grid.width(); ++x) grid.at(x, y) = Cell((x * 7 + y * 13) % 3 == 0);
    return grid;
}

TEST(OutputFiles, RleOnAFullDiskKeepsTheOldPattern) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const std::string path = disk.path("keep.rle").string();
    const Rule life = parseRule("B3/S23").rule;
    Grid small({3, 3});
    small.at(1, 1) = 1;
    writeRleFile(path, small, life);
    const std::string old = readFile(path);
    disk.fill();
    EXPECT_EQ(errorOf([&] { writeRleFile(path, noisyGrid(), life); }), "cannot write '" + path + "': " + kDiskFull);
    EXPECT_EQ(readFile(path), old);
    EXPECT_EQ(readRleFile(path).cells, small);
    EXPECT_EQ(disk.files(), std::vector<std::string>{"keep.rle"});
}

TEST(OutputFiles, VoxAndRawOnAFullDiskKeepTheOldFiles) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const std::string vox = disk.path("keep.vox").string(), raw = disk.path("keep.raw").string();
    cloud::CloudCells few({4, 4, 4});
    few.at(1, 2, 3) = cloud::kCld;
    cloud::writeVox(vox, few);
    cloud::writeRaw(raw, std::vector<std::uint8_t>{1, 2, 3});
    const std::string oldVox = readFile(vox);
    disk.fill();

    cloud::CloudCells many({64, 64, 64}); // 4 bytes a voxel: 1 MiB
    for (int z = 0; z < 64; ++z)
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x) many.at(x, y, z) = cloud::kCld;
    EXPECT_EQ(errorOf([&] { cloud::writeVox(vox, many); }), "cannot write '" + vox + "': " + kDiskFull);
    const std::vector<std::uint8_t> density(1 << 20, 7);
    EXPECT_EQ(errorOf([&] { cloud::writeRaw(raw, density); }), "cannot write '" + raw + "': " + kDiskFull);
    EXPECT_EQ(readFile(vox), oldVox);
    EXPECT_EQ(readFile(raw), std::string("\x01\x02\x03", 3));
    EXPECT_EQ(disk.files().size(), 2u);
}

TEST(OutputFiles, WritersToDevFullFailLoudly) {
    if (!hasDevFull()) GTEST_SKIP() << "no /dev/full here";
    const std::string expected = "cannot write '/dev/full': " + kDiskFull;
    Grid one({2, 2});
    EXPECT_EQ(errorOf([&] { writeRleFile("/dev/full", one, parseRule("B3/S23").rule); }), expected);
    EXPECT_EQ(errorOf([&] { cloud::writeVox("/dev/full", cloud::CloudCells({2, 2, 2})); }), expected);
    EXPECT_EQ(errorOf([&] { cloud::writeRaw("/dev/full", std::vector<std::uint8_t>{1}); }), expected);
}

TEST(OutputFiles, RunOutOnAFullDiskKeepsTheOldPattern) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const std::string path = disk.path("keep.rle").string();
    cli::RunOptions o;
    o.rule = "life";
    o.size = "8";
    o.steps = 0;
    o.progress = false;
    o.outPath = path;
    std::ostringstream out;
    cli::runScene(o, out);
    const std::string old = readFile(path);
    disk.fill();
    o.size = "400x300";
    EXPECT_EQ(errorOf([&] { cli::runScene(o, out); }), "cannot write '" + path + "': " + kDiskFull);
    EXPECT_EQ(readFile(path), old);
    EXPECT_EQ(disk.files(), std::vector<std::string>{"keep.rle"});
}

TEST(OutputFiles, CloudOutOnAFullDiskKeepsTheOldVolume) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const std::string path = disk.path("keep.raw").string();
    cli::CloudOptions o;
    o.size = "4x4x4";
    o.steps = 0;
    o.backend = "cpu";
    o.outPath = path;
    std::ostringstream out;
    cli::runCloud(o, out);
    ASSERT_EQ(fs::file_size(path), 64u);
    disk.fill();
    o.size = "128x128x16"; // 256 KiB of density
    EXPECT_EQ(errorOf([&] { cli::runCloud(o, out); }), "cannot write '" + path + "': " + kDiskFull);
    EXPECT_EQ(fs::file_size(path), 64u);
    EXPECT_EQ(disk.files(), std::vector<std::string>{"keep.raw"});
}

cli::BenchOptions tinyBench() {
    cli::BenchOptions o;
    o.backends = "cpu-naive";
    o.radii = "1";
    o.size = "32";
    o.steps = 1;
    o.repeats = 1;
    o.warmup = 0;
    o.nvmlLibrary = "libcatlab-no-such-nvml.so.1";
    return o;
}

TEST(OutputFiles, BenchCsvOnAFullDiskKeepsTheOldCsv) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const std::string path = disk.path("keep.csv").string();
    { std::ofstream(path) << "the old results\n"; }
    disk.fill();
    cli::BenchOptions o = tinyBench();
    o.csvPath = path;
    std::ostringstream out, log;
    EXPECT_EQ(errorOf([&] { cli::runBenchCommand(o, out, log); }), "cannot write '" + path + "': " + kDiskFull);
    EXPECT_EQ(readFile(path), "the old results\n");
    EXPECT_EQ(disk.files(), std::vector<std::string>{"keep.csv"});
}

TEST(OutputFiles, BenchCsvToDevFullFailsLoudly) {
    if (!hasDevFull()) GTEST_SKIP() << "no /dev/full here";
    cli::BenchOptions o = tinyBench();
    o.csvPath = "/dev/full";
    std::ostringstream out, log;
    EXPECT_EQ(errorOf([&] { cli::runBenchCommand(o, out, log); }), "cannot write '/dev/full': " + kDiskFull);
}

TEST(OutputFiles, BenchPlotOnAFullDiskKeepsTheOldPlot) {
    const TinyDisk disk;
    if (!disk.available()) GTEST_SKIP() << disk.whyNot();
    const std::string path = disk.path("keep.png").string();
    { std::ofstream(path) << "the old plot"; }
    disk.fill();
    cli::BenchOptions o = tinyBench();
    o.plotPath = path;
    o.python = fs::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    std::ostringstream out, log;
    const std::string message = errorOf([&] { cli::runBenchCommand(o, out, log); });
    if (message.find("matplotlib is missing") != std::string::npos || message.find("cannot run") != std::string::npos)
        GTEST_SKIP() << message;
    EXPECT_NE(message.find("cannot draw " + path + ": "), std::string::npos) << message;
    EXPECT_EQ(readFile(path), "the old plot");
    EXPECT_EQ(disk.files(), std::vector<std::string>{"keep.png"});
}

} // namespace
} // namespace catlab
