#pragma once

#include <cstdint>

namespace catlab {

// Where a buffer lives: host memory or the memory of the current CUDA device.
enum class MemorySpace : std::uint8_t { Host, Device };

} // namespace catlab
