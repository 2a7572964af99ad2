// The window on a grid cut into bands over ranks (`catlab --ranks N` on the CPU, `--gpus N` on GPUs):
// the same script driven on one grid and on the ranks gives the same pictures and the same saved cells,
// through stepping, painting, selection copy and paste, rule and backend changes and undo.
#include "gui/gui_test_support.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/rle.hpp"

#include <gtest/gtest.h>

namespace catlab::testing {
namespace {

const std::vector<std::string> kScene = {"--window", "320x240", "--hide-panel", "--rule", "B3/S23",
                                         "--size",   "150x110", "--seed",       "4"};

const char* const kScript = "pause\n"
                            "step 5\n"
                            "frames 1\n"
                            "screenshot stepped.png\n"
                            "brush 3\n"
                            "paint 20 54\n"
                            "select 10 50 30 12\n"
                            "copy\n"
                            "paste 100 90\n"
                            "select-none\n"
                            "step 4\n"
                            "radius 2\n"
                            "step 3\n"
                            "undo\n"
                            "zoom 2 75 55\n"
                            "frames 1\n"
                            "screenshot edited.png\n"
                            "save cells.rle\n"
                            "play\n"
                            "frames 3\n"
                            "pause\n"
                            "save played.rle\n"
                            "quit\n";

// Runs the script on one grid with `oneGrid` arguments and on the ranks with `ranks`, in two folders.
void expectSameAsOneGrid(const std::vector<std::string>& oneGrid, const std::vector<std::string>& ranks) {
    const auto dir = testDirectory();
    const auto run = [&](const std::string& name, const std::vector<std::string>& extra) {
        const auto folder = dir / name;
        std::filesystem::create_directories(folder);
        std::vector<std::string> args = kScene;
        args.insert(args.end(), extra.begin(), extra.end());
        args.insert(args.end(), {"--script", writeScript(folder, "script.txt", kScript).string()});
        const RunResult result = runCatlab(args, folder);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return folder;
    };
    const auto one = run("one", oneGrid);
    const auto spread = run("ranks", ranks);
    for (const char* picture : {"stepped.png", "edited.png"}) {
        SCOPED_TRACE(picture);
        const Image expected = readPng(one / picture);
        EXPECT_GT(distinctColours(expected), 2);
        EXPECT_EQ(readPng(spread / picture), expected);
    }
    for (const char* cells : {"cells.rle", "played.rle"}) {
        SCOPED_TRACE(cells);
        const Pattern expected = readRleFile((one / cells).string());
        EXPECT_GT(expected.cells.population(), 0u);
        const Pattern got = readRleFile((spread / cells).string());
        EXPECT_EQ(firstDifference(got.cells, expected.cells), -1);
    }
}

TEST(DistributedWindow, ThreadRanksShowAndEditOneGrid) {
    expectSameAsOneGrid({"--backend", "cpu"}, {"--backend", "cpu", "--ranks", "3"});
}

TEST(DistributedWindow, PanelAndStatusShowTheRanks) {
    const auto dir = testDirectory();
    const auto script = writeScript(dir, "status.txt", "frames 3\nstatus\nscreenshot panel.png\nquit\n");
    const RunResult run = runCatlab(
        {"--window", "800x600", "--ranks", "2", "--backend", "cpu", "--size", "96x80", "--script", script.string()},
        dir);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("ranks 2 (threads)"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("size 96x80"), std::string::npos) << run.out;
    EXPECT_GT(distinctColours(readPng(dir / "panel.png")), 16);
}

TEST(DistributedWindow, RefusesWhatItCannotSplit) {
    const auto dir = testDirectory();
    struct Refusal {
        std::vector<std::string> args;
        std::string why;
    };
    for (const Refusal& refusal : std::vector<Refusal>{
             {{"--ranks", "4", "--backend", "cpu", "--rule", "B3/S23", "--size", "8x3", "--frames", "1"},
              "cannot split a grid of 3 rows over 4 ranks"},
             {{"--ranks", "0", "--backend", "cpu", "--frames", "1"}, "--ranks takes 1..64"},
             {{"--ranks", "2", "--gpus", "1", "--frames", "1"}, "--gpus puts a rank on each GPU"},
         }) {
        const RunResult run = runCatlab(refusal.args, dir);
        EXPECT_EQ(run.exitCode, 1) << run.err;
        EXPECT_NE(run.err.find("catlab: error:"), std::string::npos) << run.err;
        EXPECT_NE(run.err.find(refusal.why), std::string::npos) << run.err;
    }
}

TEST(DistributedWindow, GpuRanksShowAndEditOneGrid) {
    if (cudaDeviceCount() == 0) GTEST_SKIP() << "no GPU here";
    expectSameAsOneGrid({"--backend", "boxsum"}, {"--backend", "boxsum", "--gpus", "all"});
}

} // namespace
} // namespace catlab::testing
