#pragma once

// The implementations behind makeCloudSimulation().
#include "catlab/cloud/cloud_simulation.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace catlab::cloud {

std::unique_ptr<CloudSimulation> makeCpuCloudSimulation(CloudSize size, const CloudParams& params);

// In engine/cuda/ with CUDA, in cloud_no_cuda.cpp without.
std::optional<std::string> cudaCloudUnavailable();
std::unique_ptr<CloudSimulation> makeCudaCloudSimulation(CloudSize size, const CloudParams& params);
void blendDensityOnDevice(const std::uint8_t* from, const std::uint8_t* to, std::uint8_t* out, std::size_t count,
                          int weight256);

} // namespace catlab::cloud
