// The backend registry: what is built in, where each backend runs, which rules it computes.
#include "bindings.hpp"
#include "conversions.hpp"

#include "catlab/backend_choice.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"

#include <pybind11/stl.h>

#include <optional>
#include <string>

namespace catlab::python {
namespace {

// What a backend is known to compute: a CUDA backend left out of this build is named, but computes nothing.
std::optional<std::string> unsupportedHere(const BackendSpec& s, const Rule& rule) {
    if (!s.built) return s.description;
    return s.unsupportedReason(rule);
}

} // namespace

void bindBackends(py::module_& m) {
    py::class_<BackendSpec>(m, "Backend", "One registered backend (catlab.backends() lists them)")
        .def_readonly("name", &BackendSpec::name)
        .def_property_readonly(
            "where", [](const BackendSpec& s) { return s.memorySpace == MemorySpace::Device ? "gpu" : "cpu"; },
            "'cpu' or 'gpu'")
        .def_readonly("description", &BackendSpec::description)
        .def_readonly("rules", &BackendSpec::rulesSummary, "the rules it computes exactly, in a few words")
        .def_property_readonly(
            "available", [](const BackendSpec& s) { return !s.unavailableReason(); }, "whether it runs here")
        .def_property_readonly(
            "unavailable_reason", [](const BackendSpec& s) { return s.unavailableReason(); },
            "why it cannot run here, or None")
        .def_readonly("built", &BackendSpec::built, "whether this build has it (CUDA backends need nvcc)")
        .def("unsupported_reason", &unsupportedHere, py::arg("rule"),
             "why it cannot compute this rule exactly (or is not in this build), or None")
        .def(
            "computes", [](const BackendSpec& s, const Rule& rule) { return !unsupportedHere(s, rule); },
            py::arg("rule"), "whether it computes this rule exactly (False when not in this build)")
        .def(
            "memory_need",
            [](const BackendSpec& s, const Rule& rule, const py::object& size) {
                const MemoryNeed need = memoryNeedFor(s, rule, gridSizeOf(size));
                return py::make_tuple(need.hostBytes, need.deviceBytes);
            },
            py::arg("rule"), py::arg("size"), "(host bytes, device bytes) it allocates for the rule and grid")
        .def("__repr__", [](const BackendSpec& s) { return "catlab.Backend('" + s.name + "')"; });

    m.def(
        "backends", [] { return &BackendRegistry::instance().all(); }, py::return_value_policy::reference,
        "Every backend built in, in registration order");
    m.def(
        "backend", [](const std::string& name) { return &BackendRegistry::instance().find(name); }, py::arg("name"),
        py::return_value_policy::reference, "The backend of this name; catlab.Error if unknown");
    m.def(
        "choose_backend",
        [](const Rule& rule, const py::object& size) {
            BackendChoice choice = chooseBackend(rule, gridSizeOf(size));
            return py::make_tuple(choice.name, choice.reason);
        },
        py::arg("rule"), py::arg("size"), "(name, reason): what 'auto' runs for this rule and grid");
    m.def("gpu_unavailable_reason", &cudaUnavailableReason, "Why the GPU cannot be used here, or None");
    m.def(
        "gpu_device",
        []() -> py::object {
            if (cudaUnavailableReason()) return py::none();
            py::dict d;
            d["name"] = cudaDeviceName();
            d["pci_bus_id"] = cudaDevicePciBusId();
            d["ordinal"] = cudaDeviceOrdinal();
            d["free_bytes"] = cudaFreeDeviceBytes();
            return d;
        },
        "The CUDA device catlab runs on (name, pci_bus_id, ordinal, free_bytes), or None");
}

} // namespace catlab::python
