#pragma once

#include <cstdint>

namespace catlab {

// Host memory a new allocation can take without pushing the system into swap or the OOM killer: the
// kernel's MemAvailable (free memory plus what it can reclaim), or free pages where that is unknown.
std::uint64_t availableHostBytes();

} // namespace catlab
