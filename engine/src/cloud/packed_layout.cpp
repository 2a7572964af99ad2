#include "catlab/cloud/packed_density.hpp"
#include "catlab/cloud/packed_step.hpp"

#include "catlab/error.hpp"

namespace catlab::cloud::packed {

std::vector<std::uint32_t> packCells(const CloudCells& cells) {
    const CloudSize s = cells.size();
    const PackedDims d = PackedDims::of(s);
    std::vector<std::uint32_t> words(kFieldCount * d.fieldWords, 0u);
    for (int z = 0; z < s.nz; ++z)
        for (int y = 0; y < s.ny; ++y)
            for (int x = 0; x < s.nx; ++x) {
                const std::uint8_t b = cells.at(x, y, z);
                const std::size_t i = d.wordIndex(x >> 5, y, z);
                const std::uint32_t bit = 1u << (x & 31);
                if (b & kHum) words[kHumField * d.fieldWords + i] |= bit;
                if (b & kAct) words[kActField * d.fieldWords + i] |= bit;
                if (b & kCld) words[kCldField * d.fieldWords + i] |= bit;
            }
    return words;
}

void unpackCells(std::span<const std::uint32_t> words, CloudCells& cells) {
    const CloudSize s = cells.size();
    const PackedDims d = PackedDims::of(s);
    if (words.size() != kFieldCount * d.fieldWords) throw Error("packed cloud fields have the wrong size");
    for (int z = 0; z < s.nz; ++z)
        for (int y = 0; y < s.ny; ++y)
            for (int x = 0; x < s.nx; ++x) {
                const std::size_t i = d.wordIndex(x >> 5, y, z);
                const auto on = [&](int field) { return (words[field * d.fieldWords + i] >> (x & 31)) & 1u; };
                cells.at(x, y, z) =
                    std::uint8_t((on(kHumField) ? kHum : 0) | (on(kActField) ? kAct : 0) | (on(kCldField) ? kCld : 0));
            }
}

std::vector<std::uint8_t> activeTerms(const ProbabilityField& field) {
    const CloudSize s = field.size;
    const PackedDims d = PackedDims::of(s);
    std::vector<std::uint8_t> active(d.fieldWords, 0);
    std::size_t cell = 0;
    for (int z = 0; z < s.nz; ++z)
        for (int y = 0; y < s.ny; ++y)
            for (int x = 0; x < s.nx; ++x, ++cell) {
                std::uint8_t& a = active[d.wordIndex(x >> 5, y, z)];
                if (field.ext[cell]) a |= kExtActive;
                if (field.hum[cell]) a |= kHumActive;
                if (field.act[cell]) a |= kActActive;
            }
    return active;
}

std::vector<std::uint8_t> packedDensity(const std::vector<std::uint32_t>& words, CloudSize size, int radius) {
    checkDensityRadius(radius);
    const PackedDims d = PackedDims::of(size);
    if (words.size() != kFieldCount * d.fieldWords) throw Error("packed cloud fields have the wrong size");
    const FilterWeights k = filterWeights(radius);
    const std::size_t cells = std::size_t(size.cellCount());
    std::vector<std::uint8_t> alongX(cells), density(cells);
    std::vector<std::uint16_t> alongXY(cells);
    const std::uint32_t* cld = words.data() + kCldField * d.fieldWords;
    for (int z = 0; z < d.nz; ++z)
        for (int y = 0; y < d.ny; ++y)
            for (int x = 0; x < d.nx; ++x) alongX[cellIndex(d, x, y, z)] = sumAlongX(cld, d, k, x, y, z);
    for (int z = 0; z < d.nz; ++z)
        for (int y = 0; y < d.ny; ++y)
            for (int x = 0; x < d.nx; ++x) alongXY[cellIndex(d, x, y, z)] = sumAlongY(alongX.data(), d, k, x, y, z);
    for (int z = 0; z < d.nz; ++z)
        for (int y = 0; y < d.ny; ++y)
            for (int x = 0; x < d.nx; ++x)
                density[cellIndex(d, x, y, z)] = densityAlongZ(alongXY.data(), d, k, x, y, z);
    return density;
}

} // namespace catlab::cloud::packed
