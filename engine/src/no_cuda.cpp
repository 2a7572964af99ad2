// Built when catlab has no CUDA support: GPU backends are listed with the reason they are missing,
// and device memory is refused with a clear message.
#include "catlab/backend_registry.hpp"
#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/gpu_backends.hpp"

#include <cstring>

namespace catlab {

namespace {
const char* const kReason = "this catlab was built without CUDA (configure with CATLAB_CUDA=ON on a machine with nvcc)";
}

void registerCudaBackends(BackendRegistry& registry) {
    for (const GpuBackendDescription& d : kGpuBackendDescriptions)
        registry.add({d.name, d.description, "-", MemorySpace::Device,
                      []() -> std::unique_ptr<Backend> { throw Error(kReason); },
                      [] { return std::optional<std::string>(kReason); },
                      [](const Rule&) { return std::optional<std::string>(); }});
}

void* allocateDeviceBytes(std::size_t) { throw Error(kReason); }
void freeDeviceBytes(void*) noexcept {}

void copyRows(void* destination, std::size_t destinationPitch, MemorySpace destinationSpace, const void* source,
              std::size_t sourcePitch, MemorySpace sourceSpace, std::size_t rowBytes, std::size_t rows) {
    if (destinationSpace == MemorySpace::Device || sourceSpace == MemorySpace::Device) throw Error(kReason);
    for (std::size_t r = 0; r < rows; ++r)
        std::memcpy(static_cast<char*>(destination) + r * destinationPitch,
                    static_cast<const char*>(source) + r * sourcePitch, rowBytes);
}

} // namespace catlab
