#pragma once

#include <optional>

namespace catlab {

// Sustained device memory bandwidth in bytes per second (bytes read plus bytes written), measured
// with a streaming copy kernel over 2 x 1 GiB timed with CUDA events, median of 7 repeats; nullopt
// when there is no usable CUDA device. The floor of a memory-bound step is its bytes over this.
std::optional<double> measureDeviceBandwidth();

} // namespace catlab
