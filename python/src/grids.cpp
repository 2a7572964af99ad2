// Grids: a catlab.Grid is a NumPy array without a copy (buffer protocol; Grid.cells), read and write.
#include "arrays.hpp"
#include "bindings.hpp"
#include "conversions.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"

#include <pybind11/operators.h>

namespace catlab::python {

void bindGrids(py::module_& m) {
    py::class_<Grid>(m, "Grid", py::buffer_protocol(),
                     "A W x H torus of cell states (0 dead, 1 alive, 2.. decaying), one byte per cell. "
                     "numpy.asarray(grid) and grid.cells are (height, width) uint8 views of its memory.")
        .def(py::init([](int width, int height) {
                 return Grid(GridSize{width, height});
             }),
             py::arg("width"), py::arg("height"), "An all-dead grid; raises catlab.Error for an impossible size")
        .def_static(
            "from_array", [](const py::object& cells) { return gridOf(cells); }, py::arg("cells"),
            "A grid holding a copy of a 2D uint8 array")
        .def_buffer([](Grid& g) {
            return py::buffer_info(g.cells().data(), sizeof(Cell), py::format_descriptor<Cell>::format(), 2,
                                   {g.height(), g.width()}, {g.width(), 1});
        })
        .def_property_readonly(
            "cells", [](py::object self) { return py::module_::import("numpy").attr("asarray")(self); },
            "(height, width) uint8 array over the grid's memory (writes change the grid)")
        .def_property_readonly("width", &Grid::width)
        .def_property_readonly("height", &Grid::height)
        .def_property_readonly(
            "size", [](const Grid& g) { return sizeTuple(g.size()); }, "(width, height)")
        .def_property_readonly("population", &Grid::population, "cells in any state but 0, as Golly counts")
        .def("clear", &Grid::clear)
        .def(
            "fill_random", [](Grid& g, double density, std::uint64_t seed) { fillRandom(g, density, seed); },
            py::arg("density"), py::arg("seed"),
            "Each cell alive with probability density, the same cells on every backend")
        .def("copy", [](const Grid& g) { return Grid(g); })
        .def(py::self == py::self)
        .def("__repr__", [](const Grid& g) {
            return "catlab.Grid(" + std::to_string(g.width()) + ", " + std::to_string(g.height()) +
                   ", population=" + std::to_string(g.population()) + ")";
        });
    m.def(
        "first_difference",
        [](const Grid& a, const Grid& b) -> py::object {
            const long long i = firstDifference(a, b);
            if (i < 0) return py::none();
            return py::make_tuple(i % a.width(), i / a.width());
        },
        py::arg("a"), py::arg("b"), "(x, y) of the first cell where two grids differ, or None");
}

} // namespace catlab::python
