#pragma once

#include "catlab/cloud/cloud_cells.hpp"

#include <cstdint>
#include <span>
#include <string>

namespace catlab::cloud {

// MagicaVoxel .vox (version 150): one model whose voxels are the cloud cells, z up. The format holds
// at most 256 cells per side. Throws catlab::Error when the volume is too large or the file cannot be
// written. Both writers write atomically (AtomicFile): a failure leaves the old file as it was.
inline constexpr int kMaxVoxSide = 256;
void writeVox(const std::string& path, const CloudCells& cells);

// Raw bytes (e.g. a density volume), exactly as given. Throws catlab::Error when the file cannot be written.
void writeRaw(const std::string& path, std::span<const std::uint8_t> bytes);

} // namespace catlab::cloud
