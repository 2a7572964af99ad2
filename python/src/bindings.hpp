#pragma once
// The pieces of the catlab Python module (_catlab), one function per area of the engine.
#include <pybind11/pybind11.h>

namespace catlab::python {

namespace py = pybind11;

void bindErrors(py::module_& m);
void bindArrays(py::module_& m);
void bindRules(py::module_& m);
void bindGrids(py::module_& m);
void bindBackends(py::module_& m);
void bindStateViews(py::module_& m);
void bindSimulator(py::module_& m);
void bindIo(py::module_& m);
void bindCloud(py::module_& m);

} // namespace catlab::python
