#pragma once

#include "gui/lab.hpp"
#include "gui/script_runner.hpp"
#include "gui/window_events.hpp"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catlab::gui {

class PythonScript;

// The script `--script FILE` names: a Python script when FILE ends in .py (python_script.hpp; refused
// by a catlab built without Python), else a text script (script.hpp), checked completely here, before
// the window opens.
class WindowScript {
  public:
    WindowScript(const std::string& path, std::ostream& out, std::ostream& errors);
    ~WindowScript();
    WindowScript(const WindowScript&) = delete;
    WindowScript& operator=(const WindowScript&) = delete;

    // At the start of every frame.
    void beginFrame(Lab& lab);
    // This frame's key presses, less any the script takes; the rest act as shortcuts.
    std::vector<KeyPress> routeKeys(std::vector<KeyPress> keys);
    // The window is closing: a Python script is ended (its calls raise) and waited for.
    void finish();
    int failures() const;

    static bool pythonAvailable();

  private:
    std::optional<ScriptRunner> text_;
    std::unique_ptr<PythonScript> python_;
};

} // namespace catlab::gui
