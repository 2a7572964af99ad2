// Built when catlab has no CUDA support: device work is refused with the reason.
#include "cloud/cloud_backends.hpp"

#include "catlab/error.hpp"

namespace catlab::cloud {
namespace {
const char* const kReason = "this catlab was built without CUDA (configure with CATLAB_CUDA=ON on a machine with nvcc)";
}

void blendDensityOnDevice(const std::uint8_t*, const std::uint8_t*, std::uint8_t*, std::size_t, int) {
    throw Error(kReason);
}

} // namespace catlab::cloud
