#pragma once

#include "catlab/distributed/communicator.hpp"

#include <array>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

namespace catlab {

// Why NCCL cannot be used (built without it, or without CUDA), or nullopt.
std::optional<std::string> ncclUnavailableReason();

// The identity rank 0 makes and every rank receives (through MPI, or shared by threads) to join one
// NCCL communicator: the bytes of an ncclUniqueId.
struct NcclId {
    std::array<std::byte, 128> bytes{};
};
NcclId makeNcclId();

// Rank `rank` of `size` on CUDA device `device` (made current for the calling thread, which must use
// it from then on). Blocks until every rank has joined. Buffers are device memory of that GPU.
std::unique_ptr<Communicator> makeNcclCommunicator(const NcclId& id, int rank, int size, int device);

} // namespace catlab
