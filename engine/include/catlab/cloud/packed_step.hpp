#pragma once

// The bit-packed cloud step, one 32-cell word at a time, shared by the CUDA kernels (one thread per word)
// and the host (tests run it over whole volumes against the reference).
//
// Layout: each field (hum, act, cld) is an array of 32-bit words, bit b of word w holding the cell
// x = 32 w + b, rows of `words` words, then y, then z; the three fields follow one another. Bits past nx
// in a row's last word (padding) are always clear, so the x neighbours of the last cells read clear
// cells, as the empty boundary requires, and sides that are not multiples of 32 need no special case.
#include "catlab/cloud/cloud_cells.hpp"
#include "catlab/cloud/cloud_random.hpp"
#include "catlab/cloud/probability_field.hpp"
#include "catlab/cloud/wind_schedule.hpp"
#include "catlab/host_device.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace catlab::cloud::packed {

inline constexpr int kHumField = 0, kActField = 1, kCldField = 2, kFieldCount = 3;

struct PackedDims {
    int nx = 0, ny = 0, nz = 0;
    int words = 0;              // per row
    std::uint32_t lastMask = 0; // the valid bits of a row's last word
    std::size_t fieldWords = 0; // words * ny * nz: the offset from one field to the next

    static PackedDims of(CloudSize s) {
        PackedDims d;
        d.nx = s.nx;
        d.ny = s.ny;
        d.nz = s.nz;
        d.words = (s.nx + 31) / 32;
        d.lastMask = s.nx % 32 == 0 ? ~0u : (1u << (s.nx % 32)) - 1u;
        d.fieldWords = std::size_t(d.words) * std::size_t(s.ny) * std::size_t(s.nz);
        return d;
    }
    CATLAB_HD std::size_t layerWords() const { return std::size_t(words) * std::size_t(ny); }
    CATLAB_HD std::size_t wordIndex(int w, int y, int z) const {
        return (std::size_t(z) * std::size_t(ny) + std::size_t(y)) * std::size_t(words) + std::size_t(w);
    }
    CATLAB_HD std::uint32_t validBits(int w) const { return w + 1 == words ? lastMask : ~0u; }
};

// Which stochastic terms can fire somewhere in a word (a probability code above 0 in one of its cells).
enum ActiveTerm : std::uint8_t { kExtActive = 1, kHumActive = 2, kActActive = 4 };

// The probability codes of every cell (unpacked, x fastest) and the ActiveTerm flags of every word.
struct PackedCodes {
    const ProbabilityCode* ext = nullptr;
    const ProbabilityCode* hum = nullptr;
    const ProbabilityCode* act = nullptr;
    const std::uint8_t* active = nullptr;
};

struct PackedStep {
    PackedDims dims;
    std::uint64_t seed = 0;
    std::uint64_t step = 0;
};

CATLAB_HD int lowestSetBit(std::uint32_t v) {
#if defined(__CUDA_ARCH__)
    return __ffs(int(v)) - 1;
#else
    return __builtin_ctz(v);
#endif
}

// Growth and the stochastic terms for word w of row (y, z): src -> dst.
CATLAB_HD void growWord(const std::uint32_t* __restrict__ src, std::uint32_t* __restrict__ dst,
                        const PackedCodes& codes, const PackedStep& s, int w, int y, int z) {
    const PackedDims& d = s.dims;
    const std::size_t i = d.wordIndex(w, y, z);
    const std::size_t row = std::size_t(d.words), layer = d.layerWords();
    const std::uint32_t* hum = src + kHumField * d.fieldWords;
    const std::uint32_t* act = src + kActField * d.fieldWords;
    const std::uint32_t* cld = src + kCldField * d.fieldWords;

    // f_act: x +-1 and +-2 by shifting in the edge bits of the neighbouring words (bit b is x = 32 w + b,
    // so "<< 1" brings x - 1 to bit b), y +-1, +-2 and z +-1, -2 as whole words; outside is clear.
    const std::uint32_t a = act[i];
    const std::uint32_t before = w > 0 ? act[i - 1] : 0u;
    const std::uint32_t after = w + 1 < d.words ? act[i + 1] : 0u;
    std::uint32_t f =
        (a << 1 | before >> 31) | (a >> 1 | after << 31) | (a << 2 | before >> 30) | (a >> 2 | after << 30);
    if (y >= 1) f |= act[i - row];
    if (y >= 2) f |= act[i - 2 * row];
    if (y + 1 < d.ny) f |= act[i + row];
    if (y + 2 < d.ny) f |= act[i + 2 * row];
    if (z >= 1) f |= act[i - layer];
    if (z >= 2) f |= act[i - 2 * layer];
    if (z + 1 < d.nz) f |= act[i + layer];

    const std::uint32_t h = hum[i], c = cld[i];
    std::uint32_t nextHum = h & ~a;
    std::uint32_t nextCld = c | a;
    std::uint32_t nextAct = ~a & h & f; // clear in the padding, as h is

    // Draws only where a term can change a bit: extinction for cloud cells, supply for cells without it.
    const std::uint32_t valid = d.validBits(w);
    const std::uint8_t terms = codes.active[i];
    const std::uint32_t needExt = (terms & kExtActive) ? nextCld : 0u;
    const std::uint32_t needHum = (terms & kHumActive) ? ~nextHum & valid : 0u;
    const std::uint32_t needAct = (terms & kActActive) ? ~nextAct & valid : 0u;
    const std::uint32_t need = needExt | needHum | needAct;
    const std::size_t firstCell =
        (std::size_t(z) * std::size_t(d.ny) + std::size_t(y)) * std::size_t(d.nx) + 32 * std::size_t(w);
    const auto draw = [&](const CloudDraws& r, int b) {
        const std::uint32_t m = 1u << b;
        if (!(need & m)) return;
        const std::size_t cell = firstCell + std::size_t(b);
        if ((needExt & m) && eventHappens(codes.ext[cell], r.ext)) nextCld &= ~m;
        if ((needHum & m) && eventHappens(codes.hum[cell], r.hum)) nextHum |= m;
        if ((needAct & m) && eventHappens(codes.act[cell], r.act)) nextAct |= m;
    };
    std::uint32_t pending = need;
    while (pending) {
        const int pair = lowestSetBit(pending) & ~1; // one Philox block serves cells pair and pair + 1
        pending &= ~(3u << pair);
        const Philox4 block =
            cloudPairBlock(s.seed, s.step, std::uint32_t(32 * w + pair), std::uint32_t(y), std::uint32_t(z));
        // Constant halves of the block (x = 32 w + pair is even), so the block stays in registers.
        draw(cloudDrawsFromBlock(block, 0), pair);
        draw(cloudDrawsFromBlock(block, 1), pair + 1);
    }
    dst[kHumField * d.fieldWords + i] = nextHum;
    dst[kActField * d.fieldWords + i] = nextAct;
    dst[kCldField * d.fieldWords + i] = nextCld;
}

// Wind for word w of row (y, z): dst cell x takes src cell (x - dx, y - dy) of its layer, clear from outside.
CATLAB_HD void blowWord(const std::uint32_t* __restrict__ src, std::uint32_t* __restrict__ dst, int dx, int dy,
                        const PackedDims& d, int w, int y, int z) {
    const std::size_t i = d.wordIndex(w, y, z);
    const long long fromY = (long long)y - dy;
    if (fromY < 0 || fromY >= d.ny) {
        for (int field = 0; field < kFieldCount; ++field) dst[field * d.fieldWords + i] = 0u;
        return;
    }
    const long long start = 32LL * w - dx; // the source x of bit 0
    const long long lowWord = start >> 5;  // floor division
    const int offset = int(start & 31);
    const std::uint32_t valid = d.validBits(w);
    const std::size_t fromRow = d.wordIndex(0, int(fromY), z);
    for (int field = 0; field < kFieldCount; ++field) {
        const std::uint32_t* s = src + field * d.fieldWords + fromRow;
        const std::uint32_t low = lowWord >= 0 && lowWord < d.words ? s[lowWord] : 0u;
        std::uint32_t word = low;
        if (offset != 0) {
            const std::uint32_t high = lowWord + 1 >= 0 && lowWord + 1 < d.words ? s[lowWord + 1] : 0u;
            word = low >> offset | high << (32 - offset);
        }
        dst[field * d.fieldWords + i] = word & valid;
    }
}

// Host conversions between CloudCells and the packed fields.
std::vector<std::uint32_t> packCells(const CloudCells& cells);
void unpackCells(std::span<const std::uint32_t> words, CloudCells& cells);
// The ActiveTerm flags of every word.
std::vector<std::uint8_t> activeTerms(const ProbabilityField& field);

} // namespace catlab::cloud::packed
