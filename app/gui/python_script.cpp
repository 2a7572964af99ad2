#include "gui/python_script.hpp"
#include "gui/python_window_module.hpp"

#include <pybind11/embed.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>

namespace py = pybind11;

PYBIND11_EMBEDDED_MODULE(catlab_window, m) { catlab::gui::bindWindowModule(m); }

namespace catlab::gui {
namespace {

// How long a script may go on after the window closed before it is interrupted, and then before
// catlab gives up on it: a script that waits for the window ends at once (its call raises).
constexpr std::chrono::seconds kEndGrace{2};
constexpr std::chrono::seconds kInterruptGrace{5};

std::string text(const py::handle& object) {
    try {
        return py::str(object).cast<std::string>();
    } catch (const py::error_already_set&) {
        return "<unprintable>";
    }
}

// The failure an exception out of the script is, as the status line shows it: "<script>:<line>:
// <type>: <message>" at the deepest line of the script itself. Prints the traceback; nothing for an
// ending that is no failure (sys.exit(0), the window closed).
std::optional<std::string> failureOf(py::error_already_set& e, const std::string& path) {
    if (e.matches(PyExc_SystemExit)) {
        const py::object code = e.value().attr("code");
        if (code.is_none() || (py::isinstance<py::int_>(code) && code.cast<long long>() == 0)) return std::nullopt;
        const std::string message = path + ": sys.exit(" + text(code) + ")";
        std::cerr << message << '\n' << std::flush; // PyErr_Print() would end the whole process
        return message;
    }
    if (e.matches(windowClosedType())) return std::nullopt;
    std::string where = path;
    try {
        for (const py::handle frame : py::module_::import("traceback").attr("extract_tb")(e.trace()))
            if (frame.attr("filename").cast<std::string>() == path) where = path + ":" + text(frame.attr("lineno"));
    } catch (const py::error_already_set&) {
        // no line then
    }
    const std::string message = where + ": " + text(e.type().attr("__name__")) + ": " + text(e.value());
    e.restore();
    PyErr_Print();
    return message;
}

// Runs the file as __main__, with its folder first on sys.path and sys.argv = [path], as `python3 path`.
std::optional<std::string> runFile(const std::string& path) {
    try {
        py::module_ sys = py::module_::import("sys");
        py::list argv;
        argv.append(path);
        sys.attr("argv") = argv;
        const std::string folder = std::filesystem::path(path).parent_path().string();
        sys.attr("path").attr("insert")(0, folder.empty() ? "." : folder);
        py::dict globals;
        globals["__name__"] = "__main__";
        globals["__file__"] = path;
        globals["__builtins__"] = py::module_::import("builtins");
        py::eval_file(path, globals);
        return std::nullopt;
    } catch (py::error_already_set& e) {
        return failureOf(e, path);
    } catch (const std::exception& e) { // e.g. the file vanished since it was checked
        std::cerr << path << ": " << e.what() << '\n' << std::flush;
        return path + ": " + e.what();
    }
}

// As `python3 script.py` does before it ends: waits for the threads the script started (not daemons).
void joinScriptThreads() {
    try {
        py::module_::import("threading").attr("_shutdown")();
    } catch (py::error_already_set& e) {
        if (!e.matches(windowClosedType())) e.discard_as_unraisable("joining the script's threads");
    }
}

} // namespace

PythonScript::PythonScript(std::string path) : path_(std::move(path)) {}

PythonScript::~PythonScript() { finish(); }

void PythonScript::beginFrame(Lab& lab) {
    if (!thread_.joinable()) {
        attachScriptWindow(&window_);
        running_ = true;
        thread_ = std::thread(&PythonScript::run, this);
    }
    {
        std::lock_guard lock(mutex_);
        if (!running_) return; // ended: nothing more will call
    }
    // Half a frame at most, so the window keeps its frame rate while the script calls and calls.
    const auto budget = std::chrono::duration<double>(0.5 / std::max(lab.run.targetFps, 1.0));
    window_.calls.serve(lab, std::chrono::steady_clock::now() +
                                 std::chrono::duration_cast<std::chrono::steady_clock::duration>(budget));
}

void PythonScript::run() {
    {
        py::scoped_interpreter interpreter(false); // no Python signal handlers: Ctrl+C stays catlab's
        {
            std::lock_guard lock(mutex_);
            scriptThread_ = PyThread_get_thread_ident();
            inScript_ = true;
        }
        if (const std::optional<std::string> failure = runFile(path_)) {
            py::gil_scoped_release release; // the script's other threads may still call the window
            fail(*failure);
        }
        joinScriptThreads();
        {
            py::gil_scoped_release release; // interrupt() takes the GIL while it holds the lock
            std::lock_guard lock(mutex_);
            inScript_ = false;
        }
        endWindowCalls(window_); // before the interpreter ends, which stops any thread taking the GIL
    }
    {
        std::lock_guard lock(mutex_);
        running_ = false;
    }
    ended_.notify_all();
}

void PythonScript::fail(const std::string& message) {
    ++failures_;
    try {
        window_.calls.call([message](Lab& lab) {
            lab.status = message;
            lab.statusIsError = true;
            return true;
        });
    } catch (const WindowClosedError&) {
        // nowhere to show it: stderr has it
    }
}

void PythonScript::interrupt() {
    // Called with mutex_ held: the script cannot leave its code (and the interpreter end) meanwhile.
    if (!inScript_) return;
    const PyGILState_STATE gil = PyGILState_Ensure(); // the interpreter hands it over between bytecodes
    PyThreadState_SetAsyncExc(scriptThread_, windowClosedType());
    PyGILState_Release(gil);
}

void PythonScript::finish() {
    if (!thread_.joinable()) return;
    window_.calls.close();
    std::unique_lock lock(mutex_);
    if (!ended_.wait_for(lock, kEndGrace, [&] { return !running_; })) {
        interrupt();
        if (!ended_.wait_for(lock, kInterruptGrace, [&] { return !running_; })) {
            // Stuck where Python cannot interrupt it (a blocking read): leave without it.
            std::cout << std::flush;
            std::cerr << "catlab: error: " << path_ << " did not end after the window closed\n" << std::flush;
            std::_Exit(1);
        }
    }
    lock.unlock();
    thread_.join();
    attachScriptWindow(nullptr);
}

} // namespace catlab::gui
