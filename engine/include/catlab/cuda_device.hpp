#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace catlab {

// Why the GPU cannot be used here (built without CUDA, no driver, no device), or nullopt when it can.
std::optional<std::string> cudaUnavailableReason();

// The current CUDA device: its name and PCI bus id ("0000:19:00.0"), or empty strings when this
// catlab has no CUDA or there is no usable device.
std::string cudaDeviceName();
std::string cudaDevicePciBusId();

// The ordinal of the current CUDA device, or nullopt without a usable device.
std::optional<int> cudaDeviceOrdinal();

// How many CUDA devices this process sees (0 without CUDA or a driver).
int cudaDeviceCount();
// Makes device `index` (0 .. cudaDeviceCount() - 1) the current one of the calling thread; throws
// catlab::Error when it cannot be used.
void useCudaDevice(int index);

// Free memory of the current CUDA device, or nullopt without a usable device.
std::optional<std::uint64_t> cudaFreeDeviceBytes();

} // namespace catlab
