#pragma once
// Launch grids of tiles for grids taller than gridDim.y allows (65535 blocks): the rows of tiles are
// spread over gridDim.y and gridDim.z, and a kernel finds its tile row with tileRow(). A launch may hold
// a few tile rows past the last; their blocks return at once (whole blocks, before any barrier).
#include "device_buffer.hpp"

#include <cuda_runtime.h>

namespace catlab::cuda {

inline constexpr unsigned kMaxGridY = 65535;

inline dim3 tileGrid(unsigned tilesX, unsigned tilesY) {
    const unsigned layers = (tilesY + kMaxGridY - 1) / kMaxGridY;
    return dim3(tilesX, (tilesY + layers - 1) / layers, layers);
}

// Tiles `threads` cells high over `rows` rows.
inline dim3 tileGridForRows(unsigned tilesX, std::size_t rows, unsigned tileHeight) {
    return tileGrid(tilesX, blocksFor(rows, tileHeight));
}

__device__ __forceinline__ int tileRow() { return int(blockIdx.z * gridDim.y + blockIdx.y); }

} // namespace catlab::cuda
