#include "gui/python_window_module.hpp"
#include "gui/key_names.hpp"
#include "gui/lab_actions.hpp"
#include "gui/script.hpp"
#include "gui/script_runner.hpp"
#include "gui/selection_actions.hpp"
#include "gui/undo_actions.hpp"

#include "catlab/cell_rect.hpp"
#include "catlab/error.hpp"

#include <pybind11/eval.h>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>

namespace py = pybind11;

namespace catlab::gui {
namespace {

std::atomic<ScriptWindow*> attached = nullptr;
// The module's exception types; the module holds them, and they live as long as the interpreter.
PyObject* windowClosed = nullptr;
PyObject* engineError = nullptr;

// The most generations step() computes at once and the most frames run() and frames() wait, as the
// text scripts allow.
constexpr long long kMaxStepsAtOnce = 1 << 30;
constexpr long long kMaxFrames = std::numeric_limits<int>::max();

// The script's threads waiting in window calls without the GIL, and whether the script has ended
// (then no thread lets go of the GIL for a call any more); both changed only under the GIL.
std::atomic<int> threadsInCalls = 0;
bool scriptEnded = false;

ScriptWindow& window() {
    ScriptWindow* w = attached.load();
    if (!w) throw WindowClosedError();
    return *w;
}

// Lets go of the GIL for a window call. Counted, so that the interpreter ends only once every thread
// has taken the GIL back: a thread taking it while the interpreter ends would be stopped in the middle
// of C++ code.
class CallWithoutGil {
  public:
    CallWithoutGil() {
        if (scriptEnded) throw WindowClosedError();
        ++threadsInCalls;
        state_ = PyEval_SaveThread();
    }
    ~CallWithoutGil() {
        PyEval_RestoreThread(state_);
        --threadsInCalls;
    }
    CallWithoutGil(const CallWithoutGil&) = delete;
    CallWithoutGil& operator=(const CallWithoutGil&) = delete;

  private:
    PyThreadState* state_;
};

// Does `work` on the window's main thread at the next frame boundary, without the GIL meanwhile.
template <class Work>
void callWindow(Work&& work) {
    ScriptWindow& w = window();
    CallWithoutGil release;
    w.calls.call([&](Lab& lab) {
        work(lab);
        return true;
    });
}

// A value computed by the main thread.
template <class Work>
auto askWindow(Work&& work) {
    std::optional<decltype(work(std::declval<Lab&>()))> answer;
    callWindow([&](Lab& lab) { answer = work(lab); });
    return std::move(*answer);
}

void checkFrames(long long frames, const char* name) {
    if (frames < 0 || frames > kMaxFrames)
        throw Error(std::string(name) + " takes 0.." + std::to_string(kMaxFrames) + " frames, not " +
                    std::to_string(frames));
}

// Waits `frames` frames, each drawn (and stepped when playing).
void waitFrames(long long frames) {
    ScriptWindow& w = window();
    CallWithoutGil release;
    w.calls.call([left = frames](Lab&) mutable { return left-- == 0; });
}

// "1e+09", "0.000244141": numbers in messages as the text scripts write them.
std::string numberText(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

void checkSteps(long long n) {
    if (n < 0 || n > kMaxStepsAtOnce)
        throw Error("step takes 0.." + std::to_string(kMaxStepsAtOnce) + " generations, not " + std::to_string(n));
}

// The array's values as cell states, read as T (wide enough for any value of the array's kind).
template <class T>
std::vector<Cell> statesOf(const py::array& array, int width) {
    const auto values = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(array);
    if (!values) throw py::error_already_set();
    std::vector<Cell> cells(std::size_t(values.size()));
    const T* data = values.data();
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (std::cmp_less(data[i], 0) || std::cmp_greater(data[i], std::numeric_limits<Cell>::max()))
            throw Error("put_cells: cell state " + std::to_string(data[i]) + " at row " +
                        std::to_string(i / std::size_t(width)) + ", column " + std::to_string(i % std::size_t(width)) +
                        " is not a state (0..255)");
        cells[i] = Cell(data[i]);
    }
    return cells;
}

// A whole-number array of two dimensions, each value a state 0..255 (whether the rule has it is the
// engine's to say), row-major.
std::vector<Cell> cellsOf(const py::handle& object, int& width, int& height) {
    const py::array array = py::array::ensure(object);
    if (!array) throw Error("put_cells takes a 2D array of cell states (e.g. a NumPy array)");
    if (array.ndim() != 2)
        throw Error("put_cells takes a 2D array of cell states, not one of " + std::to_string(array.ndim()) +
                    " dimensions");
    const char kind = array.dtype().kind();
    if (kind != 'i' && kind != 'u' && kind != 'b')
        throw Error(std::string("put_cells takes whole-number cell states, not an array of dtype ") +
                    py::str(array.dtype()).cast<std::string>());
    if (array.shape(0) > std::numeric_limits<int>::max() || array.shape(1) > std::numeric_limits<int>::max())
        throw Error("put_cells: the array is larger than any grid");
    height = int(array.shape(0));
    width = int(array.shape(1));
    return kind == 'u' ? statesOf<unsigned long long>(array, width) : statesOf<long long>(array, width);
}

// Text-script commands (script.hpp), checked as script lines; returns what they printed.
std::string runCommands(const std::string& lines) {
    Script script = parseScript(lines, "command");
    std::ostringstream out, errors;
    ScriptRunner runner(std::move(script), out, errors);
    ScriptWindow& w = window();
    {
        CallWithoutGil release;
        w.calls.call([&](Lab& lab) {
            runner.beginFrame(lab);
            return runner.finished() || lab.quitRequested;
        });
    }
    if (runner.failures() > 0) {
        std::string why = errors.str();
        while (!why.empty() && why.back() == '\n') why.pop_back();
        throw Error(why);
    }
    return out.str();
}

} // namespace

void attachScriptWindow(ScriptWindow* w) { attached.store(w); }

void endWindowCalls(ScriptWindow& w) {
    scriptEnded = true;
    w.calls.close();
    py::gil_scoped_release release; // for the threads in calls to take it back
    while (threadsInCalls.load() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

PyObject* windowClosedType() { return windowClosed; }

void bindWindowModule(py::module_& m) {
    m.doc() = "The catlab window a script runs in (catlab --script file.py). Every function is done by the "
              "window at its next frame boundary; errors raise catlab_window.Error with the engine's message.";
    engineError = PyErr_NewException("catlab_window.Error", PyExc_RuntimeError, nullptr);
    windowClosed = PyErr_NewException("catlab_window.WindowClosed", PyExc_BaseException, nullptr);
    if (!engineError || !windowClosed) throw py::error_already_set();
    m.add_object("Error", py::reinterpret_steal<py::object>(engineError));
    m.add_object("WindowClosed", py::reinterpret_steal<py::object>(windowClosed));
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const WindowClosedError& e) {
            PyErr_SetString(windowClosed, e.what());
        } catch (const Error& e) {
            PyErr_SetString(engineError, e.what());
        }
    });

    // A thread the closing window ends is no failure: Python's report of it is left out.
    py::dict scope;
    scope["WindowClosed"] = m.attr("WindowClosed");
    py::exec(R"(
import threading
def _quiet_when_closed(args, report=threading.excepthook):
    if not issubclass(args.exc_type, WindowClosed):
        report(args)
threading.excepthook = _quiet_when_closed
)",
             scope);

    m.def(
        "get_cells",
        [](long long x, long long y, int width, int height) {
            const CellRect rect{x, y, width, height};
            std::vector<Cell> cells = askWindow([&](Lab& lab) { return lab.session.readCells(rect); });
            py::array_t<Cell> array({std::size_t(height), std::size_t(width)});
            std::copy(cells.begin(), cells.end(), array.mutable_data());
            return array;
        },
        py::arg("x"), py::arg("y"), py::arg("width"), py::arg("height"),
        "The states of the cells in a rectangle (wrapping around the torus) as a uint8 array of height rows.");
    m.def(
        "put_cells",
        [](long long x, long long y, const py::object& states) {
            int width = 0, height = 0;
            const std::vector<Cell> cells = cellsOf(states, width, height);
            callWindow([&](Lab& lab) {
                UndoableCellEdit edit(lab, {x, y, width, height}, "put_cells");
                lab.session.writeCells({x, y, width, height}, cells);
                edit.commit();
            });
        },
        py::arg("x"), py::arg("y"), py::arg("cells"),
        "Sets the cells of a rectangle with its top-left corner at (x, y) to a 2D array of states.");
    m.def(
        "step",
        [](long long n) {
            checkSteps(n);
            callWindow([&](Lab& lab) { stepNow(lab, int(n)); });
        },
        py::arg("n") = 1, "Computes n generations now.");
    m.def(
        "frames",
        [](long long n) {
            checkFrames(n, "frames");
            waitFrames(n);
        },
        py::arg("n") = 1, "Lets n frames pass as they are (stepping when playing).");
    m.def(
        "run",
        [](long long n) {
            checkFrames(n, "run");
            callWindow([](Lab& lab) { lab.run.playing = true; });
            waitFrames(n);
            callWindow([](Lab& lab) { lab.run.playing = false; });
        },
        py::arg("frames"), "Plays for this many frames, then pauses.");
    m.def(
        "play", [] { callWindow([](Lab& lab) { lab.run.playing = true; }); }, "Steps at every frame.");
    m.def(
        "pause", [] { callWindow([](Lab& lab) { lab.run.playing = false; }); }, "Stops stepping.");
    m.def(
        "playing", [] { return askWindow([](Lab& lab) { return lab.run.playing; }); }, "Whether it steps every frame.");
    m.def(
        "rule", [] { return askWindow([](Lab& lab) { return lab.session.rule().format(); }); },
        "The rule in Golly's notation.");
    m.def(
        "set_rule", [](const std::string& text) { callWindow([&](Lab& lab) { applyRuleText(lab, text); }); },
        py::arg("rule"), "A preset's id or name, or a rule string; the cells are kept.");
    m.def(
        "backend", [] { return askWindow([](Lab& lab) { return lab.session.backendName(); }); },
        "The backend computing the generations.");
    m.def(
        "set_backend", [](const std::string& name) { callWindow([&](Lab& lab) { switchBackend(lab, name); }); },
        py::arg("name"), "Another backend (a name of `catlab backends`, or auto) on the same cells.");
    m.def(
        "generation", [] { return askWindow([](Lab& lab) { return lab.session.generation(); }); },
        "Generations since the start (or the last load).");
    m.def(
        "population", [] { return askWindow([](Lab& lab) { return lab.session.population(); }); },
        "Cells not in state 0.");
    m.def(
        "grid_size",
        [] {
            const GridSize size = askWindow([](Lab& lab) { return lab.session.size(); });
            return py::make_tuple(size.width, size.height);
        },
        "(width, height) of the grid.");
    m.def(
        "zoom", [] { return askWindow([](Lab& lab) { return lab.view.zoom(); }); }, "Pixels per cell.");
    m.def(
        "set_zoom",
        [](double zoom, std::optional<double> x, std::optional<double> y) {
            using render::ViewNavigation;
            if (!(zoom >= ViewNavigation::kMinZoom && zoom <= ViewNavigation::kMaxZoom))
                throw Error("zoom " + numberText(zoom) + " is outside " + numberText(ViewNavigation::kMinZoom) + ".." +
                            numberText(ViewNavigation::kMaxZoom) + " pixels per cell");
            if (x.has_value() != y.has_value()) throw Error("set_zoom takes a centre as both x and y");
            callWindow([&](Lab& lab) {
                lab.view.setZoom(zoom);
                if (x) lab.view.centreOnCell(*x, *y);
            });
        },
        py::arg("zoom"), py::arg("x") = py::none(), py::arg("y") = py::none(),
        "Zooms to this many pixels per cell, centred on cell (x, y) when given.");
    m.def(
        "pan",
        [](double dx, double dy) {
            if (!std::isfinite(dx) || !std::isfinite(dy)) throw Error("pan takes finite distances in pixels");
            callWindow([&](Lab& lab) { lab.view.panPixels(dx, dy); });
        },
        py::arg("dx"), py::arg("dy"), "Moves the view by pixels.");
    m.def(
        "fit", [] { callWindow([](Lab& lab) { fitView(lab); }); }, "The whole grid in view.");
    m.def(
        "select",
        [](long long x, long long y, int width, int height) {
            callWindow([&](Lab& lab) { selectCells(lab, {x, y, width, height}); });
        },
        py::arg("x"), py::arg("y"), py::arg("width"), py::arg("height"),
        "Selects the width x height cells at (x, y), which must lie inside the grid.");
    m.def(
        "select_all", [] { callWindow([](Lab& lab) { selectAll(lab); }); }, "Selects the whole grid.");
    m.def(
        "select_none", [] { callWindow([](Lab& lab) { selectNone(lab); }); }, "Removes the selection.");
    m.def(
        "selection",
        []() -> py::object {
            const std::optional<CellRect> rect = askWindow([](Lab& lab) { return selectedCells(lab); });
            if (!rect) return py::none();
            return py::make_tuple(rect->x, rect->y, rect->width, rect->height);
        },
        "(x, y, width, height) of the selection, or None.");
    m.def(
        "show",
        [](const std::string& text) {
            callWindow([&](Lab& lab) {
                lab.status = text;
                lab.statusIsError = false;
            });
        },
        py::arg("text"), "Shows the text in the status line.");
    m.def(
        "load", [](const std::string& path) { callWindow([&](Lab& lab) { loadPattern(lab, path); }); }, py::arg("path"),
        "Loads an RLE file, as dropping it on the window does.");
    m.def(
        "save", [](const std::string& path) { callWindow([&](Lab& lab) { savePattern(lab, path); }); }, py::arg("path"),
        "Saves the grid as RLE.");
    m.def(
        "key",
        [](const std::string& name) {
            const KeyPress press = parseKeyName(name);
            callWindow([&](Lab&) { window().keysFromScript.push_back(press); });
        },
        py::arg("name"),
        "Presses a key as the user would (e.g. 'space', 'ctrl+r', 'q'): a script waiting in wait_key() gets it, "
        "else its shortcut acts.");
    m.def(
        "wait_key",
        [] {
            std::string name;
            ScriptWindow& w = window();
            CallWithoutGil release;
            w.calls.call([&](Lab&) {
                if (!w.keyForScript) {
                    w.keyWanted = true;
                    return false;
                }
                name = keyName(*w.keyForScript);
                w.keyForScript.reset();
                return true;
            });
            return name;
        },
        "Waits for a key pressed in the window and returns its name (e.g. 'q', 'space', 'ctrl+s').");
    m.def("command", &runCommands, py::arg("line"),
          "Runs text-script commands (see catlab --help), one per line; returns what they print.");
    m.def(
        "quit", [] { callWindow([](Lab& lab) { lab.quitRequested = true; }); }, "Closes the window after this frame.");
}

} // namespace catlab::gui
