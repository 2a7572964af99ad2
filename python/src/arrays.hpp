#pragma once
// NumPy arrays over memory catlab owns, without copying it.
#include "catlab/grid.hpp"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <vector>

namespace catlab::python {

namespace py = pybind11;

// An array over `data`, owned by `owner`: the array keeps the owner alive and frees it when the last
// view of it goes. `shape` in elements; C order.
template <class T, class Owner>
py::array_t<T> arrayOwning(std::unique_ptr<Owner> owner, T* data, std::vector<py::ssize_t> shape) {
    py::capsule base(owner.get(), [](void* p) { delete static_cast<Owner*>(p); });
    owner.release();
    return py::array_t<T>(std::move(shape), data, base);
}

// A grid's cells as an (height, width) uint8 array that owns the grid (no copy).
py::array_t<Cell> arrayOf(Grid grid);

// A 2D uint8 array's cells as a Grid (copied). Throws catlab::Error for another shape or type.
Grid gridOf(const py::array& cells);

} // namespace catlab::python
