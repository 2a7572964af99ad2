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

// Window sums of the 32 columns of word w in row y.
template <int R>
CATLAB_HD void rowWindowSums(const BitGrid& g, int y, int w, unsigned (&sums)[SmallMooreShape<R>::rowPlanes]) {
    const unsigned* row = g.alive + g.rowOffset(y) + w;
    const unsigned left = intrinsics::loadReadOnly(row - 1);
    const unsigned centre = intrinsics::loadReadOnly(row);
    const unsigned right = intrinsics::loadReadOnly(row + 1);
    unsigned shifted[2 * R + 1]; // lane i of shifted[R + d] is column 32w + i + d
    CATLAB_UNROLL
    for (int d = -R; d <= R; ++d)
        shifted[R + d] = d == 0  ? centre
                         : d > 0 ? intrinsics::funnelRight(centre, right, unsigned(d))
                                 : intrinsics::funnelLeft(left, centre, unsigned(-d));
    bitsliced::countOnes(shifted, sums);
}

// One thread: word column tid of the block's column group, rows of the block's strip.
template <int R>
CATLAB_HD void smallMooreBody(const StepArgs& a, unsigned* ring, int tid, int threads, long long block) {
    using Shape = SmallMooreShape<R>;
    constexpr int RP = Shape::rowPlanes, CP = Shape::countPlanes;
    const int w = int(block % a.columnBlocks) * threads + tid;
    if (w >= a.in.words) return;
    const int height = a.in.height;
    const long long y0 = (block / a.columnBlocks) * a.stripRows;
    const int y1 = int(y0 + a.stripRows < height ? y0 + a.stripRows : height);
    // ring[(slot * RP + plane) * threads + tid]: consecutive threads hit consecutive banks.
    auto ringWord = [&](int slot, int plane) -> unsigned& {
        return ring[(std::size_t(slot) * RP + std::size_t(plane)) * std::size_t(threads) + std::size_t(tid)];
    };

    unsigned count[CP] = {};
    int row = wrapRow(y0 - R, height);
    int slot = 0;
    for (int j = 0; j < 2 * R; ++j) { // rows y0 - R .. y0 + R - 1
        unsigned sums[RP];
        rowWindowSums<R>(a.in, row, w, sums);
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) ringWord(slot, p) = sums[p];
        bitsliced::add(count, sums);
        ++slot;
        row = row + 1 == height ? 0 : row + 1;
    }
    for (int y = int(y0); y < y1; ++y) {
        unsigned sums[RP]; // row y + R enters
        rowWindowSums<R>(a.in, row, w, sums);
        bitsliced::add(count, sums);
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) ringWord(slot, p) = sums[p];
        slot = slot + 1 == Shape::window ? 0 : slot + 1;
        const unsigned born = bitsliced::inSet(count, a.rule.birth);
        const unsigned kept = bitsliced::inSet(count, a.rule.survival);
        writeNextWord(a.in, a.out, y, w, born, kept, a.rule.states);
        unsigned leaving[RP]; // row y - R, the oldest in the ring
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) leaving[p] = ringWord(slot, p);
        bitsliced::subtract(count, leaving);
        row = row + 1 == height ? 0 : row + 1;
    }
}

} // namespace catlab::cuda
