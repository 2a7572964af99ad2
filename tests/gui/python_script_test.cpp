// Python scripts in the window (`catlab --script file.py`): catlab started as a user would, the script's
// prints and the files it saves checked here.
#include "gui/gui_test_support.hpp"
#include "gui/window_script.hpp"

#include "catlab/pattern_file.hpp"

#include <gtest/gtest.h>

namespace catlab::testing {
namespace {

const std::vector<std::string> kSmallWindow = {"--window", "320x240", "--hide-panel"};

RunResult runPython(const std::filesystem::path& dir, const std::string& name, const std::string& text,
                    std::vector<std::string> extra = {}) {
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--script", writeScript(dir, name, text).string()});
    args.insert(args.end(), extra.begin(), extra.end());
    return runCatlab(args, dir);
}

#define SKIP_WITHOUT_PYTHON()                                                                                          \
    if (!gui::WindowScript::pythonAvailable()) GTEST_SKIP() << "this catlab was built without Python"

// Puts soups, steps, and checks every generation against Conway's Life computed by NumPy in the
// script; then another rule and backends on the same cells, and a save.
TEST(PythonScript, LoopMatchesLifeComputedByNumPy) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "life.py", R"(
import numpy as np
import catlab_window as w

def life(cells):
    n = sum(np.roll(np.roll(cells, dy, 0), dx, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)) - cells
    return ((n == 3) | ((cells == 1) & (n == 2))).astype(np.uint8)

w.pause()
w.set_rule("B3/S23")
w.command("size 61x47")
w.command("clear")
assert w.grid_size() == (61, 47) and w.population() == 0
rng = np.random.default_rng(5)
expected = np.zeros((47, 61), np.uint8)
for round in range(6):
    soup = (rng.random((9, 13)) < 0.4).astype(np.uint8)
    x, y = int(rng.integers(0, 61)), int(rng.integers(0, 47))
    w.put_cells(x, y, soup)
    rows, cols = (np.arange(9) + y) % 47, (np.arange(13) + x) % 61
    expected[np.ix_(rows, cols)] = soup
    for generation in range(round + 1):
        expected = life(expected)
    w.step(round + 1)
    cells = w.get_cells(0, 0, 61, 47)
    assert cells.dtype == np.uint8 and cells.shape == (47, 61)
    assert (cells == expected).all(), f"round {round}"
    assert w.population() == int(expected.sum()), f"round {round}"
    print("round", round, "population", w.population())
print("generation", w.generation())

w.set_backend("cpu-naive")
w.set_rule("R2,C0,M0,S4..7,B5..6,NM")
naive = w.get_cells(0, 0, 61, 47)
w.step(3)
naive_after = w.get_cells(0, 0, 61, 47)
w.put_cells(0, 0, naive)
w.set_backend("cpu")
assert w.backend() == "cpu"
w.step(3)
assert (w.get_cells(0, 0, 61, 47) == naive_after).all()
print("rule", w.rule())
print("saved population", w.population())
w.save("final.rle")
w.quit()
)");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (int round = 0; round < 6; ++round)
        EXPECT_NE(run.out.find("round " + std::to_string(round) + " population"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("generation 21\n"), std::string::npos) << run.out; // 1 + 2 + ... + 6
    EXPECT_NE(run.out.find("rule R2,C0,M0,S4..7,B5..6,NM\n"), std::string::npos) << run.out;
    const Pattern saved = readPatternFile((dir / "final.rle").string());
    long long population = 0;
    for (Cell c : saved.cells.cells()) population += c != 0;
    EXPECT_NE(run.out.find("saved population " + std::to_string(population) + "\n"), std::string::npos) << run.out;
}

TEST(PythonScript, AnExceptionIsPrintedAndFailsTheRun) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "raises.py",
                                    "import catlab_window as w\n"
                                    "w.pause()\n"
                                    "def divide(n):\n"
                                    "    return n / 0\n"
                                    "print('before', flush=True)\n"
                                    "divide(w.population())\n"
                                    "print('after')\n",
                                    {"--frames", "120"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.out.find("before"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("after"), std::string::npos) << run.out;
    EXPECT_NE(run.err.find("Traceback (most recent call last)"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("ZeroDivisionError: division by zero"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("line 4, in divide"), std::string::npos) << run.err;
}

TEST(PythonScript, EngineErrorsAreExceptionsWithTheEnginesMessage) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "engine_error.py",
                                    "import catlab_window as w\n"
                                    "w.set_rule('B3/S23q')\n",
                                    {"--frames", "120"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("catlab_window.Error: bad token 'S23q' in rule 'B3/S23q'"), std::string::npos) << run.err;
}

TEST(PythonScript, SelectsAndItsEditsAreUndone) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "select.py", R"(
import numpy as np
import catlab_window as w
w.pause()
w.set_rule("B3/S23")
w.command("size 40x30\nclear")
print("before", w.selection())
w.select(3, 4, 10, 6)
print("selected", w.selection())
w.put_cells(5, 5, np.ones((2, 3), np.uint8))
print("put", w.population())
w.command("clear-inside")
print("cleared", w.population())
w.command("undo")
print("undone", w.population())
w.command("undo")
print("undone", w.population())
w.select_all()
print("all", w.selection())
w.select_none()
print("none", w.selection())
w.quit()
)");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out, "before None\nselected (3, 4, 10, 6)\nput 6\ncleared 0\nundone 6\nundone 0\n"
                       "all (0, 0, 40, 30)\nnone None\n");
}

TEST(PythonScript, BadArgumentsRaiseAndChangeNothing) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "bad.py", R"(
import numpy as np
import catlab_window as w
w.pause()
w.set_rule("B3/S23")
w.command("size 40x30")
state = lambda: (w.rule(), w.backend(), w.playing(), w.zoom(), w.generation(), w.population(),
                 w.get_cells(0, 0, 40, 30).tobytes())
before = state()
calls = [
    lambda: w.get_cells(0, 0, -1, 5),
    lambda: w.get_cells(0, 0, 41, 5),
    lambda: w.get_cells(0, 0, 10**30, 1),
    lambda: w.get_cells("a", 0, 1, 1),
    lambda: w.put_cells(0, 0, [[1, 0], [1]]),
    lambda: w.put_cells(0, 0, "cells"),
    lambda: w.put_cells(0, 0, np.ones((2, 2), np.float32)),
    lambda: w.put_cells(0, 0, np.ones(4, np.uint8)),
    lambda: w.put_cells(0, 0, np.full((2, 2), 7)),
    lambda: w.put_cells(0, 0, np.full((2, 2), -1)),
    lambda: w.put_cells(0, 0, np.full((1, 1), 2**64 - 1, np.uint64)),
    lambda: w.put_cells(0, 0, np.ones((31, 2), np.uint8)),
    lambda: w.put_cells(0, 0, None),
    lambda: w.step(-1),
    lambda: w.step(2**40),
    lambda: w.frames(-5),
    lambda: w.run(-1),
    lambda: w.set_backend("hyperdrive"),
    lambda: w.set_rule(""),
    lambda: w.key("hyperspace"),
    lambda: w.set_zoom(1e9),
    lambda: w.set_zoom(2, 1),
    lambda: w.set_zoom(float("nan")),
    lambda: w.pan(float("inf"), 0),
    lambda: w.command("warp 9"),
    lambda: w.command("zoom"),
    lambda: w.load("no-such-file.rle"),
    lambda: w.save("no-such-folder/out.rle"),
    lambda: w.show(None),
    lambda: w.select(0, 0, 41, 5),
    lambda: w.select(-1, 0, 1, 1),
]
for i, call in enumerate(calls):
    try:
        call()
        print(i, "accepted")
    except (w.Error, TypeError) as e:
        print(i, type(e).__name__, str(e).splitlines()[0])
print("unchanged" if before == state() else "changed")
w.quit()
)");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out.find("accepted"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("unchanged\n"), std::string::npos) << run.out;
    for (const char* expected : {
             "2 TypeError",
             "3 TypeError",
             "4 Error put_cells takes a 2D array of cell states",
             "6 Error put_cells takes whole-number cell states, not an array of dtype float32",
             "7 Error put_cells takes a 2D array of cell states, not one of 1 dimensions",
             "9 Error put_cells: cell state -1 at row 0, column 0 is not a state (0..255)",
             "10 Error put_cells: cell state 18446744073709551615 at row 0, column 0 is not a state (0..255)",
             "13 Error step takes 0..1073741824 generations, not -1",
             "15 Error frames takes 0..2147483647 frames, not -5",
             "16 Error run takes 0..2147483647 frames, not -1",
             "17 Error unknown backend 'hyperdrive'",
             "19 Error unknown key 'hyperspace'",
             "20 Error zoom 1e+09 is outside 0.000244141..256 pixels per cell",
             "21 Error set_zoom takes a centre as both x and y",
             "23 Error pan takes finite distances in pixels",
             "24 Error command:1: unknown command 'warp'",
             "28 TypeError",
         })
        EXPECT_NE(run.out.find(expected), std::string::npos) << expected << "\n" << run.out;
}

TEST(PythonScript, WaitKeyGetsTheKeysPressed) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "keys.py", R"(
import threading
import catlab_window as w
w.pause()

def wait_for(name):
    # key() presses a key as the user would; pressed until the waiting script has taken one.
    got = []
    def press():
        while not got:
            w.key(name)
            w.frames(1)
    presser = threading.Thread(target=press)
    presser.start()
    got.append(w.wait_key())
    presser.join()
    return got[0]

print("got", wait_for("q"))
print("got", wait_for("ctrl+S"))
print("got", wait_for("f5"))
# Not waiting: the key is the window's shortcut (space plays).
w.key("space")
w.frames(1)
print("playing", w.playing())
w.quit()
)");
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("got q\ngot ctrl+s\ngot f5\nplaying True\n"), std::string::npos) << run.out;
}

TEST(PythonScript, ClosingTheWindowEndsAWaitingScript) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "waits.py",
                                    "import catlab_window as w\n"
                                    "try:\n"
                                    "    print('waiting', flush=True)\n"
                                    "    w.wait_key()\n"
                                    "    print('got a key')\n"
                                    "except Exception:\n"
                                    "    print('caught as an error')\n"
                                    "finally:\n"
                                    "    print('cleaned up')\n",
                                    {"--frames", "60"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("waiting\ncleaned up\n"), std::string::npos) << run.out;
    EXPECT_EQ(run.err, "");
}

TEST(PythonScript, ClosingTheWindowInterruptsAScriptBusyInPython) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "busy.py",
                                    "import catlab_window as w\n"
                                    "w.quit()  # the window closes after this frame\n"
                                    "try:\n"
                                    "    while True:\n"
                                    "        pass\n"
                                    "finally:\n"
                                    "    print('interrupted')\n");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("interrupted\n"), std::string::npos) << run.out;
}

// As under `python3`, the script ends when its threads have ended, but daemons: those are ended then.
TEST(PythonScript, ThreadsCallOnAfterTheMainScriptAndDaemonsAreEnded) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "threads.py", R"(
import threading
import catlab_window as w
w.pause()

def worker():
    start = w.generation()
    for _ in range(5):
        w.step(1)
        w.frames(1)
    print("worker stepped", w.generation() - start, flush=True)
    w.quit()

def daemon():
    w.wait_key()
    print("a key came")

threading.Thread(target=daemon, daemon=True).start()
threading.Thread(target=worker).start()
print("main done", flush=True)
)");
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("main done\nworker stepped 5\n"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("a key came"), std::string::npos) << run.out;
    EXPECT_EQ(run.err, "");
}

TEST(PythonScript, TheWindowSoupSearchExampleRuns) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const std::filesystem::path example =
        std::filesystem::path(CATLAB_TEST_DATA) / "../../examples/window_soup_search.py";
    std::vector<std::string> args = kSmallWindow;
    args.insert(args.end(), {"--frames", "600", "--script", example.string()});
    const RunResult run = runCatlab(args, dir);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("soup 1: "), std::string::npos) << run.out;
    EXPECT_EQ(run.err, "");
}

TEST(PythonScript, ABuildWithoutPythonRefusesPythonScripts) {
    if (gui::WindowScript::pythonAvailable()) GTEST_SKIP() << "this catlab runs Python scripts";
    const auto dir = testDirectory();
    const RunResult run = runPython(dir, "refused.py", "import catlab_window\n");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("refused.py: this catlab was built without Python"), std::string::npos) << run.err;
}

TEST(PythonScript, AnUnreadableScriptFailsBeforeTheWindowOpens) {
    SKIP_WITHOUT_PYTHON();
    const auto dir = testDirectory();
    const RunResult run = runCatlab({"--script", "missing.py"}, dir);
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_NE(run.err.find("missing.py"), std::string::npos) << run.err;
}

} // namespace
} // namespace catlab::testing
