#pragma once
// Bit-sliced counts of a row segment: lane i of the result is the number of live cells among columns
// 32w + i + lo .. 32w + i + hi of one row (lo = -r, hi = r for the centred row of the cross, the star and
// the hash; lo = -r, hi = 0 for the tripod's left arm), less the columns at the skipped offsets (shapes
// whose other lines already count those cells). The line kernels (boxsum_lines.cuh) take their row arms
// from here.
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

// -Reach <= lo <= hi <= Reach <= 16: a carry-save tree over the 2 Reach + 1 shifted words (offsets outside
// lo..hi and the skipped ones enter as zeros).
template <int Reach, int SkipA, int SkipB, int Planes>
CATLAB_HD void narrowRowSum(unsigned left, unsigned centre, unsigned right, int lo, int hi, unsigned (&sum)[Planes]) {
    static_assert(Reach <= 16 && bitsliced::planesFor(2 * Reach + 1) <= Planes);
    unsigned shifted[2 * Reach + 1];
    CATLAB_UNROLL
    for (int d = -Reach; d <= Reach; ++d) {
        const unsigned cells = d == 0  ? centre
                               : d > 0 ? intrinsics::funnelRight(centre, right, unsigned(d))
                                       : intrinsics::funnelLeft(left, centre, unsigned(-d));
        const bool counted = d != SkipA && d != SkipB && d >= lo && d <= hi;
        shifted[Reach + d] = counted ? cells : 0u;
    }
    unsigned counts[bitsliced::planesFor(2 * Reach + 1)];
    bitsliced::countOnes(shifted, counts);
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k) sum[k] = k < bitsliced::planesFor(2 * Reach + 1) ? counts[k] : 0u;
}

// A word's bits of columns lo%32..31 and 0..hi%32 (all 32 when hi%32 == 31).
CATLAB_HD unsigned bitsFrom(int lo) { return ~0u << (lo & 31); }
CATLAB_HD unsigned bitsUpTo(int hi) { return (2u << (hi & 31)) - 1u; }

// Live cells among columns lo..hi (relative to the word's first column, lo <= hi): one integer, the
// same for every lane.
template <class Word>
CATLAB_HD int cellsBetween(const Word& word, int lo, int hi) {
    const int qlo = lo >> 5, qhi = hi >> 5;
    const unsigned upTo = bitsUpTo(hi), from = bitsFrom(lo);
    if (qlo == qhi) return intrinsics::popcount(word(qlo) & from & upTo);
    int n = intrinsics::popcount(word(qlo) & from) + intrinsics::popcount(word(qhi) & upTo);
    for (int q = qlo + 1; q < qhi; ++q) n += intrinsics::popcount(word(q));
    return n;
}

// Any segment (the line kernels take it from r = 16): lane i counts first + (e - l)(0) + ... + (e - l)(i - 1),
// where `first` is lane 0's segment (columns lo..hi, one popcount sum for all lanes) and e(k), l(k) the
// columns hi + 1 + k and lo + k that the segment gains and loses sliding from lane k to k + 1. The prefix
// sums of e - l across the lanes, in [-31, 31], are a bit-sliced scan in two's complement: five shifted
// adds of 3 to 7 planes. O((hi - lo) / 32) word operations per word instead of O(hi - lo).
template <int Planes, class Word>
CATLAB_HD void wideRowSum(const Word& word, int lo, int hi, unsigned (&sum)[Planes]) {
    static_assert(Planes >= 6);
    // Lane i holds e(i - 1) - l(i - 1) (lane 0 nothing): planes 0 and 1 of a 2-bit two's complement.
    const unsigned e = shiftedCells(word, hi + 1) << 1, l = shiftedCells(word, lo) << 1;
    unsigned d[7] = {e ^ l, l & ~e};
    CATLAB_UNROLL
    for (int j = 0; j < 5; ++j) { // d += d shifted up by 2^j lanes, one plane wider
        const int width = 3 + j;
        d[width - 1] = d[width - 2]; // sign extension
        unsigned carry = 0u;
        CATLAB_UNROLL
        for (int k = 0; k < width; ++k) {
            const unsigned a = d[k], b = d[k] << (1 << j), t = a ^ b;
            d[k] = t ^ carry;
            carry = (a & b) | (carry & t);
        }
    }
    // sum = first + d, modulo 2^Planes: every lane's count is below it.
    const unsigned first = unsigned(cellsBetween(word, lo, hi));
    unsigned carry = 0u;
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k) {
        const unsigned a = 0u - ((first >> k) & 1u), b = d[k < 7 ? k : 6], t = a ^ b;
        sum[k] = t ^ carry;
        carry = (a & b) | (carry & t);
    }
}

// The segment lo..hi of the row whose word w is row[0], less the offsets SkipA and SkipB (kNoSkip: none);
// Reach > 0: narrowRowSum<Reach> (-Reach <= lo, hi <= Reach), 0: wideRowSum.
template <int Reach, int SkipA, int SkipB, int Planes>
CATLAB_HD void rowSegmentSum(const unsigned* row, int lo, int hi, unsigned (&sum)[Planes]) {
    auto word = [row](int q) { return intrinsics::loadReadOnly(row + q); };
    if constexpr (Reach > 0) {
        narrowRowSum<Reach, SkipA, SkipB>(word(-1), word(0), word(1), lo, hi, sum);
    } else {
        wideRowSum(word, lo, hi, sum);
        if constexpr (SkipA != kNoSkip) bitsliced::step(sum, 0u, shiftedCells(word, SkipA));
        if constexpr (SkipB != kNoSkip) bitsliced::step(sum, 0u, shiftedCells(word, SkipB));
    }
}

} // namespace catlab::cuda
