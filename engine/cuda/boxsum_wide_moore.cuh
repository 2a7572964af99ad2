#pragma once
// Moore neighbourhoods of any radius (used from 128), one integer count per cell. A block owns a span
// of words (its output words and spanHalo words on each side) and walks down a strip of rows in chunks:
//  1. column sums: each thread keeps the vertical window sums of some columns, 4 per register in bytes
//     (or 2 in 16-bit halves past radius 127), adding the entering row and subtracting the leaving one
//     (bits spread to byte lanes by one multiply); the chunk's rows go to shared memory;
//  2. row walks: a thread takes a run of output words of one row, sums the 2r+1 column sums around the
//     first cell, then slides along: count(x+1) = count(x) + col(x+r+1) - col(x-r), four (two) cells
//     per dp4a (dp2a) pair. Counts are tested against the birth and survival sets and packed to words.
#include "boxsum_mid_moore.cuh" // ByteColumns, HalfColumns

namespace catlab::cuda {

// Words of column sums each thread keeps (the launch makes the span fit: span units <= this * threads).
template <class Columns>
inline constexpr int kUnitsPerThread = Columns::perWord == 4 ? 6 : 12;

// Shared memory: one row of column sums per warp of the block (chunkRows = threads / 32), each padded
// with a word after every segment so that the 32 threads of a warp, walking 32 consecutive segments,
// read 32 different banks.
CATLAB_HD int paddedUnit(int u, int segmentShift) { return u + (u >> segmentShift); }

template <class Columns>
CATLAB_HD int segmentShiftFor(int segmentWords) {
    int shift = 0;
    while ((1 << shift) < segmentWords * (32 / Columns::perWord)) ++shift;
    return shift;
}

template <class Columns>
CATLAB_HD int wideRowStride(int blockWords, int spanHalo, int segmentWords) {
    const int units = (blockWords + 2 * spanHalo) * (32 / Columns::perWord);
    return paddedUnit(units, segmentShiftFor<Columns>(segmentWords)) + 1;
}

// Simple: birth and survival are each at most one interval.
template <class Columns, bool Simple, class Sync>
CATLAB_HD void wideMooreBody(const StepArgs& a, unsigned* shared, int tid, int threads, long long block,
                             const Sync& sync) {
    constexpr int perWord = Columns::perWord; // cells per column-sum word
    constexpr int laneBits = 32 / perWord;
    constexpr int unitsPerSpanWord = 32 / perWord;
    constexpr int units = kUnitsPerThread<Columns>;
    const int r = a.radius, height = a.in.height;
    const int wo = int(block % a.columnBlocks) * a.blockWords;
    const int outEnd = wo + a.blockWords < a.in.words ? wo + a.blockWords : a.in.words;
    const int spanBegin = wo - a.spanHalo;
    const int spanUnits = (outEnd + a.spanHalo - spanBegin) * unitsPerSpanWord;
    const int shift = segmentShiftFor<Columns>(a.segmentWords);
    const int rowStride = wideRowStride<Columns>(a.blockWords, a.spanHalo, a.segmentWords);
    const long long yo = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const long long yEnd = yo + a.stripRows < a.rowEnd ? yo + a.stripRows : a.rowEnd;

    // Column sums of units tid, tid + threads, ... Step s of the strip adds row yo - r + s and, from
    // s = 2r + 1 on, subtracts row yo - r + s - 2r - 1; steps 2r.. give output rows yo... The words of
    // each step are loaded one step ahead, so their latency overlaps the previous step's work.
    unsigned sums[units] = {}, entering[units], leaving[units];
    int enterRow = wrapRow(yo - r, height), leaveRow = enterRow;
    long long step = 0;
    auto load = [&]() {
        CATLAB_UNROLL
        for (int j = 0; j < units; ++j) {
            const int u = tid + j * threads;
            const int word = spanBegin + (u < spanUnits ? u : 0) / unitsPerSpanWord;
            entering[j] = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(enterRow) + word);
            leaving[j] = step > 2 * r ? intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(leaveRow) + word) : 0u;
        }
    };
    // Adds the loaded step, loads the next, and stores the sums as shared row `slot` (-1: none).
    auto columnStep = [&](int slot) {
        unsigned in[units], out[units];
        CATLAB_UNROLL
        for (int j = 0; j < units; ++j) {
            in[j] = entering[j];
            out[j] = leaving[j];
        }
        if (step > 2 * r) leaveRow = leaveRow + 1 == height ? 0 : leaveRow + 1; // first subtracted at step 2r + 1
        enterRow = enterRow + 1 == height ? 0 : enterRow + 1;
        ++step;
        load();
        CATLAB_UNROLL
        for (int j = 0; j < units; ++j) {
            const int u = tid + j * threads;
            if (u >= spanUnits) break;
            const unsigned bits = unsigned(u % unitsPerSpanWord) * perWord;
            const unsigned mask = (1u << perWord) - 1u;
            // The leaving row was added before, so no lane goes below zero.
            sums[j] += Columns::spread((in[j] >> bits) & mask) - Columns::spread((out[j] >> bits) & mask);
            if (slot >= 0)
                shared[std::size_t(slot) * std::size_t(rowStride) + std::size_t(paddedUnit(u, shift))] = sums[j];
        }
    };

    load();
    while (step < 2 * r) columnStep(-1); // rows yo - r .. yo + r - 1

    // Simple sets: counts are kept less the birth interval's start, so that the birth test is one
    // unsigned comparison and the survival test one more subtraction.
    const int bornLo = Simple && a.rule.birth.count >= 1 ? a.rule.birth.value[0] : 0;
    const unsigned bornLength = a.rule.birth.count == 0   ? 0u
                                : a.rule.birth.count == 1 ? 0x7FFFFFFFu
                                                          : unsigned(a.rule.birth.value[1] - a.rule.birth.value[0]);
    const int keptOffset = (a.rule.survival.count >= 1 ? a.rule.survival.value[0] : 0) - bornLo;
    const unsigned keptLength = a.rule.survival.count == 0 ? 0u
                                : a.rule.survival.count == 1
                                    ? 0x7FFFFFFFu
                                    : unsigned(a.rule.survival.value[1] - a.rule.survival.value[0]);

    const int chunkRow = tid / 32, segment = tid % 32; // a warp walks one row
    const int firstWord = wo + segment * a.segmentWords;
    const int lastWord = firstWord + a.segmentWords < outEnd ? firstWord + a.segmentWords : outEnd;

    for (long long yc = yo; yc < yEnd; yc += a.chunkRows) {
        const int rows = int(yEnd - yc < a.chunkRows ? yEnd - yc : a.chunkRows);
        for (int j = 0; j < rows; ++j) columnStep(j);
        sync();
        if (chunkRow < rows && firstWord < lastWord) {
            const unsigned* col = shared + std::size_t(chunkRow) * std::size_t(rowStride);
            auto sumsAt = [&](int u) { return col[paddedUnit(u, shift)]; };
            const int y = int(yc) + chunkRow;
            // Column c of the span (c = 0: the first column of word spanBegin) is lane c % perWord of
            // unit c / perWord. The count of the first cell x: all 2r+1 column sums around it.
            const int x = 32 * (firstWord - spanBegin);
            const int lo = x - r, hi = x + r;
            int count = 0;
            if constexpr (perWord == 4) {
                count = intrinsics::dot4(sumsAt(lo / 4), 0x01010101u << (8 * (lo & 3)), 0);
                CATLAB_UNROLL_4
                for (int u = lo / 4 + 1; u < hi / 4; ++u) count = intrinsics::dot4(sumsAt(u), 0x01010101u, count);
                count = intrinsics::dot4(sumsAt(hi / 4), 0x01010101u >> (8 * (3 - (hi & 3))), count);
            } else {
                count = intrinsics::dot2(sumsAt(lo / 2), (lo & 1) ? 0x0100u : 0x0101u, 0);
                CATLAB_UNROLL_4
                for (int u = lo / 2 + 1; u < hi / 2; ++u) count = intrinsics::dot2(sumsAt(u), 0x0101u, count);
                count = intrinsics::dot2(sumsAt(hi / 2), (hi & 1) ? 0x0101u : 0x0001u, count);
            }
            count -= bornLo;
            // Slide: count(x + k) = count(x) + sum_{j<k} (col(x+r+1+j) - col(x-r+j)), perWord cells per
            // pair of reads; the offsets within the units never change.
            int ua = (x + r + 1) / perWord, ub = (x - r) / perWord;
            const unsigned sa = unsigned((x + r + 1) % perWord) * laneBits;
            const unsigned sb = unsigned((x - r) % perWord) * laneBits;
            unsigned a0 = sumsAt(ua), b0 = sumsAt(ub);
            constexpr unsigned ones = perWord == 4 ? 0x01010101u : 0x0101u;
            for (int word = firstWord; word < lastWord; ++word) {
                unsigned born = 0, kept = 0;
                CATLAB_UNROLL
                for (int i = 0; i < 32; i += perWord) {
                    ++ua;
                    ++ub;
                    const unsigned a1 = sumsAt(ua), b1 = sumsAt(ub);
                    const unsigned ahead = intrinsics::funnelRight(a0, a1, sa);
                    const unsigned behind = intrinsics::funnelRight(b0, b1, sb);
                    CATLAB_UNROLL
                    for (int k = 0; k < perWord; ++k) {
                        const unsigned plus = k == 0 ? 0u : ones >> (8 * (perWord - k));
                        const unsigned minus = plus * 0xFFu;
                        int c = count;
                        if (k > 0)
                            c = perWord == 4 ? intrinsics::dot4(ahead, plus, intrinsics::dot4(behind, minus, count))
                                             : intrinsics::dot2(ahead, plus, intrinsics::dot2(behind, minus, count));
                        if constexpr (Simple) {
                            if (unsigned(c) < bornLength) born |= 1u << (i + k);
                            if (unsigned(c - keptOffset) < keptLength) kept |= 1u << (i + k);
                        } else {
                            born |= inThresholds(a.rule.birth, c) << (i + k);
                            kept |= inThresholds(a.rule.survival, c) << (i + k);
                        }
                    }
                    count = perWord == 4 ? intrinsics::dot4(ahead, ones, intrinsics::dot4(behind, 0xFFFFFFFFu, count))
                                         : intrinsics::dot2(ahead, ones, intrinsics::dot2(behind, 0xFFFFu, count));
                    a0 = a1;
                    b0 = b1;
                }
                writeNextWord(a.in, a.out, y, word, born, kept, a.rule.states);
            }
        }
        sync();
    }
}

} // namespace catlab::cuda
