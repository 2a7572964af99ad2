#pragma once

// Device work of the cloud automaton that host code asks for.
#include "catlab/cloud/cloud_simulation.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace catlab::cloud {

// The blend of two density snapshots, weight256 / 256 of the way from `from` to `to`, in device memory.
// In engine/cuda/ with CUDA, in cloud_no_cuda.cpp without (refused).
void blendDensityOnDevice(const std::uint8_t* from, const std::uint8_t* to, std::uint8_t* out, std::size_t count,
                          int weight256);

} // namespace catlab::cloud
