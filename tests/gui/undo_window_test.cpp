// Undo, redo and Reset in the window, driven by scripts and keys as a user would: the cells, the rule and the
// generation are judged on the RLE files and the status the window writes.
#include "gui/gui_test_support.hpp"

#include "support/backend_names.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/rle.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

namespace catlab::testing {
namespace {

RunResult runScript(const std::filesystem::path& dir, const std::string& text) {
    const auto script = writeScript(dir, "undo.txt", text);
    return runCatlab({"--window", "320x240", "--hide-panel", "--script", script.string()}, dir);
}

Pattern saved(const std::filesystem::path& dir, const std::string& name) { return readRleFile((dir / name).string()); }

// The value of one "name value" line of the `status` output, the n-th time it appears (from 0).
std::string statusValue(const std::string& out, const std::string& name, int n) {
    const std::string text = "\n" + out;
    const std::string key = "\n" + name + " ";
    std::size_t at = 0, from = 0;
    for (int i = 0; i <= n; ++i) {
        at = text.find(key, from);
        if (at == std::string::npos) return "(missing)";
        from = at + 1;
    }
    const std::size_t start = at + key.size();
    return text.substr(start, text.find('\n', start) - start);
}

TEST(UndoWindow, PaintIsUndoneAndRedone) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "pause\nrule life\nsize 64x48\nclear\npaint 10 10\nbrush 3\npaint 30 20\n"
                                         "save two.rle\nundo\nsave one.rle\nundo\nsave none.rle\nredo\nredo\n"
                                         "save again.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(saved(dir, "two.rle").cells.population(), 10u);
    EXPECT_EQ(saved(dir, "one.rle").cells.population(), 1u);
    EXPECT_EQ(saved(dir, "none.rle").cells.population(), 0u);
    EXPECT_EQ(saved(dir, "again.rle").cells, saved(dir, "two.rle").cells);
}

// "s3.rle": the file saved after step 3 of kind `kind` (s: the edits, u: the undos, r: the redos).
std::string stepFile(char kind, int step) {
    std::string name(1, kind);
    name.append(std::to_string(step)).append(".rle");
    return name;
}

TEST(UndoWindow, SelectionEditsAreUndoneOneByOne) {
    const auto dir = testDirectory();
    const std::vector<std::string> edits = {"random-fill 0.5 9", "flip h", "rotate cw",
                                            "clear-outside",     "cut",    "paste 20 5 xor"};
    const int n = int(edits.size());
    std::string script = "pause\nrule life\nsize 64x48\nrandom 0.3 4\nselect 10 8 12 9\ncopy\nsave s0.rle\n";
    for (int i = 0; i < n; ++i)
        script.append(edits[std::size_t(i)]).append("\nsave ").append(stepFile('s', i + 1)).append("\n");
    for (int i = n - 1; i >= 0; --i) script.append("undo\nsave ").append(stepFile('u', i)).append("\n");
    for (int i = 0; i < n; ++i) script.append("redo\nsave ").append(stepFile('r', i + 1)).append("\n");
    const RunResult run = runScript(dir, script + "quit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (int i = 0; i <= n; ++i) {
        SCOPED_TRACE("after edit " + std::to_string(i));
        const Grid edited = saved(dir, stepFile('s', i)).cells;
        if (i > 0) {
            EXPECT_NE(edited, saved(dir, stepFile('s', i - 1)).cells); // each edit changed cells
            EXPECT_EQ(saved(dir, stepFile('r', i)).cells, edited);
        }
        if (i < n) {
            EXPECT_EQ(saved(dir, stepFile('u', i)).cells, edited);
        }
    }
}

TEST(UndoWindow, ARuleChangeIsUndoneWithItsCells) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "pause\nrule briansbrain\nsize 40x30\nrandom 0.5 3\nstep 2\nsave before.rle\n"
                                         "rule life\nstatus\nundo\nstatus\nsave undone.rle\nredo\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "rule", 0), "B3/S23");
    EXPECT_EQ(statusValue(run.out, "rule", 1), "B2/S/C3");
    EXPECT_EQ(statusValue(run.out, "rule", 2), "B3/S23");
    // Brian's Brain has dying cells in state 2, which Life lacks: undo brings them back.
    const Pattern before = saved(dir, "before.rle");
    EXPECT_EQ(saved(dir, "undone.rle").cells, before.cells);
    EXPECT_EQ(statusValue(run.out, "generation", 1), "2");
}

TEST(UndoWindow, UndoAfterSteppingReturnsToTheGenerationBefore) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "pause\nrule life\nsize 48x48\nrandom 0.4 11\nstep 3\nsave g3.rle\nstep 7\n"
                                         "save g10.rle\nundo\nstatus\nsave back.rle\nredo\nstatus\nsave forth.rle\n"
                                         "undo\nundo\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "generation", 0), "3");
    EXPECT_EQ(statusValue(run.out, "generation", 1), "10");
    EXPECT_EQ(statusValue(run.out, "generation", 2), "0");
    EXPECT_EQ(saved(dir, "back.rle").cells, saved(dir, "g3.rle").cells);
    EXPECT_EQ(saved(dir, "back.rle").generation, "3");
    EXPECT_EQ(saved(dir, "forth.rle").cells, saved(dir, "g10.rle").cells);
    EXPECT_NE(saved(dir, "g3.rle").cells, saved(dir, "g10.rle").cells);
}

// A run while playing is one change; while paused each step is one.
TEST(UndoWindow, ARunIsUndoneAtOnce) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "pause\nsize 48x48\nrandom 0.4 2\nspeed 3\nplay\nframes 4\npause\nframes 1\n"
                                         "status\nkey n\nframes 1\nstatus\nundo\nstatus\nundo\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "generation", 0), "12");
    EXPECT_EQ(statusValue(run.out, "generation", 1), "13");
    EXPECT_EQ(statusValue(run.out, "generation", 2), "12");
    EXPECT_EQ(statusValue(run.out, "generation", 3), "0");
}

// Edits and rule changes made while playing belong to the run: undo returns to where it began.
TEST(UndoWindow, ChangesWhilePlayingJoinTheRun) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "pause\nrule life\nsize 48x48\nrandom 0.4 2\nsave start.rle\nplay\nframes 2\n"
                                         "paint 5 5\nrule highlife\nframes 2\npause\nframes 1\nstatus\nundo\nstatus\n"
                                         "save back.rle\nredo\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "generation", 0), "4");
    EXPECT_EQ(statusValue(run.out, "rule", 0), "B36/S23");
    EXPECT_EQ(statusValue(run.out, "generation", 1), "0");
    EXPECT_EQ(statusValue(run.out, "rule", 1), "B3/S23");
    EXPECT_EQ(saved(dir, "back.rle").cells, saved(dir, "start.rle").cells);
    EXPECT_EQ(statusValue(run.out, "generation", 2), "4");
    EXPECT_EQ(statusValue(run.out, "rule", 2), "B36/S23");
}

// Undo while playing pauses: running on would start another run at once and leave nothing to redo.
TEST(UndoWindow, UndoWhilePlayingPauses) {
    const auto dir = testDirectory();
    const RunResult run =
        runScript(dir, "pause\nsize 32x32\nrandom 0.4 6\nplay\nframes 3\nundo\nframes 2\nstatus\nredo\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "generation", 0), "0");
    EXPECT_EQ(statusValue(run.out, "generation", 1), "3");
}

// Reset returns to the pattern and rule of generation 0, edits made there included, and is undone in turn.
TEST(UndoWindow, ResetReturnsToGenerationZeroAndCanBeUndone) {
    const auto dir = testDirectory();
    const RunResult run =
        runScript(dir, "pause\nrule life\nsize 64x48\nrandom 0.3 5\nbrush 4\npaint 5 5\nsave start.rle\nstep 5\n"
                       "rule highlife\nstep 4\nerase 40 40\nsave late.rle\nstatus\nreset\nstatus\nsave reset.rle\n"
                       "reset\nundo\nstatus\nsave undone.rle\nredo\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "generation", 0), "9");
    EXPECT_EQ(statusValue(run.out, "rule", 0), "B36/S23");
    EXPECT_EQ(statusValue(run.out, "generation", 1), "0");
    EXPECT_EQ(statusValue(run.out, "rule", 1), "B3/S23");
    EXPECT_EQ(saved(dir, "reset.rle").cells, saved(dir, "start.rle").cells);
    EXPECT_EQ(statusValue(run.out, "generation", 2), "9");
    EXPECT_EQ(statusValue(run.out, "rule", 2), "B36/S23");
    EXPECT_EQ(saved(dir, "undone.rle").cells, saved(dir, "late.rle").cells);
    EXPECT_EQ(statusValue(run.out, "generation", 3), "0");
}

TEST(UndoWindow, LoadRandomStartClearAndResizeAreUndone) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << "x = 3, y = 3, rule = B3/S23:T32,32\nbo$2bo$3o!\n";
    const RunResult run =
        runScript(dir, "pause\nrule life\nsize 40x40\nrandom 0.3 8\nsave first.rle\n"
                       "load glider.rle\nrandom 0.6 1\nclear\nsize 50x20\nstatus\nundo\nsave clear.rle\n"
                       "undo\nundo\nsave glider-back.rle\nundo\nstatus\nsave back.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(statusValue(run.out, "size", 0), "50x20");
    EXPECT_EQ(saved(dir, "clear.rle").cells.population(), 0u);
    EXPECT_EQ(saved(dir, "glider-back.rle").cells.population(), 5u);
    EXPECT_EQ(statusValue(run.out, "size", 1), "40x40");
    EXPECT_EQ(saved(dir, "back.rle").cells, saved(dir, "first.rle").cells);
}

TEST(UndoWindow, KeysUndoRedoAndReset) {
    const auto dir = testDirectory();
    const RunResult run = runScript(dir, "pause\nsize 32x32\nclear\npaint 3 3\npaint 9 9\nkey ctrl+z\nsave z.rle\n"
                                         "key ctrl+shift+z\nsave shift-z.rle\nkey ctrl+z\nkey ctrl+y\nsave y.rle\n"
                                         "step 6\nkey r\nframes 1\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(saved(dir, "z.rle").cells.population(), 1u);
    EXPECT_EQ(saved(dir, "shift-z.rle").cells.population(), 2u);
    EXPECT_EQ(saved(dir, "y.rle").cells.population(), 2u);
    EXPECT_EQ(statusValue(run.out, "generation", 0), "0");
}

// Nothing to undo or redo is a clear error naming the line, and changes nothing; a new change clears redo.
TEST(UndoWindow, NothingToUndoOrRedoIsAnErrorThatChangesNothing) {
    const auto dir = testDirectory();
    const RunResult run =
        runScript(dir, "pause\nundo\nredo\nsize 32x32\nclear\npaint 1 1\nundo\npaint 2 2\nredo\nreset\n"
                       "status\nsave end.rle\nquit\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("undo.txt:2: undo: nothing to undo"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("undo.txt:3: redo: nothing to redo"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("undo.txt:9: redo: nothing to redo"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("undo.txt:10"), std::string::npos) << run.err; // reset at generation 0: nothing to do
    EXPECT_EQ(saved(dir, "end.rle").cells.population(), 1u);
    EXPECT_EQ(statusValue(run.out, "generation", 0), "0");

    const RunResult extra = runScript(dir, "pause\nundo 2\n");
    EXPECT_EQ(extra.exitCode, 1);
    EXPECT_NE(extra.err.find("undo.txt:2: 'undo'"), std::string::npos) << extra.err;
}

// The same edits, steps, undo, redo and Reset give the same cells on a CUDA backend as on the CPU.
class UndoOnBackend : public ::testing::TestWithParam<std::string> {};

TEST_P(UndoOnBackend, MatchesTheOracle) {
    if (auto why = BackendRegistry::instance().find(GetParam()).unavailableReason())
        GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    const std::string script = "pause\nrule life\nsize 80x60\nrandom 0.35 4\nbackend " + GetParam() +
                               "\nbrush 5\npaint 78 58\nstep 6\npaint 10 10\nerase 12 12\nundo\nsave a.rle\n"
                               "step 3\nundo\nredo\nsave b.rle\nreset\nsave c.rle\nundo\nundo\nsave d.rle\nquit\n";
    const std::string oracle = "pause\nrule life\nsize 80x60\nrandom 0.35 4\nbackend cpu-naive\nbrush 5\npaint 78 58\n"
                               "save c.rle\nstep 6\npaint 10 10\nsave a.rle\nsave d.rle\nstep 3\nsave b.rle\nquit\n";
    const auto dir = testDirectory();
    const auto device = dir / "device", reference = dir / "reference";
    std::filesystem::create_directories(device);
    std::filesystem::create_directories(reference);
    const RunResult run = runScript(device, script);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const RunResult expected = runScript(reference, oracle);
    ASSERT_EQ(expected.exitCode, 0) << expected.err;
    for (const char* name : {"a.rle", "b.rle", "c.rle", "d.rle"})
        EXPECT_EQ(saved(device, name).cells, saved(reference, name).cells) << name;
}

std::vector<std::string> undoBackends() {
    std::vector<std::string> names = {"cpu"};
    const std::vector<std::string> device = deviceBackendNames();
    if (!device.empty()) names.push_back(device.front());
    return names;
}

INSTANTIATE_TEST_SUITE_P(Backends, UndoOnBackend, ::testing::ValuesIn(undoBackends()), [](const auto& test) {
    std::string name = test.param;
    for (char& c : name)
        if (c == '-') c = '_';
    return name;
});

} // namespace
} // namespace catlab::testing
