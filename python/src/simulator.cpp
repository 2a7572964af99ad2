// catlab.Simulator: stepping, switching backends mid-run, timing, painting, and the state without a
// copy (state()) or as one byte per cell (to_numpy(), cells_on_device()).
#include "array_export.hpp"
#include "arrays.hpp"
#include "bindings.hpp"
#include "conversions.hpp"
#include "simulator_handle.hpp"

#include "catlab/cell_storage.hpp"

#include <pybind11/stl.h>

#include <cstring>

namespace catlab::python {

namespace {

// A Grid, or a 2D uint8 array copied into one.
Grid startingGrid(const py::object& cells) {
    if (py::isinstance<Grid>(cells)) return cells.cast<const Grid&>();
    if (PyObject_CheckBuffer(cells.ptr())) return gridOf(cells);
    throw Error("grid must be a catlab.Grid or a 2D uint8 array");
}

std::unique_ptr<SimulatorHandle> makeSimulator(const Rule& rule, const py::object& grid, const py::object& size,
                                               double density, std::uint64_t seed, const std::string& backend) {
    if (!grid.is_none() && !size.is_none()) throw Error("give the grid or its size, not both");
    if (!grid.is_none())
        return std::make_unique<SimulatorHandle>(std::make_unique<Simulator>(rule, startingGrid(grid), backend));
    if (size.is_none()) throw Error("give a starting grid (grid=) or a size for a random start (size=)");
    return std::make_unique<SimulatorHandle>(
        std::make_unique<Simulator>(rule, gridSizeOf(size), density, seed, backend));
}

// Steps with the GIL released, so other Python threads run meanwhile.
double runSteps(SimulatorHandle& handle, int generations, bool timed) {
    Simulator& s = handle.beginStep();
    struct Done {
        SimulatorHandle& h;
        ~Done() { h.endStep(); }
    } done{handle};
    py::gil_scoped_release release;
    if (timed) return s.timedStep(generations);
    s.step(generations);
    return 0.0;
}

CellRect rectOf(long long x, long long y, int width, int height) { return {x, y, width, height}; }

py::object stateView(py::object self) {
    SimulatorHandle& handle = self.cast<SimulatorHandle&>();
    std::optional<StateView> view = handle.use().stateView();
    if (!view) throw Error("backend '" + handle.use().backendName() + "' does not describe its state's layout");
    return py::cast(std::make_unique<ArrayExport>(std::move(*view), self, handle));
}

py::object cellsOnDevice(SimulatorHandle& handle) {
    Simulator& s = handle.use();
    if (s.memorySpace() != MemorySpace::Device)
        throw Error("backend '" + s.backendName() + "' keeps its state in host memory: use state() or to_numpy()");
    auto storage = std::make_unique<CellStorage>(MemorySpace::Device, s.size());
    const CellBuffer cells = storage->view();
    s.store(cells);
    s.synchronize();
    StateView view = cellsView(cells.data, cells.size, MemorySpace::Device, cells.size.width, true);
    return py::cast(std::make_unique<ArrayExport>(std::move(view), std::move(storage)));
}

} // namespace

void bindSimulator(py::module_& m) {
    py::class_<SimulatorHandle>(
        m, "Simulator",
        "One automaton: its cells, rule and the backend computing it. Simulator(rule, grid) starts from a "
        "catlab.Grid or a 2D uint8 array; Simulator(rule, size=(w, h), density=, seed=) from random cells "
        "filled by the backend. backend is a name of catlab.backends() or 'auto' (the fastest exact one).")
        .def(py::init(&makeSimulator), py::arg("rule"), py::arg("grid") = py::none(), py::kw_only(),
             py::arg("size") = py::none(), py::arg("density") = 0.5, py::arg("seed") = 1, py::arg("backend") = "auto")
        .def(
            "step", [](SimulatorHandle& h, int n) { runSteps(h, n, false); }, py::arg("generations") = 1,
            "Compute generations (the GIL is released meanwhile)")
        .def(
            "timed_step", [](SimulatorHandle& h, int n) { return runSteps(h, n, true); }, py::arg("generations"),
            "step(), returning the milliseconds it took: CUDA events on the GPU, the steady clock on the CPU")
        .def_property_readonly(
            "step_timer", [](SimulatorHandle& h) { return h.use().stepTimerMethod(); },
            "'cuda-events' or 'steady_clock'")
        .def("synchronize", [](SimulatorHandle& h) { h.use().synchronize(); })
        .def(
            "switch_backend",
            [](SimulatorHandle& h, const std::string& name) { h.relocate("switch backend").switchBackend(name); },
            py::arg("name"), "Same cells, another backend (or 'auto')")
        .def(
            "set_rule", [](SimulatorHandle& h, const Rule& rule) { h.relocate("change the rule").setRule(rule); },
            py::arg("rule"),
            "Same cells under another rule (cells in states it lacks die); see notice when the backend changed")
        .def(
            "load",
            [](SimulatorHandle& h, const py::object& grid, std::optional<Rule> rule) {
                Grid cells = startingGrid(grid);
                Simulator& s = h.relocate("load cells");
                if (rule)
                    s.load(cells, *rule);
                else
                    s.load(cells);
            },
            py::arg("grid"), py::arg("rule") = py::none(), "Replace the cells (and the size, and the rule if given)")
        .def(
            "snapshot", [](SimulatorHandle& h) { return h.use().snapshot(); }, "The cells as a new catlab.Grid")
        .def(
            "to_numpy", [](SimulatorHandle& h) { return arrayOf(h.use().snapshot()); },
            "The cells as a new (height, width) uint8 array")
        .def("state", &stateView,
             "The running backend's state in place, in its own layout (a catlab.StateView; no copy)")
        .def("cells_on_device", &cellsOnDevice,
             "A copy of the cells in device memory, one byte per cell, (height, width) (GPU backends)")
        .def(
            "read_cells",
            [](SimulatorHandle& h, long long x, long long y, int width, int height) {
                std::vector<Cell> cells = h.use().readCells(rectOf(x, y, width, height));
                auto owned = std::make_unique<std::vector<Cell>>(std::move(cells));
                Cell* data = owned->data();
                return arrayOwning(std::move(owned), data, {py::ssize_t(height), py::ssize_t(width)});
            },
            py::arg("x"), py::arg("y"), py::arg("width"), py::arg("height"),
            "The cells of a rectangle (coordinates wrap) as a (height, width) uint8 array")
        .def(
            "write_cells",
            [](SimulatorHandle& h, long long x, long long y, const py::object& cells) {
                const Grid block = gridOf(cells);
                h.use().writeCells(rectOf(x, y, block.width(), block.height()), block.cells());
            },
            py::arg("x"), py::arg("y"), py::arg("cells"),
            "Overwrite a rectangle with a 2D uint8 array, its top-left at (x, y) (coordinates wrap)")
        .def_property_readonly("population", [](SimulatorHandle& h) { return h.use().population(); })
        .def_property_readonly("generation", [](SimulatorHandle& h) { return h.use().generation(); })
        .def_property_readonly("rule", [](SimulatorHandle& h) { return h.use().rule(); })
        .def_property_readonly(
            "size", [](SimulatorHandle& h) { return sizeTuple(h.use().size()); }, "(width, height)")
        .def_property_readonly(
            "backend", [](SimulatorHandle& h) { return h.use().backendName(); }, "the backend running (never 'auto')")
        .def_property_readonly("auto_backend", [](SimulatorHandle& h) { return h.use().autoBackend(); })
        .def_property_readonly(
            "backend_reason", [](SimulatorHandle& h) { return h.use().backendReason(); },
            "why 'auto' picked the backend, or ''")
        .def_property_readonly(
            "notice", [](SimulatorHandle& h) { return h.use().notice(); },
            "why the last set_rule or load changed the backend, or ''")
        .def_property_readonly(
            "memory", [](SimulatorHandle& h) { return memorySpaceName(h.use().memorySpace()); },
            "'host' or 'device': where the backend keeps the state")
        .def_property_readonly("bytes_per_cell_step", [](SimulatorHandle& h) { return h.use().bytesPerCellStep(); })
        .def("__repr__", [](SimulatorHandle& h) {
            Simulator& s = h.use();
            return "catlab.Simulator('" + s.rule().format() + "', size=(" + std::to_string(s.size().width) + ", " +
                   std::to_string(s.size().height) + "), backend='" + s.backendName() +
                   "', generation=" + std::to_string(s.generation()) + ")";
        });
}

} // namespace catlab::python
