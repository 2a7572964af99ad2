#pragma once

#include "catlab/error.hpp"
#include "cuda_check.hpp"

#include <algorithm>
#include <string>

namespace catlab::cuda {

// Dynamic shared memory of the general (any radius) tile kernels of shared, coarse and mcell: the tables
// of the neighbourhood's row (or column) spans, then as many lines (rows or columns) of the halo tile as
// fit. At small radii the whole tile is one band; at large ones the kernel walks it band by band.
struct HaloBand {
    int lines = 0;       // tile lines held at once
    int sharedBytes = 0; // dynamic shared memory per block
};

inline constexpr int kHaloSharedBudget = 96 * 1024;

// `tableBytes`: the span tables; `lineBytes`: one line of the halo tile; `tileLines`: lines in the whole halo
// tile. Raises the kernel's dynamic shared memory limit when the band needs more than the default 48 KB.
template <class Kernel>
HaloBand fitHaloBand(Kernel* kernel, const char* backend, int radius, int tableBytes, int lineBytes, int tileLines) {
    int device = 0, optin = 0;
    CATLAB_CUDA_CHECK(cudaGetDevice(&device));
    CATLAB_CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    const int budget = std::min(optin, kHaloSharedBudget);
    HaloBand band;
    band.lines = std::min(tileLines, (budget - tableBytes) / lineBytes);
    if (band.lines < 1)
        throw Error(std::string(backend) + ": radius " + std::to_string(radius) + " does not fit in shared memory");
    band.sharedBytes = tableBytes + band.lines * lineBytes;
    if (band.sharedBytes > 48 * 1024)
        CATLAB_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, band.sharedBytes));
    return band;
}

} // namespace catlab::cuda
