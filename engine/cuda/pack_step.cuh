#pragma once
// `pack`'s step of one word, packet coding (Cagigas et al.): 8 one-byte cells in a 64-bit word, the
// neighbourhood count built with byte-lane SWAR arithmetic. Each row's span is cut at the centre column
// into a right part (offsets 0..hi) and a left part (lo..-1):
//   R_d = sum of the live masks of the rows whose span reaches d to the right (column sums, 8-bit lanes),
//   L_d = the same for the rows reaching d to the left,
//   count = sum_{d>=0} R_d shifted left by d + sum_{d>=1} L_d shifted right by d,
// processing d from r down to 0, so any union of row spans holding the centre column (Moore, von
// Neumann, circular, hexagonal) costs 2r+1 row loads and 2r+1 shift-adds per word. For centred spans
// (every shape but the hexagonal) L_d = R_d, kept once. Column sums stay below 256 (r <= 127) and the
// counts are accumulated in 16-bit lanes (at most 255^2). Plain C++ besides the kernel's launch, so
// that the CPU tests run it.
#include "device_intrinsics.cuh"
#include "device_rule.cuh"

#include "catlab/neighbourhood.hpp"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <optional>
#include <vector>

namespace catlab::cuda {

using PackWord = std::uint64_t;
inline constexpr int kMaxPackRadius = 127;

// The rows of the neighbourhood ordered by how far their spans reach, farthest first: to the right
// (and, for centred spans, to the left too), and to the left.
struct PackPlan {
    int radius;
    int rows;
    short rightDy[2 * kMaxPackRadius + 1], rightReach[2 * kMaxPackRadius + 1];
    short leftDy[2 * kMaxPackRadius + 1], leftReach[2 * kMaxPackRadius + 1];
};

// Words of halo on each side of a row, a power of two (one kernel per exponent): 8K >= r.
constexpr int packHaloWordsFor(int radius) {
    const int needed = (radius + 7) / 8;
    int k = 1;
    while (k < needed) k *= 2;
    return k;
}

inline PackPlan packPlanFor(const Rule& rule) {
    PackPlan plan{};
    plan.radius = rule.radius;
    plan.rows = 2 * rule.radius + 1;
    auto byReach = [&](short* dys, short* reaches, auto reach) {
        std::vector<int> rows(std::size_t(plan.rows));
        std::iota(rows.begin(), rows.end(), -rule.radius);
        std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) { return reach(a) > reach(b); });
        for (int i = 0; i < plan.rows; ++i) {
            dys[i] = short(rows[std::size_t(i)]);
            reaches[i] = short(reach(rows[std::size_t(i)]));
        }
    };
    byReach(plan.rightDy, plan.rightReach, [&](int dy) { return rowSpan(rule.neighbourhood, rule.radius, dy).hi; });
    byReach(plan.leftDy, plan.leftReach, [&](int dy) { return -rowSpan(rule.neighbourhood, rule.radius, dy).lo; });
    return plan;
}

// The small kernel's transition (packWordStep's `small`) where it applies: 2 states, counts below 32 and
// one halo word.
inline std::optional<PackWord> packSmallTransition(const Rule& rule) {
    const int maxCount = neighbourhoodCells(rule.neighbourhood, rule.radius);
    if (rule.states != 2 || maxCount >= 32 || packHaloWordsFor(rule.radius) != 1) return std::nullopt;
    int tableWords = 0; // 1: birth word, then survival word
    const std::vector<unsigned> bits = transitionBits(makeDeviceRule(rule), maxCount, tableWords);
    return bits[0] | PackWord(bits[1]) << 32;
}

namespace pack {

inline constexpr PackWord kOnes = 0x0101010101010101ull;
inline constexpr PackWord kLow7 = 0x7F7F7F7F7F7F7F7Full;
inline constexpr PackWord kEvenLanes = 0x00FF00FF00FF00FFull;

// 0x01 in every byte equal to 1 (exact zero-byte test of word ^ 0x01..01, no carries between bytes).
CATLAB_HD PackWord liveMask(PackWord w) {
    const PackWord t = w ^ kOnes;
    const PackWord y = ~(((t & kLow7) + kLow7) | t | kLow7);
    return y >> 7;
}

// Bytes s..s+7 of the 16-byte little-endian pair (lo, hi), 1 <= s <= 7.
CATLAB_HD PackWord funnel(PackWord lo, PackWord hi, int s) { return (lo >> (8 * s)) | (hi << (64 - 8 * s)); }

CATLAB_HD void widenAdd(PackWord bytes, PackWord& even, PackWord& odd) {
    even += bytes & kEvenLanes;
    odd += (bytes >> 8) & kEvenLanes;
}

} // namespace pack

// The next word of the thread's word, row[0] (row: its word of the padded grid; rows pitchWords apart,
// K words of halo either side, 8K >= r). R[k] covers row[k] and L[k] row[k - K]: for centred spans L[K]
// is the same sum as R[0] and is never kept apart. Small: 2 states and counts below 32 (r <= 2 for Moore).
// Cells are then 0 or 1 and are summed as they are; counts fit byte lanes, so no widening; and the
// transition is one 64-bit table (bit c: birth at count c, bit 32 + c: survival) instead of `bits`
// (birth words, then survival words, catlab::Transition's per-count table).
template <int K, bool Small, bool Centred>
CATLAB_HD PackWord packWordStep(const PackWord* row, int pitchWords, const PackPlan& plan, int states,
                                const unsigned* bits, int tableWords, PackWord small) {
    using namespace pack;
    PackWord R[K + 1], L[K + 1];
    CATLAB_UNROLL
    for (int k = 0; k <= K; ++k) R[k] = L[k] = 0;
    auto cells = [](PackWord word) { return Small ? word : liveMask(word); };
    PackWord even = 0, odd = 0; // counts of cells 0,2,4,6 and 1,3,5,7 in 16-bit lanes
    int nextRight = 0, nextLeft = 0;
    CATLAB_UNROLL
    for (int q = K; q >= 0; --q) {
        CATLAB_NO_UNROLL
        for (int s = plan.radius - 8 * q < 7 ? plan.radius - 8 * q : 7; s >= 0; --s) { // d = 8q + s <= r
            const int d = 8 * q + s;
            for (; nextRight < plan.rows && plan.rightReach[nextRight] == d; ++nextRight) {
                const PackWord* r = row + std::ptrdiff_t(plan.rightDy[nextRight]) * pitchWords;
                CATLAB_UNROLL
                for (int k = 0; k <= K; ++k) R[k] += cells(r[k]);
                if constexpr (Centred) {
                    CATLAB_UNROLL
                    for (int k = 0; k < K; ++k) L[k] += cells(r[k - K]);
                }
            }
            if constexpr (!Centred) {
                for (; nextLeft < plan.rows && plan.leftReach[nextLeft] == d; ++nextLeft) {
                    const PackWord* r = row + std::ptrdiff_t(plan.leftDy[nextLeft]) * pitchWords;
                    CATLAB_UNROLL
                    for (int k = 0; k <= K; ++k) L[k] += cells(r[k - K]);
                }
            }
            auto left = [&](int k) { return Centred && k == K ? R[0] : L[k]; };
            // Lane i gets R at offset i + d and (d >= 1) L at i - d; each is widened to 16-bit lanes
            // before adding.
            PackWord right, leftward;
            if (s == 0) {
                right = R[q];
                leftward = q > 0 ? left(K - q) : 0;
            } else {
                right = funnel(R[q], R[q + 1 <= K ? q + 1 : K], s);
                leftward = funnel(left(K - q - 1 >= 0 ? K - q - 1 : 0), left(K - q), 8 - s);
            }
            if constexpr (Small) {
                even += right + leftward; // byte lanes: the counts stay below 32
            } else {
                widenAdd(right, even, odd);
                widenAdd(leftward, even, odd);
            }
        }
    }
    const PackWord centre = row[0];
    PackWord result = 0;
    if constexpr (Small) {
        const PackWord index = even + (centre << 5); // lane i: count + 32 * state, below 64
        CATLAB_UNROLL
        for (int i = 0; i < 8; ++i) result |= ((small >> ((index >> (8 * i)) & 63)) & 1) << (8 * i);
    } else {
        CATLAB_UNROLL
        for (int i = 0; i < 8; ++i) {
            const int count = int((((i & 1) ? odd : even) >> (16 * (i >> 1))) & 0xFFFF);
            result |= PackWord(tableNextCell(bits, bits + tableWords, states, Cell(centre >> (8 * i)), count))
                      << (8 * i);
        }
    }
    return result;
}

} // namespace catlab::cuda
