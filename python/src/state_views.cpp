// catlab.StateView in Python: NumPy's __array_interface__ for host memory, __cuda_array_interface__
// (version 3) for device memory, and DLPack for both.
#include "array_export.hpp"
#include "bindings.hpp"
#include "conversions.hpp"

#include <pybind11/stl.h>

namespace catlab::python {

namespace {

const char* typeString(StateElement element) { return element == StateElement::U32 ? "<u4" : "|u1"; }

py::tuple byteStrides(const StateView& v) {
    py::tuple strides(v.strides.size());
    for (std::size_t i = 0; i < v.strides.size(); ++i)
        strides[i] = py::int_(v.strides[i] * std::int64_t(elementBytes(v.element)));
    return strides;
}

py::tuple shapeTuple(const StateView& v) {
    py::tuple shape(v.shape.size());
    for (std::size_t i = 0; i < v.shape.size(); ++i) shape[i] = py::int_(v.shape[i]);
    return shape;
}

// The dictionary both array interfaces share (version 3).
py::dict arrayInterface(const ArrayExport& e) {
    e.checkReady();
    const StateView& v = e.view();
    py::dict d;
    d["shape"] = shapeTuple(v);
    d["typestr"] = typeString(v.element);
    d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(v.data), !v.writable);
    d["strides"] = byteStrides(v);
    d["version"] = 3;
    return d;
}

// (device type, ordinal): DLPack's kDLCPU = 1, kDLCUDA = 2.
py::tuple dlpackDevice(const ArrayExport& e) {
    return e.view().space == MemorySpace::Device ? py::make_tuple(2, e.deviceOrdinal()) : py::make_tuple(1, 0);
}

} // namespace

void bindStateViews(py::module_& m) {
    py::class_<ArrayExport>(
        m, "StateView",
        "Cells in catlab's memory without a copy: numpy.asarray() takes a host view, cupy.asarray(), "
        "torch.as_tensor() and from_dlpack() a device one. layout says how cells are laid out "
        "(catlab.unpack gives one byte per cell); a view of a simulator's state is stale once it steps.")
        .def_property_readonly(
            "layout", [](const ArrayExport& e) { return toString(e.view().layout); },
            "'cells', 'tiles16', 'bits32' or 'bitplanes32' (see catlab.unpack)")
        .def_property_readonly("shape", [](const ArrayExport& e) { return shapeTuple(e.view()); })
        .def_property_readonly(
            "strides", [](const ArrayExport& e) { return byteStrides(e.view()); }, "in bytes")
        .def_property_readonly(
            "typestr", [](const ArrayExport& e) { return typeString(e.view().element); },
            "'|u1' (uint8) or '<u4' (uint32)")
        .def_property_readonly(
            "size", [](const ArrayExport& e) { return sizeTuple(e.view().size); }, "(width, height) of the torus")
        .def_property_readonly(
            "memory", [](const ArrayExport& e) { return memorySpaceName(e.view().space); }, "'host' or 'device'")
        .def_property_readonly(
            "writable", [](const ArrayExport& e) { return e.view().writable; },
            "whether writing states through it is a valid change of the cells")
        .def_property_readonly("current", &ArrayExport::current,
                               "False once the simulator has stepped or changed since the view was made")
        .def_property_readonly("pointer",
                               [](const ArrayExport& e) { return reinterpret_cast<std::uintptr_t>(e.view().data); })
        .def_property_readonly("__array_interface__",
                               [](const ArrayExport& e) {
                                   if (e.view().space != MemorySpace::Host)
                                       throw py::attribute_error("a device state view has no __array_interface__; "
                                                                 "use cupy.asarray or torch.as_tensor");
                                   return arrayInterface(e);
                               })
        .def_property_readonly("__cuda_array_interface__",
                               [](const ArrayExport& e) {
                                   if (e.view().space != MemorySpace::Device)
                                       throw py::attribute_error("a host state view has no __cuda_array_interface__; "
                                                                 "use numpy.asarray");
                                   py::dict d = arrayInterface(e);
                                   d["stream"] = py::none(); // checkReady waited for the device
                                   return d;
                               })
        .def(
            "__dlpack__",
            [](py::object self, py::object stream, py::object /*maxVersion*/, py::object dlDevice, py::object copy) {
                // Any max_version: DLPack 0.6's unversioned capsule is what a producer without the
                // versioned one hands out. The memory is catlab's own, never a copy.
                const ArrayExport& e = self.cast<const ArrayExport&>();
                if (e.view().space == MemorySpace::Host && !stream.is_none())
                    throw Error("a host state view takes no stream");
                if (!copy.is_none() && copy.cast<bool>())
                    throw py::buffer_error("a state view shares catlab's memory and makes no copies; "
                                           "Simulator.to_numpy() and cells_on_device() are copies");
                if (!dlDevice.is_none() && !dlDevice.equal(dlpackDevice(e)))
                    throw py::buffer_error("a state view stays on its own device");
                return dlpackCapsule(self, e);
            },
            py::arg("stream") = py::none(), py::kw_only(), py::arg("max_version") = py::none(),
            py::arg("dl_device") = py::none(), py::arg("copy") = py::none())
        .def("__dlpack_device__", &dlpackDevice)
        .def("__repr__", [](const ArrayExport& e) {
            const StateView& v = e.view();
            return std::string("catlab.StateView(layout='") + toString(v.layout) + "', memory='" +
                   memorySpaceName(v.space) + "', shape=" + std::string(py::str(shapeTuple(v))) +
                   (e.current() ? "" : ", stale") + ")";
        });
}

} // namespace catlab::python
