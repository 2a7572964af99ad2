#include "array_export.hpp"

#include "catlab/cuda_device.hpp"

#include <dlpack/dlpack.h>

#include <vector>

namespace catlab::python {

ArrayExport::ArrayExport(StateView view, py::object owner, SimulatorHandle& handle)
    : view_(std::move(view)), owner_(std::move(owner)), handle_(&handle), epoch_(handle.epoch()) {
    if (view_.space == MemorySpace::Device) device_ = cudaDeviceOrdinal().value_or(0);
    handle_->viewMade(view_.writable);
}

ArrayExport::ArrayExport(StateView view, std::unique_ptr<CellStorage> storage)
    : view_(std::move(view)), storage_(std::move(storage)) {
    if (view_.space == MemorySpace::Device) device_ = cudaDeviceOrdinal().value_or(0);
}

ArrayExport::~ArrayExport() {
    if (handle_) handle_->viewGone(view_.writable);
}

void ArrayExport::checkReady() const {
    if (!current())
        throw Error("this state view is stale: the simulator has stepped or changed since state() made it; "
                    "call state() again");
    // Steps run on the device's default stream; the consumer may read on any stream.
    if (handle_ && view_.space == MemorySpace::Device) handle_->use().synchronize();
}

namespace {

// What a DLManagedTensor carries: its shape and strides, and a reference to the export.
struct DlpackContext {
    DLManagedTensor tensor{};
    std::vector<std::int64_t> shape, strides;
    py::object owner;
};

void deleteContext(DLManagedTensor* tensor) {
    // The consumer may call the deleter from any thread, with or without the GIL.
    PyGILState_STATE gil = PyGILState_Ensure();
    delete static_cast<DlpackContext*>(tensor->manager_ctx);
    PyGILState_Release(gil);
}

// A capsule the consumer never took (still named "dltensor") frees the tensor itself.
void destroyUnusedCapsule(PyObject* capsule) {
    if (!PyCapsule_IsValid(capsule, "dltensor")) return;
    auto* tensor = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
    if (tensor && tensor->deleter) tensor->deleter(tensor);
}

} // namespace

py::capsule dlpackCapsule(const py::object& self, const ArrayExport& exported) {
    exported.checkReady();
    const StateView& v = exported.view();
    auto context = std::make_unique<DlpackContext>();
    context->shape = v.shape;
    context->strides = v.strides; // DLPack counts strides in elements, as StateView does
    context->owner = self;
    DLTensor& t = context->tensor.dl_tensor;
    t.data = v.data;
    t.device = v.space == MemorySpace::Device ? DLDevice{kDLCUDA, exported.deviceOrdinal()} : DLDevice{kDLCPU, 0};
    t.ndim = int(v.shape.size());
    t.dtype = DLDataType{kDLUInt, std::uint8_t(8 * elementBytes(v.element)), 1};
    t.shape = context->shape.data();
    t.strides = context->strides.data();
    t.byte_offset = 0;
    context->tensor.manager_ctx = context.get();
    context->tensor.deleter = deleteContext;
    PyObject* capsule = PyCapsule_New(&context->tensor, "dltensor", destroyUnusedCapsule);
    if (!capsule) throw py::error_already_set();
    context.release();
    return py::reinterpret_steal<py::capsule>(capsule);
}

} // namespace catlab::python
