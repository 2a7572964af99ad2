#pragma once

#include "gui/lab.hpp"
#include "gui/script_window.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace catlab::gui {

// A Python script driving the window (`catlab --script file.py`): an embedded interpreter runs it on a
// thread of its own, and every call of its `catlab_window` module is done by the main thread at a
// frame boundary (WindowCalls), so the main thread never runs Python and the window keeps drawing
// while the script loops. An exception that ends the script is printed with its traceback on stderr,
// shown in the status line and counted in failures(). When the window closes, the script's calls
// raise catlab_window.WindowClosed; one that runs on without calling the window is interrupted with it.
class PythonScript {
  public:
    explicit PythonScript(std::string path);
    ~PythonScript(); // finish()
    PythonScript(const PythonScript&) = delete;
    PythonScript& operator=(const PythonScript&) = delete;

    // At the start of every frame: starts the script on the first, then does its calls.
    void beginFrame(Lab& lab);
    std::vector<KeyPress> routeKeys(std::vector<KeyPress> keys) { return window_.routeKeys(std::move(keys)); }
    // The window is closing: the script's calls now raise catlab_window.WindowClosed; waits for it to end.
    void finish();
    int failures() const { return failures_; }

  private:
    void run(); // the script's thread
    void fail(const std::string& message);
    // Raises catlab_window.WindowClosed in a script that runs on without calling the window.
    void interrupt();

    std::string path_;
    ScriptWindow window_;
    std::thread thread_;
    std::mutex mutex_;
    std::condition_variable ended_;
    bool running_ = false;           // the thread is still in the interpreter
    bool inScript_ = false;          // the script's own code runs (not the interpreter's start or end)
    unsigned long scriptThread_ = 0; // Python's id of the thread, to interrupt it
    std::atomic<int> failures_ = 0;
};

} // namespace catlab::gui
