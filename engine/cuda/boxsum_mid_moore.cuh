#pragma once
// Moore neighbourhoods of radius up to 127 (used from 17), one integer count per cell from byte column
// sums. A block owns a span of words (its output words and spanHalo words on each side) and walks down
// a strip of rows in chunks of 32 rows:
//  1. staging: the span's words of the chunk's entering rows (y + r) and leaving rows (y - r - 1) go to
//     shared memory (loaded while the previous chunk's rows are walked, stored after);
//  2. column sums: a thread per unit (4 columns, a byte each) keeps the vertical window sums, adding the
//     entering row and subtracting the leaving one (bits spread to byte lanes by one multiply), and
//     stores them for each row of the chunk;
//  3. row walks: warp w takes segment w of the output words, lane i row i of the chunk: it sums the 2r+1
//     column sums around its first cell, then slides along, count(x+1) = count(x) + col(x+r+1) - col(x-r),
//     with dp4a on four cells' column sums at a time. Each count is tested against the birth and survival
//     intervals by one add whose carry is shifted into the word of results.
// Shared memory holds unit u of chunk row i at u * 33 + i (and staged word w at w * 33 + i): the lanes of
// a warp, reading one unit of 32 rows, and the threads of the column step, writing 32 units of one row,
// each touch 32 different banks, and a lane's next units lie at constant offsets.
#include "boxsum_step.cuh"

namespace catlab::cuda {

inline constexpr int kMidChunkRows = 32;
inline constexpr int kMidRowPitch = 33;      // words between units (staged words) of shared memory
inline constexpr int kMidUnitsPerThread = 4; // most units of column sums a thread keeps
inline constexpr int kMidStageRowStep = 4;   // threads >= this * span words: a thread stages 8 rows at most

CATLAB_HD unsigned spreadNibble(unsigned bits) { return (bits * 0x00204081u) & 0x01010101u; }

// Shared memory words of a block: column sums of the span's units (and two more, read past the last
// cell), then the staged entering and leaving words.
CATLAB_HD int midSpanUnits(int blockWords, int spanHalo) { return 8 * (blockWords + 2 * spanHalo); }
CATLAB_HD std::size_t midSharedWords(int blockWords, int spanHalo) {
    const int spanWords = blockWords + 2 * spanHalo;
    return std::size_t(kMidRowPitch) * std::size_t(8 * spanWords + 2 + 2 * spanWords);
}

template <bool Simple, class Sync>
CATLAB_HD void midMooreBody(const StepArgs& a, unsigned* shared, int tid, int threads, long long block,
                            const Sync& sync) {
    const int r = a.radius, height = a.in.height;
    const int wo = int(block % a.columnBlocks) * a.blockWords;
    const int outEnd = wo + a.blockWords < a.in.words ? wo + a.blockWords : a.in.words;
    const int spanBegin = wo - a.spanHalo;
    const int spanWords = a.blockWords + 2 * a.spanHalo;
    const int loadWords = outEnd + a.spanHalo - spanBegin; // the rest of the span lies past the row
    const int spanUnits = 8 * spanWords;
    unsigned* const sums = shared; // unit u, row i: u * 33 + i
    unsigned* const entering = shared + std::size_t(kMidRowPitch) * std::size_t(spanUnits + 2); // word w
    unsigned* const leaving = entering + std::size_t(kMidRowPitch) * std::size_t(spanWords);
    const long long yo = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const long long yEnd = yo + a.stripRows < a.rowEnd ? yo + a.stripRows : a.rowEnd;

    // The two units past the span are read (not used) by the walk of the last cells.
    for (int i = tid; i < 2 * kMidRowPitch; i += threads) sums[std::size_t(spanUnits) * kMidRowPitch + i] = 0;

    // Staging: thread tid loads word tid % spanWords of rows tid / spanWords, + rowStep, ... of the chunk.
    const int rowStep = threads / spanWords; // >= kMidStageRowStep (the plan's thread count)
    const int stageWord = tid % spanWords, stageRow = tid / spanWords;
    const bool stages = stageRow < rowStep && stageWord < loadWords;
    constexpr int kStaged = kMidChunkRows / kMidStageRowStep;
    unsigned enterWords[kStaged], leaveWords[kStaged];
    // Row `first` + i of the torus for i < 32 + height (first in 0..height-1).
    auto rowAfter = [height](int first, int i) {
        int y = first + i;
        while (y >= height) y -= height;
        return y;
    };
    auto loadStage = [&](int enterRow, int leaveRow, int rows, bool leave) {
        CATLAB_UNROLL
        for (int k = 0; k < kStaged; ++k) {
            const int i = stageRow + k * rowStep;
            enterWords[k] = leaveWords[k] = 0;
            if (stages && i < rows) {
                const std::size_t word = std::size_t(spanBegin + stageWord);
                enterWords[k] = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(rowAfter(enterRow, i)) + word);
                if (leave)
                    leaveWords[k] = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(rowAfter(leaveRow, i)) + word);
            }
        }
    };
    auto storeStage = [&](int rows) {
        CATLAB_UNROLL
        for (int k = 0; k < kStaged; ++k) {
            const int i = stageRow + k * rowStep;
            if (stageRow < rowStep && i < rows) {
                entering[stageWord * kMidRowPitch + i] = enterWords[k];
                leaving[stageWord * kMidRowPitch + i] = leaveWords[k];
            }
        }
    };

    // Column sums of units tid, tid + threads, ...: add the staged rows (and subtract the leaving ones),
    // storing each row's sums when `store`.
    unsigned columns[kMidUnitsPerThread] = {};
    auto columnStep = [&](int rows, bool store) {
        CATLAB_UNROLL
        for (int j = 0; j < kMidUnitsPerThread; ++j) {
            const int u = tid + j * threads;
            if (u >= spanUnits) break;
            const unsigned shift = unsigned(u % 8) * 4;
            const unsigned* e = entering + (u / 8) * kMidRowPitch;
            const unsigned* l = leaving + (u / 8) * kMidRowPitch;
            unsigned* s = sums + std::size_t(u) * kMidRowPitch;
            unsigned sum = columns[j];
            CATLAB_UNROLL
            for (int i = 0; i < kMidChunkRows; ++i) {
                if (i >= rows) break;
                // The leaving row was added before, so no lane goes below zero.
                sum += spreadNibble((e[i] >> shift) & 15u) - spreadNibble((l[i] >> shift) & 15u);
                if (store) s[i] = sum;
            }
            columns[j] = sum;
        }
    };

    // Warm-up: rows yo - r - 1 .. yo + r - 1 enter (none leaves), in chunks.
    const int window = 2 * r + 1;
    int enterRow = wrapRow(yo - r - 1, height);
    int leaveRow = enterRow;
    for (int done = 0; done < window; done += kMidChunkRows) {
        const int rows = window - done < kMidChunkRows ? window - done : kMidChunkRows;
        loadStage(enterRow, leaveRow, rows, false);
        storeStage(rows);
        sync();
        columnStep(rows, false);
        sync();
        enterRow = rowAfter(enterRow, rows);
    }

    // Simple sets: the walk keeps n = bornFrom - 1 - count, so that a count in the birth interval is the
    // carry out of n + bornLength, and one in the survival interval that of (n + keptShift) + keptLength.
    // General sets: n = -1 - count.
    const int bornFrom = Simple && a.rule.birth.count >= 1 ? a.rule.birth.value[0] : 0;
    const unsigned bornLength = a.rule.birth.count == 0   ? 0u
                                : a.rule.birth.count == 1 ? 0x7FFFFFFFu
                                                          : unsigned(a.rule.birth.value[1] - a.rule.birth.value[0]);
    const unsigned keptShift = unsigned((a.rule.survival.count >= 1 ? a.rule.survival.value[0] : 0) - bornFrom);
    const unsigned keptLength = a.rule.survival.count == 0 ? 0u
                                : a.rule.survival.count == 1
                                    ? 0x7FFFFFFFu
                                    : unsigned(a.rule.survival.value[1] - a.rule.survival.value[0]);

    const int lane = tid % 32, segment = tid / 32;
    const int firstWord = wo + segment * a.segmentWords;
    const int lastWord = firstWord + a.segmentWords < outEnd ? firstWord + a.segmentWords : outEnd;
    // Span column c (c = 0: the first column of word spanBegin) is byte c % 4 of unit c / 4.
    const int x = 32 * (firstWord - spanBegin);
    const int ahead = x + r + 1, behind = x - r; // the columns that enter and leave between x and x + 1
    const unsigned aheadShift = unsigned(ahead % 4) * 8, behindShift = unsigned(behind % 4) * 8;

    auto walk = [&](long long y) {
        const unsigned* col = sums + lane;
        auto at = [&](int u) { return col[u * kMidRowPitch]; };
        // n for the first cell: all 2r+1 column sums around it (bytes of the end units masked).
        const int lo = x - r, hi = x + r;
        int n = bornFrom - 1;
        n = intrinsics::dot4(at(lo / 4), 0xFFFFFFFFu << (8 * (lo & 3)), n);
        CATLAB_UNROLL_4
        for (int u = lo / 4 + 1; u < hi / 4; ++u) n = intrinsics::dot4(at(u), 0xFFFFFFFFu, n);
        n = intrinsics::dot4(at(hi / 4), 0xFFFFFFFFu >> (8 * (3 - (hi & 3))), n);

        const unsigned* pa = col + (ahead / 4) * kMidRowPitch;
        const unsigned* pb = col + (behind / 4) * kMidRowPitch;
        unsigned a0 = pa[0], b0 = pb[0];
        for (int word = firstWord; word < lastWord; ++word) {
            unsigned born = 0, kept = 0; // bit 31 - i: cell i of the word
            CATLAB_UNROLL
            for (int g = 0; g < 8; ++g) {
                const unsigned a1 = pa[(g + 1) * kMidRowPitch], b1 = pb[(g + 1) * kMidRowPitch];
                const unsigned entering4 = intrinsics::funnelRight(a0, a1, aheadShift);
                const unsigned leaving4 = intrinsics::funnelRight(b0, b1, behindShift);
                CATLAB_UNROLL
                for (int k = 0; k < 4; ++k) {
                    // n of cell 4g + k: the first k entering columns subtracted, the first k leaving added.
                    const unsigned first = k == 0 ? 0u : 0xFFFFFFFFu >> (8 * (4 - k));
                    const int nk =
                        k == 0 ? n
                               : intrinsics::dot4(leaving4, first & 0x01010101u, intrinsics::dot4(entering4, first, n));
                    if constexpr (Simple) {
                        born = intrinsics::shiftInCarry(born, unsigned(nk), bornLength);
                        kept = intrinsics::shiftInCarry(kept, unsigned(nk) + keptShift, keptLength);
                    } else {
                        const int count = -1 - nk;
                        born = 2u * born + inThresholds(a.rule.birth, count);
                        kept = 2u * kept + inThresholds(a.rule.survival, count);
                    }
                }
                n = intrinsics::dot4(leaving4, 0x01010101u, intrinsics::dot4(entering4, 0xFFFFFFFFu, n));
                a0 = a1;
                b0 = b1;
            }
            pa += 8 * kMidRowPitch;
            pb += 8 * kMidRowPitch;
            writeNextWord(a.in, a.out, int(y), word, intrinsics::bitReverse(born), intrinsics::bitReverse(kept),
                          a.rule.states);
        }
    };

    // Output rows in chunks: stage the next chunk's rows while walking this one's.
    const int firstRows = yEnd - yo < kMidChunkRows ? int(yEnd - yo) : kMidChunkRows;
    loadStage(enterRow, leaveRow, firstRows, true);
    storeStage(firstRows);
    for (long long yc = yo; yc < yEnd; yc += kMidChunkRows) {
        const int rows = yEnd - yc < kMidChunkRows ? int(yEnd - yc) : kMidChunkRows;
        sync();
        columnStep(rows, true);
        enterRow = rowAfter(enterRow, rows);
        leaveRow = rowAfter(leaveRow, rows);
        sync();
        const long long yNext = yc + kMidChunkRows;
        const int nextRows = yEnd - yNext < kMidChunkRows ? int(yEnd - yNext) : kMidChunkRows;
        if (nextRows > 0) loadStage(enterRow, leaveRow, nextRows, true);
        if (lane < rows && firstWord < lastWord) walk(yc + lane);
        if (nextRows > 0) storeStage(nextRows);
    }
}

} // namespace catlab::cuda
