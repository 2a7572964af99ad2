#pragma once
// catlab.StateView: memory of catlab's (a backend's state in its own layout, or a byte-per-cell copy)
// handed to NumPy (__array_interface__), CuPy and PyTorch (__cuda_array_interface__, DLPack) without a copy.
#include "simulator_handle.hpp"

#include "catlab/cell_storage.hpp"
#include "catlab/state_view.hpp"

#include <pybind11/pybind11.h>

#include <memory>

namespace catlab::python {

namespace py = pybind11;

class ArrayExport {
  public:
    // A view of a simulator's state: `owner` is the Python Simulator holding `handle`.
    ArrayExport(StateView view, py::object owner, SimulatorHandle& handle);
    // A view of memory the export owns (a copy of the cells).
    ArrayExport(StateView view, std::unique_ptr<CellStorage> storage);
    ArrayExport(const ArrayExport&) = delete;
    ArrayExport& operator=(const ArrayExport&) = delete;
    ~ArrayExport();

    const StateView& view() const { return view_; }
    int deviceOrdinal() const { return device_; }
    // False once the simulator has stepped or changed since the view was made.
    bool current() const { return !handle_ || handle_->epoch() == epoch_; }
    // Throws catlab::Error for a stale view; waits for queued GPU work, so the memory is ready to read.
    void checkReady() const;

  private:
    StateView view_;
    int device_ = 0;
    py::object owner_;
    SimulatorHandle* handle_ = nullptr;
    std::uint64_t epoch_ = 0;
    std::unique_ptr<CellStorage> storage_;
};

// The __dlpack__ capsule of an export (DLPack 0.6, libdlpack-dev), keeping `self` alive until the
// consumer's deleter runs.
py::capsule dlpackCapsule(const py::object& self, const ArrayExport& exported);

} // namespace catlab::python
