#pragma once
// NumPy arrays over memory catlab owns, without copying it, and cells read from any array. Both go
// through Python's buffer protocol (PEP 3118), never NumPy's C API, so the module works with every
// NumPy, 1.x and 2.x alike.
#include "catlab/grid.hpp"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

namespace catlab::python {

namespace py = pybind11;

// Memory offered through the buffer protocol, kept alive by `owner` as long as a view of it exists.
struct OwnedBuffer {
    std::shared_ptr<void> owner;
    void* data = nullptr;
    std::vector<py::ssize_t> shape;
};

// numpy.asarray over an OwnedBuffer: a C-ordered uint8 array of `shape` at `data`, owned by `owner`.
py::object arrayOwning(std::shared_ptr<void> owner, void* data, std::vector<py::ssize_t> shape);

template <class Owner>
py::object arrayOwning(std::unique_ptr<Owner> owner, void* data, std::vector<py::ssize_t> shape) {
    return arrayOwning(std::shared_ptr<void>(std::move(owner)), data, std::move(shape));
}

// A grid's cells as an (height, width) uint8 array that owns the grid (no copy).
py::object arrayOf(Grid grid);

// The uint8 cells of an object with the buffer protocol (NumPy arrays, memoryviews, catlab.Grid) of
// `dimensions` dimensions: its shape and its cells copied in C order. Throws catlab::Error for another
// type or shape, naming it `what`.
struct CellBlock {
    std::vector<py::ssize_t> shape;
    std::vector<Cell> cells;
};
CellBlock readCells(const py::handle& source, int dimensions, const char* what);

// A 2D uint8 array's cells as a Grid (copied). Throws catlab::Error for another shape or type.
Grid gridOf(const py::handle& cells);

void bindArrays(py::module_& m);

} // namespace catlab::python
