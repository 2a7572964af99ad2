// The selection and its edits in the window, driven by scripts as a user's script drives them: cells are
// judged on the RLE the window saves, the clipboard on the text it holds, failures on their messages.
#include "gui/gui_test_support.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/rle.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace catlab::testing {
namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};
// Every script starts on an empty, paused 40x30 Life torus.
const std::string kEmptyLife = "pause\nrule B3/S23:T40,30\nclear\n";
const std::string kGliderRle = "x = 3, y = 3, rule = B3/S23\nbo$2bo$3o!\n";

RunResult runScript(const fs::path& dir, const std::string& script) {
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--script", writeScript(dir, "script.txt", script).string()});
    return runCatlab(args, dir);
}

std::string readText(const fs::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

Grid savedGrid(const fs::path& path) {
    try {
        return readRleFile(path.string()).cells;
    } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        return Grid();
    }
}

// `rows` ('.' dead, 'o' alive, digits other states) drawn into the grid with their top-left at (x, y).
void draw(Grid& grid, int x, int y, const std::vector<std::string>& rows) {
    for (int j = 0; j < int(rows.size()); ++j)
        for (int i = 0; i < int(rows[std::size_t(j)].size()); ++i) {
            const char c = rows[std::size_t(j)][std::size_t(i)];
            grid.at(x + i, y + j) = c == '.' ? 0 : c == 'o' ? 1 : Cell(c - '0');
        }
}

Grid emptyLife() { return Grid(GridSize{40, 30}); }

// Where two grids differ, for failure messages.
std::string differences(const Grid& a, const Grid& b) {
    if (a.size() != b.size()) return "sizes differ";
    std::string text;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            if (a.at(x, y) != b.at(x, y))
                text += " (" + std::to_string(x) + "," + std::to_string(y) + "): " + std::to_string(a.at(x, y)) +
                        " vs " + std::to_string(b.at(x, y));
    return text.empty() ? "none" : text;
}

// Pastes, turns and mirrors on whichever backend the script picks first.
const std::string kEditScript = "clipboard-load glider.rle\n"
                                "paste 5 4\n"
                                "paste 20 10 copy\n"
                                "select 20 10 3 3\n"
                                "rotate cw\n"
                                "select 5 4 3 3\n"
                                "flip h\n"
                                "paste 30 20\n"
                                "select 30 20 3 3\n"
                                "flip v\n"
                                "rotate ccw\n"
                                "save edits.rle\n"
                                "quit\n";

Grid expectedEdits() {
    Grid grid = emptyLife();
    draw(grid, 5, 4, {".o.", "o..", "ooo"});   // mirrored left to right
    draw(grid, 20, 10, {"o..", "o.o", "oo."}); // turned clockwise
    draw(grid, 30, 20, {"oo.", "o.o", "o.."}); // mirrored top to bottom, then turned anticlockwise
    return grid;
}

TEST(Selection, PasteRotateAndFlipMoveTheCells) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << kGliderRle;
    const RunResult run = runScript(dir, kEmptyLife + kEditScript);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("script.txt:5: paste: pasted 3x3 cells at (5, 4) (or)"), std::string::npos) << run.out;
    const Grid saved = savedGrid(dir / "edits.rle");
    EXPECT_EQ(saved, expectedEdits()) << differences(saved, expectedEdits());
}

TEST(Selection, EditsOnDeviceBackendsMatchTheCpu) {
    if (const auto why = cudaUnavailableReason()) GTEST_SKIP() << "no CUDA device: " << *why;
    const auto work = testDirectory();
    for (const char* backend : {"base", "pack", "bitlife", "general"}) {
        const auto dir = work / backend;
        fs::create_directories(dir);
        std::ofstream(dir / "glider.rle") << kGliderRle;
        const RunResult run = runScript(dir, kEmptyLife + "backend " + backend + "\n" + kEditScript);
        ASSERT_EQ(run.exitCode, 0) << backend << ": " << run.err;
        const Grid saved = savedGrid(dir / "edits.rle");
        EXPECT_EQ(saved, expectedEdits()) << backend << ": " << differences(saved, expectedEdits());
    }
}

TEST(Selection, CopyPutsGollysRleOnTheClipboardAndCutClears) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << kGliderRle;
    const RunResult run =
        runScript(dir, kEmptyLife + "clipboard-load glider.rle\npaste 11 7\n"
                                    "select 10 6 5 5\ncopy\nclipboard-save copied.rle\n"
                                    "cut\nclipboard-save cut.rle\npaste 30 2 copy\nsave after.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    // As Golly writes a selection: its place on Golly's plane (the torus's top-left at -20, -15), its whole
    // size with the dead margin, the rule with the torus.
    const std::string golly = "#CXRLE Pos=-10,-9\nx = 5, y = 5, rule = B3/S23:T40,30\n$2bo$3bo$b3o!\n";
    EXPECT_EQ(readText(dir / "copied.rle"), golly);
    EXPECT_EQ(readText(dir / "cut.rle"), golly);
    Grid expected = emptyLife(); // the cut cells are gone, pasted where asked
    draw(expected, 30, 2, {".....", "..o..", "...o.", ".ooo.", "....."});
    const Grid saved = savedGrid(dir / "after.rle");
    EXPECT_EQ(saved, expected) << differences(saved, expected);
}

TEST(Selection, PasteModesCombineWithTheCellsUnder) {
    const auto dir = testDirectory();
    std::ofstream(dir / "base.rle") << "x = 3, y = 2, rule = B3/S23\n2o$o!\n";   // oo. / o..
    std::ofstream(dir / "top.rle") << "x = 3, y = 2, rule = B3/S23\nobo$b2o!\n"; // o.o / .oo
    std::string script = kEmptyLife + "clipboard-load base.rle\npaste 2 2\npaste 12 2\npaste 22 2\n"
                                      "clipboard-load top.rle\npaste 2 2\npaste 12 2 copy\npaste-mode xor\n"
                                      "paste 22 2\nsave modes.rle\nquit\n";
    const RunResult run = runScript(dir, script);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    Grid expected = emptyLife();
    draw(expected, 2, 2, {"ooo", "ooo"});  // or
    draw(expected, 12, 2, {"o.o", ".oo"}); // copy
    draw(expected, 22, 2, {".oo", "ooo"}); // xor
    const Grid saved = savedGrid(dir / "modes.rle");
    EXPECT_EQ(saved, expected) << differences(saved, expected);
}

TEST(Selection, RandomFillDrawsEachCellAsResetDoes) {
    const auto dir = testDirectory();
    const RunResult run =
        runScript(dir, kEmptyLife + "random 0.3 5\nsave reset.rle\nclear\nselect-all\nrandom-fill 0.3 5\nsave all.rle\n"
                                    "clear\nrandom 1\nselect 10 5 12 8\nrandom-fill 0.3 5\nsave part.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Grid reset = savedGrid(dir / "reset.rle");
    ASSERT_GT(reset.population(), 100u);
    EXPECT_EQ(savedGrid(dir / "all.rle"), reset);
    // Inside, the same draws; outside, the full grid untouched.
    const Grid part = savedGrid(dir / "part.rle");
    ASSERT_EQ(part.size(), reset.size());
    for (int y = 0; y < part.height(); ++y)
        for (int x = 0; x < part.width(); ++x) {
            const bool inside = x >= 10 && x < 22 && y >= 5 && y < 13;
            EXPECT_EQ(part.at(x, y), inside ? reset.at(x, y) : 1) << x << "," << y;
        }
}

TEST(Selection, ClearInsideOutsideAndShrink) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << kGliderRle;
    const RunResult run = runScript(dir, kEmptyLife + "random 0.5 3\nsave soup.rle\nselect 10 8 6 5\nclear-outside\n"
                                                      "save outside.rle\nclear-inside\nsave inside.rle\n"
                                                      "clipboard-load glider.rle\npaste 12 9\nselect 5 5 20 15\n"
                                                      "shrink\nstatus\nselect-none\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const Grid soup = savedGrid(dir / "soup.rle"), outside = savedGrid(dir / "outside.rle");
    ASSERT_EQ(outside.size(), soup.size());
    std::uint64_t keptInside = 0;
    for (int y = 0; y < soup.height(); ++y)
        for (int x = 0; x < soup.width(); ++x) {
            const bool inside = x >= 10 && x < 16 && y >= 8 && y < 13;
            EXPECT_EQ(outside.at(x, y), inside ? soup.at(x, y) : 0) << x << "," << y;
            keptInside += inside && outside.at(x, y) != 0;
        }
    EXPECT_GT(keptInside, 0u);
    EXPECT_EQ(savedGrid(dir / "inside.rle").population(), 0u);
    // Shrunk to the glider's 3x3 box; then nothing is selected.
    const std::size_t shrunk = run.out.find("selection 3x3 at 12,9\n");
    EXPECT_NE(shrunk, std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("selection", shrunk + 1), std::string::npos) << run.out;
}

TEST(Selection, KeysActAsGollysDo) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << kGliderRle;
    const RunResult run =
        runScript(dir, kEmptyLife + "clipboard-load glider.rle\npaste 5 4\nselect 5 4 3 3\nkey ctrl+c\nkey delete\n"
                                    "save deleted.rle\npaste-at selection\nselect 20 10 3 3\nkey ctrl+v\n"
                                    "key period\nkey x\nsave keys.rle\nkey ctrl+a\nstatus\nkey escape\nstatus\n"
                                    "select 0 0 10 10\nkey shift+delete\nsave outside.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(savedGrid(dir / "deleted.rle").population(), 0u);
    Grid expected = emptyLife();
    draw(expected, 20, 10, {"..o", "o.o", ".oo"}); // pasted, turned clockwise, mirrored left to right
    const Grid keys = savedGrid(dir / "keys.rle");
    EXPECT_EQ(keys, expected) << differences(keys, expected);
    EXPECT_NE(run.out.find("selection 40x30 at 0,0\n"), std::string::npos) << run.out;
    EXPECT_EQ(savedGrid(dir / "outside.rle").population(), 0u);
}

TEST(Selection, PastesGollysTextOfAnotherRuleUnderTheCurrentOne) {
    const auto dir = testDirectory();
    // As Golly puts a HighLife selection on the clipboard, and Golly's plaintext.
    std::ofstream(dir / "highlife.rle") << "#CXRLE Pos=-1,-1\nx = 3, y = 3, rule = B36/S23\nbo$2bo$3o!\n";
    std::ofstream(dir / "glider.cells") << "!Name: Glider\n.O.\n..O\nOOO\n";
    const RunResult run =
        runScript(dir, kEmptyLife + "clipboard-load highlife.rle\npaste 3 3\n"
                                    "clipboard-load glider.cells\npaste 13 3\nsave pasted.rle\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("script.txt:5: paste: pasted 3x3 cells at (3, 3) (or); the clipboard's rule B36/S23 was "
                           "not taken, the rule stays B3/S23"),
              std::string::npos)
        << run.out;
    Grid expected = emptyLife();
    draw(expected, 3, 3, {".o.", "..o", "ooo"});
    draw(expected, 13, 3, {".o.", "..o", "ooo"});
    const Grid saved = savedGrid(dir / "pasted.rle");
    EXPECT_EQ(saved, expected) << differences(saved, expected);
    EXPECT_NE(readText(dir / "pasted.rle").find("rule = B3/S23:T40,30"), std::string::npos);
}

TEST(Selection, StaysOnItsCellsWhileAGrowingPlaneGrows) {
    const auto dir = testDirectory();
    // No topology: Golly's unbounded plane, grown to the left and upwards as this glider flies north-west.
    std::ofstream(dir / "northwest.rle") << "x = 3, y = 3, rule = B3/S23\n3o$o$bo!\n";
    const RunResult run =
        runScript(dir, "pause\nload northwest.rle\nselect-all\nshrink\ncopy\nclipboard-save "
                       "before.rle\nstatus\nstep 2400\ncopy\nclipboard-save after.rle\nstatus\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string before = readText(dir / "before.rle"), after = readText(dir / "after.rle");
    EXPECT_EQ(before.substr(0, before.find('\n')), after.substr(0, after.find('\n'))) << before << after;
    EXPECT_NE(before.find("x = 3, y = 3, rule = B3/S23\n3o$o$bo!"), std::string::npos) << before;
    EXPECT_NE(after.find("x = 3, y = 3, rule = B3/S23\n!"), std::string::npos) << after; // the glider flew off
    // The plane grew to the left: the same cells lie further right on the grid.
    const std::size_t first = run.out.find("selection 3x3 at "), second = run.out.find("selection 3x3 at ", first + 1);
    ASSERT_NE(second, std::string::npos) << run.out;
    EXPECT_NE(run.out.substr(first, run.out.find('\n', first) - first),
              run.out.substr(second, run.out.find('\n', second) - second));
}

TEST(Selection, IdentifyTakesTheSelectionAlone) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << kGliderRle;
    std::ofstream(dir / "block.rle") << "x = 2, y = 2, rule = B3/S23\n2o$2o!\n";
    const RunResult run = runScript(dir, kEmptyLife + "clipboard-load glider.rle\npaste 5 5\n"
                                                      "clipboard-load block.rle\npaste 30 20\n"
                                                      "select 4 4 5 5\nidentify 100\nselect 29 19 4 4\nidentify 100\n"
                                                      "quit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("generation 0, 5x5 cells at (4, 4):\ntype        spaceship"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("generation 0, 4x4 cells at (29, 19):\ntype        still life"), std::string::npos)
        << run.out;
}

TEST(Selection, TheOutlineIsDrawnOverTheSelectedCells) {
    const auto dir = testDirectory();
    // 320x240 pixels fit the 40x30 grid at 8 pixels a cell: cell (x, y) covers pixels 8x.., 8y..
    const RunResult run = runScript(dir, kEmptyLife + "fit\nframes 1\nscreenshot none.png\nselect 10 5 8 6\n"
                                                      "frames 1\nscreenshot selected.png\nselect-none\nzoom 2\n"
                                                      "frames 1\nscreenshot far-none.png\nselect 10 5 8 6\n"
                                                      "frames 1\nscreenshot far.png\nquit\n");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::vector<PixelDifference> changed =
        differingPixels(readPng(dir / "none.png"), readPng(dir / "selected.png"));
    ASSERT_GT(changed.size(), 8u * 6u * 64u / 2); // the fill covers the rectangle's 3072 pixels
    for (const PixelDifference& p : changed) {
        // The rectangle (its outline 1.5 pixels wide) and its size written just above it.
        EXPECT_GE(p.x, 78);
        EXPECT_LE(p.x, 146);
        EXPECT_GE(p.y, 18);
        EXPECT_LE(p.y, 90);
    }
    // At 2 pixels a cell the view shows the torus four times across and four times down: every copy of
    // the selection is drawn, in each quarter of the picture.
    const std::vector<PixelDifference> far = differingPixels(readPng(dir / "far-none.png"), readPng(dir / "far.png"));
    int quarters[2][2] = {};
    for (const PixelDifference& p : far) ++quarters[p.y < 120 ? 0 : 1][p.x < 160 ? 0 : 1];
    for (const auto& row : quarters)
        for (int count : row) EXPECT_GT(count, 16 * 12 * 2) << "a quarter without its copies of the selection";
}

TEST(Selection, BadInputIsRefusedAndChangesNothing) {
    const auto dir = testDirectory();
    std::ofstream(dir / "glider.rle") << kGliderRle;
    std::ofstream(dir / "garbage.txt") << "this is not a pattern\n";
    std::ofstream(dir / "large.rle") << "x = 50, y = 3, rule = B3/S23\n50o!\n";
    std::ofstream(dir / "decay.rle") << "x = 2, y = 1, rule = 345/2/4\nAC!\n";
    const RunResult run =
        runScript(dir, kEmptyLife + "clipboard-load glider.rle\npaste 5 4\nselect-none\nsave before.rle\n"
                                    "rotate cw\n"                             // 8: nothing selected
                                    "select 38 0 5 5\n"                       // 9
                                    "select 0 0 41 3\n"                       // 10
                                    "select 0 0 12 2\nrotate cw\n"            // 12: the turn leaves the grid
                                    "select 20 20 5 5\nshrink\n"              // 14: no live cells
                                    "random-fill 1.5\n"                       // 15
                                    "rotate sideways\nflip d\n"               // 16, 17
                                    "paste 1 1 and\n"                         // 18
                                    "paste 38 0\n"                            // 19: crosses the edge
                                    "clipboard-load garbage.txt\npaste 0 0\n" // 21
                                    "clipboard-load large.rle\npaste 0 0\n"   // 23
                                    "clipboard-load decay.rle\npaste 0 0\n"   // 25
                                    "clipboard-load missing.rle\n"            // 26
                                    "status\nsave after.rle\nquit\n");
    EXPECT_EQ(run.exitCode, 1);
    const std::vector<std::string> messages = {
        "script.txt:8: rotate: nothing is selected",
        "script.txt:9: select: the selection, 5x5 cells at (38, 0), does not lie inside the 40x30 grid",
        "script.txt:10: select: the selection of 41x3 cells is larger than the 40x30 grid",
        "script.txt:12: rotate: the turned selection, 2x12 cells at (5, -5), does not lie inside the 40x30 grid",
        "script.txt:14: shrink: the selection holds no live cells",
        "script.txt:15: random-fill: DENSITY 1.5 is outside 0..1",
        "script.txt:16: rotate: expected cw or ccw, not 'sideways'",
        "script.txt:17: flip: expected h or v, not 'd'",
        "script.txt:18: paste: expected or, copy or xor, not 'and'",
        "script.txt:19: paste: the clipboard's pattern, 3x3 cells at (38, 0), does not lie inside the 40x30 grid",
        "script.txt:21: paste: the clipboard:1:",
        "script.txt:23: paste: the clipboard's pattern of 50x3 cells is larger than the 40x30 grid",
        "script.txt:25: paste: the clipboard holds cells in state 3 but rule B3/S23 has only 2 states",
        "script.txt:26: clipboard-load: cannot",
    };
    for (const std::string& message : messages) EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
    // The cells and the last good selection are as they were.
    EXPECT_EQ(readText(dir / "after.rle"), readText(dir / "before.rle"));
    EXPECT_NE(run.out.find("selection 5x5 at 20,20\n"), std::string::npos) << run.out;
}

} // namespace
} // namespace catlab::testing
