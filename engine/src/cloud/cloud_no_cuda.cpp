// Built when catlab has no CUDA support: the cuda cloud backend reports why it is missing.
#include "cloud/cloud_backends.hpp"

#include "catlab/error.hpp"

namespace catlab::cloud {
namespace {
const char* const kReason = "this catlab was built without CUDA (configure with CATLAB_CUDA=ON on a machine with nvcc)";
}

std::optional<std::string> cudaCloudUnavailable() { return std::string(kReason); }

std::unique_ptr<CloudSimulation> makeCudaCloudSimulation(CloudSize, const CloudParams&) { throw Error(kReason); }

void blendDensityOnDevice(const std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t, int) {
    throw Error(kReason);
}

} // namespace catlab::cloud
