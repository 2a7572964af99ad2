#pragma once

#include "gui/script_window.hpp"

#include <pybind11/pybind11.h>

namespace catlab::gui {

// The `catlab_window` module a window script imports, in the spirit of Golly's `golly`: cells in a
// rectangle as NumPy arrays, stepping, playing, rule and backend, population, view, status line, keys
// and any text-script command. Each function hands its work to the window (ScriptWindow::calls) and
// waits for it with the GIL released.
void bindWindowModule(pybind11::module_& m);

// The window the module's calls go to (null: none, and calls raise catlab_window.WindowClosed).
void attachScriptWindow(ScriptWindow* window);

// The script has ended (its other threads too, but daemons): the calls of the threads left raise
// catlab_window.WindowClosed, and this waits, with the GIL, until none is inside a call. Only then may
// the interpreter end.
void endWindowCalls(ScriptWindow& window);

// catlab_window.WindowClosed, a BaseException (so `except Exception` does not keep a script going
// after the window closed); set once the module is imported.
PyObject* windowClosedType();

} // namespace catlab::gui
