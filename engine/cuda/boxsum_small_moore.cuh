#pragma once
// Moore neighbourhoods of radius R <= 16, bit-sliced. A thread owns one 32-cell word column and walks
// down a strip of rows. Per row it counts the live cells of each column's horizontal window of 2R+1
// cells (R <= 16: the word and its two neighbours) with a carry-save adder tree over the 2R+1 shifted
// words, giving the window sums as bit planes. The vertical running sum of those planes (plus the
// entering row, minus the row 2R+1 back, kept in a ring in shared memory) is the count of every cell,
// so a cell costs O(1) word operations / 32; the birth and survival sets are tested on the planes.
#include "boxsum_step.cuh"

namespace catlab::cuda {

template <int R>
struct SmallMooreShape {
    static constexpr int window = 2 * R + 1;
    static constexpr int rowPlanes = bitsliced::planesFor(window);
    static constexpr int countPlanes = bitsliced::planesFor(window * window);
    // Shared memory per thread: the window sums of the last 2R+1 rows.
    static constexpr int ringWords = window * rowPlanes;
};

// The words a row's window sums read: word w and its two neighbours.
struct RowWords {
    unsigned left, centre, right;
};

CATLAB_HD RowWords loadRowWords(const BitGrid& g, int y, int w) {
    const unsigned* row = g.alive + g.rowOffset(y) + w;
    return {intrinsics::loadReadOnly(row - 1), intrinsics::loadReadOnly(row), intrinsics::loadReadOnly(row + 1)};
}

// Lane i: column i + d of the middle word, -32 < d < 32.
CATLAB_HD unsigned cellsAt(const RowWords& words, int d) {
    return d == 0  ? words.centre
           : d > 0 ? intrinsics::funnelRight(words.centre, words.right, unsigned(d))
                   : intrinsics::funnelLeft(words.left, words.centre, unsigned(-d));
}

// Window sums of the 32 columns of the middle word.
template <int R>
CATLAB_HD void rowWindowSums(const RowWords& words, unsigned (&sums)[SmallMooreShape<R>::rowPlanes]) {
    unsigned shifted[2 * R + 1]; // lane i of shifted[R + d] is column i + d of the middle word
    CATLAB_UNROLL
    for (int d = -R; d <= R; ++d) shifted[R + d] = cellsAt(words, d);
    bitsliced::countOnes(shifted, sums);
}

// One thread: word column tid of the block's column group, rows of the block's strip. Each row's words
// are loaded one row ahead, so their latency overlaps the previous row's arithmetic.
template <int R, bool Simple>
CATLAB_HD void smallMooreBody(const StepArgs& a, unsigned* ring, int tid, int threads, long long block) {
    using Shape = SmallMooreShape<R>;
    constexpr int RP = Shape::rowPlanes, CP = Shape::countPlanes;
    const int w = int(block % a.columnBlocks) * threads + tid;
    if (w >= a.in.words) return;
    const int height = a.in.height;
    const long long y0 = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const int y1 = int(y0 + a.stripRows < a.rowEnd ? y0 + a.stripRows : a.rowEnd);
    // ring[(slot * RP + plane) * threads + tid]: consecutive threads hit consecutive banks.
    auto ringWord = [&](int slot, int plane) -> unsigned& {
        return ring[(std::size_t(slot) * RP + std::size_t(plane)) * std::size_t(threads) + std::size_t(tid)];
    };
    auto next = [height](int row) { return row + 1 == height ? 0 : row + 1; };

    unsigned count[CP] = {};
    int row = wrapRow(y0 - R, height);
    RowWords words = loadRowWords(a.in, row, w);
    int slot = 0;
    for (int j = 0; j < 2 * R; ++j) { // rows y0 - R .. y0 + R - 1
        const RowWords current = words;
        row = next(row);
        words = loadRowWords(a.in, row, w);
        unsigned sums[RP];
        rowWindowSums<R>(current, sums);
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) ringWord(slot, p) = sums[p];
        bitsliced::add(count, sums);
        ++slot;
    }
    unsigned alive = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(int(y0)) + w);
    for (int y = int(y0); y < y1; ++y) {
        const RowWords current = words; // row y + R enters
        const unsigned centre = alive;
        row = next(row);
        words = loadRowWords(a.in, row, w);
        alive = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(next(y)) + w);
        unsigned sums[RP];
        rowWindowSums<R>(current, sums);
        bitsliced::add(count, sums);
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) ringWord(slot, p) = sums[p];
        slot = slot + 1 == Shape::window ? 0 : slot + 1;
        unsigned born, kept;
        testCounts<Simple>(count, a.rule, born, kept);
        writeNextWord(a.in, a.out, y, w, born, kept, a.rule.states, centre);
        unsigned leaving[RP]; // row y - R, the oldest in the ring
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) leaving[p] = ringWord(slot, p);
        bitsliced::subtract(count, leaving);
    }
}

} // namespace catlab::cuda
