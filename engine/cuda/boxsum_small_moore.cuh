#pragma once
// Moore neighbourhoods of radius R <= 16, bit-sliced. A thread owns one 32-cell word column and walks
// down a strip of rows. Per row it counts the live cells of each column's horizontal window of 2R+1
// cells (R <= 16: the word and its two neighbours) with a carry-save adder tree over the 2R+1 shifted
// words, giving the window sums as bit planes. The vertical running sum of those planes (plus the
// entering row less the row 2R+1 back, one signed difference; the rows' sums kept in a ring in shared
// memory) is the count of every cell, so a cell costs O(1) word operations / 32; the birth and survival
// sets are tested on the planes.
// Up to kMaxRegisterRingRadius the ring may live in registers instead (smallMooreRegisterRows).
#include "boxsum_step.cuh"

namespace catlab::cuda {

// The largest radius whose ring of window sums the kernel can keep in registers: 2R+1 rows of 5 planes
// and the rows' centre words, about 175 registers a thread at R = 9. Radii 10..15 fit too (no spills, up
// to 242 registers) but measured 9 to 23% slower than the ring in shared memory (docs/benchmarks.md).
inline constexpr int kMaxRegisterRingRadius = 9;

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
    const unsigned* row = g.aliveWord(y, w);
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

// writeNextWord, the two-state word stored through its row pointer (one wide multiply, no 64-bit offset
// arithmetic: the bit-sliced loop is bound by the integer pipe). The mid kernels keep writeNextWord's
// offsets: the pointer's registers made them spill.
CATLAB_HD void writeNextWordByRow(const StepArgs& a, int y, int w, unsigned born, unsigned kept, unsigned alive) {
    if (a.in.statePlanes == 0)
        *a.out.aliveWord(y, w) = nextAlive(alive, born, kept);
    else
        writeNextWord(a.in, a.out, y, w, born, kept, a.rule.states, alive);
}

// Rows y0 .. y1 - 1 of word column w with the ring in registers: the row loop is unrolled by the window,
// 2R+1 rows, so that every row's slot is a constant; a slot also keeps its row's centre word, whose next
// state is written R rows later. Each count is the one of the row above plus the entering row's window
// sums less the leaving row's (one signed difference), and the entering row takes the leaving row's slot.
template <int R, CountTests Tests>
CATLAB_HD void smallMooreRegisterRows(const StepArgs& a, int w, int y0, int y1) {
    using Shape = SmallMooreShape<R>;
    constexpr int W = Shape::window, RP = Shape::rowPlanes, CP = Shape::countPlanes;
    const int height = a.in.height;

    unsigned sums[W][RP]; // slot j: row y0 - 1 - R + j, then every W rows on
    unsigned centres[W];
    unsigned count[CP] = {}; // the count of the row before the current one
    int row = wrapRow(y0 - 1 - R, height);
    RowWords words = loadRowWords(a.in, row, w);
    CATLAB_UNROLL
    for (int j = 0; j < W; ++j) { // rows y0 - 1 - R .. y0 - 1 + R
        const RowWords current = words;
        row = nextRow(row, height);
        words = loadRowWords(a.in, row, w);
        rowWindowSums<R>(current, sums[j]);
        centres[j] = current.centre;
        bitsliced::add(count, sums[j]);
    }
    for (int y = y0; y < y1; y += W) {
        CATLAB_UNROLL
        for (int k = 0; k < W; ++k) { // row y + k: row y + k + R enters slot k, where row y + k - 1 - R leaves
            if (y + k >= y1) return;
            const RowWords current = words;
            row = nextRow(row, height);
            words = loadRowWords(a.in, row, w);
            unsigned entering[RP];
            rowWindowSums<R>(current, entering);
            bitsliced::addDifference(count, entering, sums[k]);
            CATLAB_UNROLL
            for (int p = 0; p < RP; ++p) sums[k][p] = entering[p];
            centres[k] = current.centre;
            unsigned born, kept;
            testCountsBy<Tests>(count, a.rule, born, kept);
            writeNextWordByRow(a, y + k, w, born, kept, centres[(k + R + 1) % W]);
        }
    }
}

// Rows y0 .. y1 - 1 of word column w with the ring in shared memory, thread tid of `threads`.
template <int R, CountTests Tests>
CATLAB_HD void smallMooreSharedRows(const StepArgs& a, unsigned* ring, int tid, int threads, int w, int y0, int y1) {
    using Shape = SmallMooreShape<R>;
    constexpr int RP = Shape::rowPlanes, CP = Shape::countPlanes;
    const int height = a.in.height;
    // ring[(slot * RP + plane) * threads + tid]: consecutive threads hit consecutive banks.
    auto ringWord = [&](int slot, int plane) -> unsigned& {
        return ring[(std::size_t(slot) * RP + std::size_t(plane)) * std::size_t(threads) + std::size_t(tid)];
    };

    unsigned count[CP] = {}; // the count of the row before the current one, as in smallMooreRegisterRows
    int row = wrapRow(y0 - 1 - R, height);
    RowWords words = loadRowWords(a.in, row, w);
    for (int j = 0; j < Shape::window; ++j) { // rows y0 - 1 - R .. y0 - 1 + R into slots 0 ..
        const RowWords current = words;
        row = nextRow(row, height);
        words = loadRowWords(a.in, row, w);
        unsigned sums[RP];
        rowWindowSums<R>(current, sums);
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) ringWord(j, p) = sums[p];
        bitsliced::add(count, sums);
    }
    int slot = 0; // the oldest row's
    unsigned alive = intrinsics::loadReadOnly(a.in.aliveWord(y0, w));
    for (int y = y0; y < y1; ++y) {
        const RowWords current = words; // row y + R enters, into the slot of row y - 1 - R
        const unsigned centre = alive;
        row = nextRow(row, height);
        words = loadRowWords(a.in, row, w);
        alive = intrinsics::loadReadOnly(a.in.aliveWord(nextRow(y, height), w));
        unsigned entering[RP], leaving[RP];
        rowWindowSums<R>(current, entering);
        CATLAB_UNROLL
        for (int p = 0; p < RP; ++p) {
            leaving[p] = ringWord(slot, p);
            ringWord(slot, p) = entering[p];
        }
        bitsliced::addDifference(count, entering, leaving);
        slot = slot + 1 == Shape::window ? 0 : slot + 1;
        unsigned born, kept;
        testCountsBy<Tests>(count, a.rule, born, kept);
        writeNextWordByRow(a, y, w, born, kept, centre);
    }
}

// One thread: word column tid of the block's column group, rows of the block's strip. Each row's words
// are loaded one row ahead, so their latency overlaps the previous row's arithmetic. InRegisters: the
// ring in registers (R <= kMaxRegisterRingRadius), `ring` unused.
template <int R, CountTests Tests, bool InRegisters = false>
CATLAB_HD void smallMooreBody(const StepArgs& a, unsigned* ring, int tid, int threads, long long block) {
    const int w = int(block % a.columnBlocks) * threads + tid;
    if (w >= a.in.words) return;
    const long long y0 = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const int y1 = int(y0 + a.stripRows < a.rowEnd ? y0 + a.stripRows : a.rowEnd);
    if constexpr (InRegisters) {
        static_assert(R <= kMaxRegisterRingRadius);
        smallMooreRegisterRows<R, Tests>(a, w, int(y0), y1);
    } else {
        smallMooreSharedRows<R, Tests>(a, ring, tid, threads, w, int(y0), y1);
    }
}

} // namespace catlab::cuda
