#include "gui/window_script.hpp"
#include "gui/script.hpp"

#include "catlab/error.hpp"
#include "catlab/text_file.hpp"

#ifdef CATLAB_HAVE_WINDOW_PYTHON
#include "gui/python_script.hpp"
#endif

namespace catlab::gui {
namespace {

constexpr TextFileLimits kPythonFileLimits{.maxBytes = std::size_t(16) << 20, .maxLineLength = 1 << 20};

bool isPythonFile(const std::string& path) { return path.size() > 3 && path.ends_with(".py"); }

} // namespace

#ifndef CATLAB_HAVE_WINDOW_PYTHON
class PythonScript {}; // never made: this build runs text scripts only
#endif

WindowScript::WindowScript(const std::string& path, std::ostream& out, std::ostream& errors) {
    if (!isPythonFile(path)) {
        text_.emplace(readScriptFile(path), out, errors);
        return;
    }
    if (!pythonAvailable())
        throw Error("cannot run the Python script " + path +
                    ": this catlab was built without Python (CATLAB_PYTHON; pybind11-dev and python3-dev)");
    // Python reads it itself; read here, an unreadable file fails before the window opens.
    (void)readTextFile(path, "script", kPythonFileLimits);
#ifdef CATLAB_HAVE_WINDOW_PYTHON
    python_ = std::make_unique<PythonScript>(path);
#endif
}

WindowScript::~WindowScript() = default;

bool WindowScript::pythonAvailable() {
#ifdef CATLAB_HAVE_WINDOW_PYTHON
    return true;
#else
    return false;
#endif
}

void WindowScript::beginFrame(Lab& lab) {
    if (text_) text_->beginFrame(lab);
#ifdef CATLAB_HAVE_WINDOW_PYTHON
    if (python_) python_->beginFrame(lab);
#endif
}

std::vector<KeyPress> WindowScript::routeKeys(std::vector<KeyPress> keys) {
#ifdef CATLAB_HAVE_WINDOW_PYTHON
    if (python_) return python_->routeKeys(std::move(keys));
#endif
    return keys;
}

void WindowScript::finish() {
#ifdef CATLAB_HAVE_WINDOW_PYTHON
    if (python_) python_->finish();
#endif
}

int WindowScript::failures() const {
    int failures = text_ ? text_->failures() : 0;
#ifdef CATLAB_HAVE_WINDOW_PYTHON
    if (python_) failures += python_->failures();
#endif
    return failures;
}

} // namespace catlab::gui
