#include "catlab/cloud/cloud_volume_io.hpp"

#include "catlab/atomic_file.hpp"
#include "catlab/error.hpp"

#include <vector>

namespace catlab::cloud {
namespace {

void putInt(std::vector<char>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(char((v >> (8 * i)) & 0xFFu));
}

void putChunkHeader(std::vector<char>& out, const char* id, std::uint32_t contentBytes, std::uint32_t childBytes) {
    out.insert(out.end(), id, id + 4);
    putInt(out, contentBytes);
    putInt(out, childBytes);
}

} // namespace

void writeVox(const std::string& path, const CloudCells& cells) {
    const CloudSize s = cells.size();
    if (s.nx > kMaxVoxSide || s.ny > kMaxVoxSide || s.nz > kMaxVoxSide)
        throw Error("cannot write " + sizeText(s) + " as .vox: MagicaVoxel models hold at most " +
                    std::to_string(kMaxVoxSide) + " cells per side (write .raw instead)");
    std::vector<char> voxels;
    std::uint32_t count = 0;
    for (int z = 0; z < s.nz; ++z)
        for (int y = 0; y < s.ny; ++y)
            for (int x = 0; x < s.nx; ++x)
                if (cells.has(x, y, z, kCld)) {
                    voxels.insert(voxels.end(), {char(x), char(y), char(z), char(1)}); // palette entry 1: white
                    ++count;
                }
    std::vector<char> out{'V', 'O', 'X', ' '};
    putInt(out, 150);
    const std::uint32_t sizeChunk = 12 + 12;
    const std::uint32_t xyziChunk = 12 + 4 + std::uint32_t(voxels.size());
    putChunkHeader(out, "MAIN", 0, sizeChunk + xyziChunk);
    putChunkHeader(out, "SIZE", 12, 0);
    putInt(out, std::uint32_t(s.nx));
    putInt(out, std::uint32_t(s.ny));
    putInt(out, std::uint32_t(s.nz));
    putChunkHeader(out, "XYZI", 4 + std::uint32_t(voxels.size()), 0);
    putInt(out, count);
    out.insert(out.end(), voxels.begin(), voxels.end());
    writeFileAtomically(path, out.data(), out.size());
}

void writeRaw(const std::string& path, std::span<const std::uint8_t> bytes) {
    writeFileAtomically(path, bytes.data(), bytes.size());
}

} // namespace catlab::cloud
