// catlab::Error becomes catlab.Error (a RuntimeError) carrying the engine's message.
#include "bindings.hpp"

#include "catlab/error.hpp"

namespace catlab::python {

void bindErrors(py::module_& m) { py::register_exception<catlab::Error>(m, "Error", PyExc_RuntimeError); }

} // namespace catlab::python
