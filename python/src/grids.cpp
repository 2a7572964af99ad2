// Grids: a catlab.Grid is a NumPy array without a copy (buffer protocol; Grid.cells), read and write.
#include "arrays.hpp"
#include "bindings.hpp"
#include "conversions.hpp"

#include "catlab/error.hpp"
#include "catlab/grid.hpp"

#include <pybind11/operators.h>

#include <cstring>

namespace catlab::python {

py::array_t<Cell> arrayOf(Grid grid) {
    auto owned = std::make_unique<Grid>(std::move(grid));
    Cell* data = owned->cells().data();
    const std::vector<py::ssize_t> shape{owned->height(), owned->width()};
    return arrayOwning(std::move(owned), data, shape);
}

Grid gridOf(const py::array& cells) {
    if (cells.ndim() != 2)
        throw Error("cells must be a 2D array (height, width), not " + std::to_string(cells.ndim()) + "D");
    if (!cells.dtype().is(py::dtype::of<Cell>()))
        throw Error("cells must be uint8, not " + std::string(py::str(cells.dtype())));
    const GridSize size = gridSizeOf(py::make_tuple(cells.shape(1), cells.shape(0)));
    Grid grid(size);
    // C order whatever the array's strides are.
    const auto contiguous = py::array_t<Cell, py::array::c_style | py::array::forcecast>::ensure(cells);
    if (!contiguous) throw Error("cells could not be read as a C-ordered uint8 array");
    std::memcpy(grid.cells().data(), contiguous.data(), grid.cellCount());
    return grid;
}

namespace {

py::array_t<Cell> cellsArray(Grid& grid, py::handle owner) {
    return py::array_t<Cell>({grid.height(), grid.width()}, {grid.width(), 1}, grid.cells().data(), owner);
}

} // namespace

void bindGrids(py::module_& m) {
    py::class_<Grid>(m, "Grid", py::buffer_protocol(),
                     "A W x H torus of cell states (0 dead, 1 alive, 2.. decaying), one byte per cell. "
                     "numpy.asarray(grid) and grid.cells are (height, width) uint8 views of its memory.")
        .def(py::init([](int width, int height) {
                 return Grid(GridSize{width, height});
             }),
             py::arg("width"), py::arg("height"), "An all-dead grid; raises catlab.Error for an impossible size")
        .def_static("from_array", &gridOf, py::arg("cells"), "A grid holding a copy of a 2D uint8 array")
        .def_buffer([](Grid& g) {
            return py::buffer_info(g.cells().data(), sizeof(Cell), py::format_descriptor<Cell>::format(), 2,
                                   {g.height(), g.width()}, {g.width(), 1});
        })
        .def_property_readonly(
            "cells", [](py::object self) { return cellsArray(self.cast<Grid&>(), self); },
            "(height, width) uint8 array over the grid's memory (writes change the grid)")
        .def_property_readonly("width", &Grid::width)
        .def_property_readonly("height", &Grid::height)
        .def_property_readonly(
            "size", [](const Grid& g) { return sizeTuple(g.size()); }, "(width, height)")
        .def_property_readonly("population", &Grid::population, "cells in state 1")
        .def("clear", &Grid::clear)
        .def("fill_random", &fillRandom, py::arg("density"), py::arg("seed"),
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
