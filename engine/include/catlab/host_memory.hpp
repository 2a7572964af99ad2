#pragma once

#include <cstdint>
#include <string>

namespace catlab {

// Host memory a new allocation can take without pushing the system into swap or the OOM killer: the
// kernel's MemAvailable (free memory plus what it can reclaim), or free pages where that is unknown; at
// most CATLAB_HOST_MEMORY_MIB MiB when that is set (throws catlab::Error when it is not a positive number).
std::uint64_t availableHostBytes();

// Host memory rank 0 of a distributed grid may give the cells it brings together from every band: a
// whole gathered grid must fit in it, and streamed RLE (DistributedSimulator::saveRle, loadRle) moves
// chunks of a small part of it. availableHostBytes(), at most CATLAB_GATHER_MEMORY_MIB MiB when that is
// set (a job whose first node also holds bands, say); throws catlab::Error when it is not a positive number.
std::uint64_t gatherHostBytes();

// A memory size for messages: "3.00 GiB" below 10 GiB, "12.0 GiB" above.
std::string gibibytesText(std::uint64_t bytes);

} // namespace catlab
