// Built when catlab has no CUDA support: there is no device, GPU backends are listed as not available
// (backend_registry.cpp), and device memory is refused with the reason.
#include "catlab/cell_storage.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/error.hpp"
#include "catlab/memory_bandwidth.hpp"

#include <cstring>

namespace catlab {

namespace {
const char* const kReason = "this catlab was built without CUDA (configure with CATLAB_CUDA=ON on a machine with nvcc)";
}

std::optional<std::string> cudaUnavailableReason() { return std::string(kReason); }
std::string cudaDeviceName() { return {}; }
std::string cudaDevicePciBusId() { return {}; }
std::optional<std::uint64_t> cudaFreeDeviceBytes() { return std::nullopt; }
std::optional<int> cudaDeviceOrdinal() { return std::nullopt; }
int cudaDeviceCount() { return 0; }
void useCudaDevice(int) { throw Error(std::string("cannot use a GPU: ") + kReason); }
std::optional<double> measureDeviceBandwidth() { return std::nullopt; }

void* allocateDeviceBytes(std::size_t) { throw Error(kReason); }
void freeDeviceBytes(void*) noexcept {}

void copyRows(void* destination, std::size_t destinationPitch, MemorySpace destinationSpace, const void* source,
              std::size_t sourcePitch, MemorySpace sourceSpace, std::size_t rowBytes, std::size_t rows) {
    if (destinationSpace == MemorySpace::Device || sourceSpace == MemorySpace::Device) throw Error(kReason);
    for (std::size_t r = 0; r < rows; ++r)
        std::memcpy(static_cast<char*>(destination) + r * destinationPitch,
                    static_cast<const char*>(source) + r * sourcePitch, rowBytes);
}

void clearStatesOnDevice(CellBuffer, int) { throw Error(kReason); }

} // namespace catlab
