// The window's population plot (its CSV and PNG exports) and Identify, driven by scripts as a user's
// script would drive them, and checked against `catlab run --population-csv` and known objects.
#include "gui/gui_test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

namespace catlab::testing {
namespace {

const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};

std::string readText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

RunResult runScript(const std::filesystem::path& dir, const std::string& script) {
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--script", writeScript(dir, "script.txt", script).string()});
    return runCatlab(args, dir);
}

// generation -> population, from "generation,population" CSV text.
std::map<long long, long long> csvRows(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(line, "generation,population");
    std::map<long long, long long> rows;
    while (std::getline(in, line)) {
        const auto comma = line.find(',');
        rows[std::stoll(line.substr(0, comma))] = std::stoll(line.substr(comma + 1));
    }
    return rows;
}

TEST(PopulationPlot, GliderSamplesIdentifyAndPng) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << "x = 3, y = 3, rule = B3/S23:T40,30\nbo$2bo$3o!\n";
    const RunResult run = runScript(dir, "load glider.rle\npause\nstep 1\nframes 1\nstep 2\nframes 1\n"
                                         "identify 100\npopulation-csv pop.csv\npopulation-png pop.png\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("generation 3, the grid:\ntype        spaceship, c/4 diagonal, heading south-east\n"
                           "period      4"),
              std::string::npos)
        << run.out;
    EXPECT_EQ(readText(dir / "pop.csv"), "generation,population\n0,5\n1,5\n3,5\n");

    // A constant population is one horizontal line, at the top (the largest population).
    const Image png = readPng(dir / "pop.png");
    ASSERT_EQ(png.width, 800);
    ASSERT_EQ(png.height, 300);
    int lineRow = -1, linePixels = 0;
    for (int y = 0; y < png.height; ++y)
        for (int x = 0; x < png.width; ++x)
            if (png.at(x, y)[0] < 100) {
                if (lineRow < 0) lineRow = y;
                EXPECT_EQ(y, lineRow) << "line pixel at " << x << "," << y;
                ++linePixels;
            }
    EXPECT_LT(lineRow, 10);
    EXPECT_GT(linePixels, 700);
}

TEST(PopulationPlot, PlayingSamplesEveryGenerationAsCatlabRunCountsThem) {
    const auto dir = testDirectory();
    const RunResult window =
        runScript(dir, "rule life\nsize 64x48\nrandom 0.3 5\nplay\nframes 25\npopulation-csv window.csv\n"
                       "population-png window.png\nquit\n");
    ASSERT_EQ(window.exitCode, 0) << window.err;
    const RunResult headless = runCatlab({"run", "--rule", "life", "--size", "64x48", "--density", "0.3", "--seed", "5",
                                          "--steps", "60", "--no-progress", "--population-csv", "run.csv"},
                                         dir);
    ASSERT_EQ(headless.exitCode, 0) << headless.err;
    const auto shown = csvRows(readText(dir / "window.csv"));
    const auto counted = csvRows(readText(dir / "run.csv"));
    ASSERT_GE(shown.size(), 20u);
    long long expected = 0;
    for (const auto& [generation, population] : shown) {
        EXPECT_EQ(generation, expected++) << "one sample per generation at one step per frame";
        ASSERT_TRUE(counted.count(generation)) << generation;
        EXPECT_EQ(population, counted.at(generation)) << "generation " << generation;
    }
    // The soup's population changes: the plot is not a flat line.
    const Image png = readPng(dir / "window.png");
    int rowsWithLine = 0;
    for (int y = 0; y < png.height; ++y)
        for (int x = 0; x < png.width; ++x)
            if (png.at(x, y)[0] < 100) {
                ++rowsWithLine;
                break;
            }
    EXPECT_GT(rowsWithLine, 5);
}

TEST(PopulationPlot, BadInputIsRefusedAndChangesNothing) {
    const auto dir = testDirectory();
    std::ofstream(dir / "kept.csv") << "kept\n";
    std::filesystem::create_directory(dir / "folder.png");
    // A malformed command: the script is refused before anything runs.
    const RunResult refused = runScript(dir, "step 2\npopulation-csv kept.csv\nidentify 99999999999\nquit\n");
    EXPECT_EQ(refused.exitCode, 1);
    EXPECT_NE(refused.err.find("script.txt:3: 'identify' expects N as a whole number"), std::string::npos)
        << refused.err;
    EXPECT_EQ(readText(dir / "kept.csv"), "kept\n");

    // Failures while running: each reported with its line, the others still run.
    const RunResult run = runScript(dir, "identify 0\npopulation-csv /nonexistent/folder/pop.csv\n"
                                         "population-png folder.png\nstep 2\npopulation-csv kept.csv\nquit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("script.txt:1: identify: N 0 is outside 1..100000000"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("script.txt:2: population-csv: cannot write '/nonexistent/folder/pop.csv'"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("script.txt:3: population-png: cannot write"), std::string::npos) << run.err;
    EXPECT_TRUE(std::filesystem::is_directory(dir / "folder.png"));
    const auto rows = csvRows(readText(dir / "kept.csv"));
    EXPECT_EQ(rows.size(), 2u);
    EXPECT_TRUE(rows.count(0) && rows.count(2));
}

TEST(PopulationPlot, PanelShowsThePlotAndTheReport) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << "x = 3, y = 3, rule = B3/S23:T40,30\nbo$2bo$3o!\n";
    const auto script = writeScript(dir, "panel.txt",
                                    "load glider.rle\npause\nstep 3\nframes 2\nscreenshot before.png\n"
                                    "identify 20\nframes 2\nscreenshot after.png\nquit\n");
    const RunResult run = runCatlab({"--window", "900x1000", "--script", script.string()}, dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Image before = readPng(dir / "before.png"), after = readPng(dir / "after.png");
    ASSERT_EQ(before.width, after.width);
    // The panel's status line, at its top, shows the summary (the grid does not move: it is a copy
    // that Identify runs). Below it the panel moves down a line.
    int inStatusLine = 0, inView = 0;
    for (const PixelDifference& p : differingPixels(before, after)) {
        inStatusLine += p.y < 60 && p.x > before.width / 2 ? 1 : 0;
        inView += p.x < 300 && p.y < 480 ? 1 : 0; // lower down, the tooltip under the pointer may reach in
    }
    EXPECT_GT(inStatusLine, 50);
    EXPECT_EQ(inView, 0);
}

TEST(PopulationPlot, IdentifyARegionAlone) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << "x = 3, y = 3, rule = B3/S23:T40,30\nbo$2bo$3o!\n";
    // A block painted far from the glider: the region around it alone is a still life.
    const RunResult run = runScript(dir, "load glider.rle\npause\nbrush 2\npaint 3 3\nidentify 20 2 2 4 4\n"
                                         "identify 20 39 29 3 3\nidentify 20 0 0 41 5\nidentify 20 1 2\nquit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.out.find("generation 0, 4x4 cells at (2, 2):\ntype        still life\nperiod      1"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("generation 0, 3x3 cells at (39, 29):\ntype        dies out at generation 0"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.err.find("script.txt:7: identify: cell rectangle 41x5 does not fit the 40x30 grid"),
              std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("script.txt:8: identify: identify takes a region as four numbers, X Y W H"),
              std::string::npos)
        << run.err;
}

} // namespace
} // namespace catlab::testing
