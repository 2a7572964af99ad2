#pragma once
// Bit-sliced counts of a row segment: lane i of the result is the number of live cells among columns
// 32w + i - r .. 32w + i + r of one row, less the columns at the skipped offsets (shapes whose other
// lines already count those cells). The line kernels (boxsum_lines.cuh) take their row arms from here.
#include "bitsliced.cuh"

namespace catlab::cuda {

// An offset no row segment reaches: nothing skipped.
inline constexpr int kNoSkip = 1 << 20;

// Lane i: column 32w + i + offset of a row, from `word(q)` = word w + q of that row.
template <class Word>
CATLAB_HD unsigned shiftedCells(const Word& word, int offset) {
    const int q = offset >> 5; // floor division, also for negative offsets
    const unsigned s = unsigned(offset & 31);
    const unsigned lo = word(q);
    return s == 0 ? lo : intrinsics::funnelRight(lo, word(q + 1), s);
}

// Radius r <= Reach <= 16: a carry-save tree over the 2 Reach + 1 shifted words (offsets beyond r and
// the skipped ones enter as zeros).
template <int Reach, int SkipA, int SkipB, int Planes>
CATLAB_HD void narrowRowSum(unsigned left, unsigned centre, unsigned right, int r, unsigned (&sum)[Planes]) {
    static_assert(Reach <= 16 && bitsliced::planesFor(2 * Reach + 1) <= Planes);
    unsigned shifted[2 * Reach + 1];
    CATLAB_UNROLL
    for (int d = -Reach; d <= Reach; ++d) {
        const unsigned cells = d == 0  ? centre
                               : d > 0 ? intrinsics::funnelRight(centre, right, unsigned(d))
                                       : intrinsics::funnelLeft(left, centre, unsigned(-d));
        const bool counted = d != SkipA && d != SkipB && d <= r && -d <= r;
        shifted[Reach + d] = counted ? cells : 0u;
    }
    unsigned counts[bitsliced::planesFor(2 * Reach + 1)];
    bitsliced::countOnes(shifted, counts);
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k) sum[k] = k < bitsliced::planesFor(2 * Reach + 1) ? counts[k] : 0u;
}

// Live cells among columns lo..hi (relative to the word's first column, lo <= hi): one integer, the
// same for every lane.
template <class Word>
CATLAB_HD int cellsBetween(const Word& word, int lo, int hi) {
    const int qlo = lo >> 5, qhi = hi >> 5;
    const unsigned upTo = (2u << (hi & 31)) - 1u; // bits 0..hi%32 (all 32 when hi%32 == 31)
    const unsigned from = ~0u << (lo & 31);
    if (qlo == qhi) return intrinsics::popcount(word(qlo) & from & upTo);
    int n = intrinsics::popcount(word(qlo) & from) + intrinsics::popcount(word(qhi) & upTo);
    for (int q = qlo + 1; q < qhi; ++q) n += intrinsics::popcount(word(q));
    return n;
}

// Radius r >= 16, any width: columns 31 - r .. r lie in every lane's segment (one popcount sum for all
// lanes); lane i adds the 31 - i columns left of them (offsets i - r .. 30 - r) and the i columns right
// of them (r + 1 .. r + i), two staircases of masked bits summed by one carry-save tree. O(r / 32) word
// operations per word instead of O(r).
template <int Planes, class Word>
CATLAB_HD void wideRowSum(const Word& word, int r, unsigned (&sum)[Planes]) {
    static_assert(Planes >= 6);
    const unsigned left = shiftedCells(word, -r), right = shiftedCells(word, r + 1);
    unsigned stairs[62];
    CATLAB_UNROLL
    for (int j = 0; j < 31; ++j) { // column j - r counts in lanes 0..j
        stairs[j] = (0u - ((left >> j) & 1u)) & (~0u >> (31 - j));
        stairs[31 + j] = (0u - ((right >> j) & 1u)) & (~0u << (j + 1)); // column r + 1 + j in lanes j + 1..31
    }
    unsigned edges[6];
    bitsliced::countOnes(stairs, edges);
    const unsigned middle = unsigned(cellsBetween(word, 31 - r, r));
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k) sum[k] = 0u - ((middle >> k) & 1u);
    bitsliced::add(sum, edges);
}

// The segment of the row whose word w is row[0], less the offsets SkipA and SkipB (kNoSkip: none);
// Reach > 0: narrowRowSum<Reach> (r <= Reach), 0: wideRowSum.
template <int Reach, int SkipA, int SkipB, int Planes>
CATLAB_HD void rowSegmentSum(const unsigned* row, int r, unsigned (&sum)[Planes]) {
    auto word = [row](int q) { return intrinsics::loadReadOnly(row + q); };
    if constexpr (Reach > 0) {
        narrowRowSum<Reach, SkipA, SkipB>(word(-1), word(0), word(1), r, sum);
    } else {
        wideRowSum(word, r, sum);
        if constexpr (SkipA != kNoSkip) bitsliced::step(sum, 0u, shiftedCells(word, SkipA));
        if constexpr (SkipB != kNoSkip) bitsliced::step(sum, 0u, shiftedCells(word, SkipB));
    }
}

} // namespace catlab::cuda
