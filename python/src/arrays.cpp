#include "arrays.hpp"

#include "bindings.hpp"
#include "conversions.hpp"

#include "catlab/error.hpp"

#include <cstring>

namespace catlab::python {

py::object arrayOwning(std::shared_ptr<void> owner, void* data, std::vector<py::ssize_t> shape) {
    py::object buffer = py::cast(OwnedBuffer{std::move(owner), data, std::move(shape)});
    return py::module_::import("numpy").attr("asarray")(buffer);
}

py::object arrayOf(Grid grid) {
    auto owned = std::make_unique<Grid>(std::move(grid));
    Cell* data = owned->cells().data();
    std::vector<py::ssize_t> shape{owned->height(), owned->width()};
    return arrayOwning(std::move(owned), data, std::move(shape));
}

CellBlock readCells(const py::handle& source, int dimensions, const char* what) {
    if (!PyObject_CheckBuffer(source.ptr()))
        throw Error(std::string(what) + " must be a " + std::to_string(dimensions) + "D uint8 array, not " +
                    std::string(py::str(py::type::of(source).attr("__name__"))));
    const py::buffer_info info = py::reinterpret_borrow<py::buffer>(source).request();
    if (info.ndim != dimensions)
        throw Error(std::string(what) + " must be a " + std::to_string(dimensions) + "D array, not " +
                    std::to_string(info.ndim) + "D");
    if (info.itemsize != 1 || (info.format != "B" && info.format != "<B" && info.format != "=B"))
        throw Error(std::string(what) + " must be uint8, not buffer format '" + info.format + "'");
    CellBlock block{info.shape, {}};
    std::size_t count = 1;
    for (py::ssize_t side : info.shape) count *= std::size_t(side);
    block.cells.resize(count);
    // Any strides, negative ones included: walk the index in C order.
    std::vector<py::ssize_t> index(std::size_t(dimensions), 0);
    const auto* base = static_cast<const std::uint8_t*>(info.ptr);
    for (std::size_t i = 0; i < count; ++i) {
        py::ssize_t offset = 0;
        for (int d = 0; d < dimensions; ++d) offset += index[std::size_t(d)] * info.strides[std::size_t(d)];
        block.cells[i] = base[offset];
        for (int d = dimensions - 1; d >= 0; --d) {
            if (++index[std::size_t(d)] < info.shape[std::size_t(d)]) break;
            index[std::size_t(d)] = 0;
        }
    }
    return block;
}

Grid gridOf(const py::handle& cells) {
    CellBlock block = readCells(cells, 2, "cells");
    Grid grid(gridSizeOf(py::make_tuple(block.shape[1], block.shape[0])));
    std::memcpy(grid.cells().data(), block.cells.data(), block.cells.size());
    return grid;
}

void bindArrays(py::module_& m) {
    py::class_<OwnedBuffer>(m, "_OwnedBuffer", py::buffer_protocol()).def_buffer([](OwnedBuffer& b) {
        std::vector<py::ssize_t> strides(b.shape.size(), 1);
        for (std::size_t d = b.shape.size(); d-- > 1;) strides[d - 1] = strides[d] * b.shape[d];
        return py::buffer_info(b.data, 1, py::format_descriptor<std::uint8_t>::format(), py::ssize_t(b.shape.size()),
                               b.shape, strides);
    });
}

} // namespace catlab::python
