#pragma once
// What every boxsum step kernel receives, and how blocks map onto the grid.
#include "bit_planes.cuh"
#include "bitsliced.cuh"

namespace catlab::cuda {

// How a bit-sliced kernel tests its counts: any sets (their thresholds in a loop), one interval each (four
// thresholds by their masks), or at most two thresholds between the two intervals (a shared start, an end
// past the largest count), each tested once.
enum class CountTests { Sets, Intervals, TwoThresholds };

// The rule as sets of whole-neighbourhood counts (centre included, as catlab::Transition counts).
struct CountRule {
    bitsliced::Thresholds birth, survival;
    int states;
    // When each set is one interval (simple), its threshold masks: bit-sliced kernels test a plane per
    // threshold with one logic operation reading the masks from the kernel parameters.
    bool simple;
    bitsliced::IntervalMasks birthMasks, survivalMasks;
    // When the two intervals have at most two thresholds t0 < t1 between them: their masks (lo: t0, end:
    // t1) and, for each set, all ones where it has t0 (uses[0]) or t1 (uses[1]) among its thresholds.
    bool twoThresholds;
    bitsliced::IntervalMasks thresholdPair;
    unsigned bornUses[2], keptUses[2];
};

// Both sets at most one interval.
CATLAB_HD bool simpleSets(const CountRule& r) { return r.birth.count <= 2 && r.survival.count <= 2; }
// A simple set's first count (0 for the empty set).
CATLAB_HD int firstThreshold(const bitsliced::Thresholds& t) { return t.count >= 1 ? t.value[0] : 0; }

// The two count tests of 32 cells (bit-sliced counts).
template <bool Simple, int N>
CATLAB_HD void testCounts(const unsigned (&count)[N], const CountRule& rule, unsigned& born, unsigned& kept) {
    if constexpr (Simple) {
        born = bitsliced::inInterval(count, rule.birthMasks);
        kept = bitsliced::inInterval(count, rule.survivalMasks);
    } else {
        born = bitsliced::inSet(count, rule.birth);
        kept = bitsliced::inSet(count, rule.survival);
    }
}

// The same by the rule's CountTests.
template <CountTests Tests, int N>
CATLAB_HD void testCountsBy(const unsigned (&count)[N], const CountRule& rule, unsigned& born, unsigned& kept) {
    if constexpr (Tests == CountTests::TwoThresholds) {
        // A set is past an odd number of its thresholds: the xor of the two tests it uses.
        const unsigned first = bitsliced::atLeast(count, rule.thresholdPair.lo);
        const unsigned second = bitsliced::atLeast(count, rule.thresholdPair.end);
        born = (first & rule.bornUses[0]) ^ (second & rule.bornUses[1]);
        kept = (first & rule.keptUses[0]) ^ (second & rule.keptUses[1]);
    } else {
        testCounts<Tests == CountTests::Intervals>(count, rule, born, kept);
    }
}

// Whether one integer count lies in a set: past an odd number of its thresholds.
CATLAB_HD unsigned inThresholds(const bitsliced::Thresholds& t, int count) {
    unsigned in = 0;
    for (int k = 0; k < t.count; ++k) in ^= unsigned(count >= t.value[k]);
    return in;
}

// The mid kernels' block of output words split among its walking warps as evenly as they go: `count`
// segments, the first `longer` of `words` words, the rest of one fewer. Warp w issues on scheduler w % 4 of
// its multiprocessor, so the longer segments, consecutive warps, spread over the schedulers (105 words in 16
// warps: 27 words on one scheduler, 26 on the others, where a last segment of fewer words would leave 28 on
// three).
struct MidSegments {
    int count, words, longer;
};
CATLAB_HD MidSegments midSegments(int blockWords, int count) {
    const int words = (blockWords + count - 1) / count;
    return {count, words, blockWords - count * (words - 1)};
}
// The block word segment s starts from (s >= count: past the block's words).
CATLAB_HD int midSegmentFirst(const MidSegments& s, int segment) {
    return segment * (s.words - 1) + (segment < s.longer ? segment : s.longer);
}

// Blocks cover `columnBlocks` groups of words across each row times strips of `stripRows` rows from
// rowBegin to rowEnd (the whole torus, or a range of it); block b is column group b % columnBlocks of
// strip b / columnBlocks (a 1D launch: any number of rows).
struct StepArgs {
    BitGrid in, out;
    CountRule rule;
    int radius;
    int columnBlocks;
    int rowBegin, rowEnd;
    int stripRows;
    int blockWords;       // output words per block
    int spanHalo;         // words read on each side of a block's output words (mid kernels, von Neumann, lines)
    int chunkRows;        // rows per shared-memory pass (mid kernels)
    MidSegments segments; // mid kernels: a block's output words, a warp walking each segment
    int countSlots;       // relative column sums: word slots of cell counts a segment
};

CATLAB_HD int wrapRow(long long y, int height) {
    const long long m = y % height;
    return int(m < 0 ? m + height : m);
}

// The row below `row` on a torus of `height` rows (0 <= row < height).
CATLAB_HD int nextRow(int row, int height) { return row + 1 == height ? 0 : row + 1; }

} // namespace catlab::cuda
