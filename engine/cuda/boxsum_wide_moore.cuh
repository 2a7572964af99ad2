#pragma once
// Moore neighbourhoods of any radius (used from 17), one integer count per cell. A block owns a span
// of words (its output words and spanHalo words on each side) and walks down a strip of rows in chunks:
//  1. column sums: each thread keeps the vertical window sums of some columns, 4 per register in bytes
//     (or 2 in 16-bit halves past radius 127), adding the entering row and subtracting the leaving one
//     (bits spread to byte lanes by one multiply); the chunk's rows go to shared memory;
//  2. row walks: a thread takes a run of output words of one row, sums the 2r+1 column sums around the
//     first cell, then slides along: count(x+1) = count(x) + col(x+r+1) - col(x-r), four (two) cells
//     per dp4a (dp2a) pair. Counts are tested against the birth and survival sets and packed to words.
#include "boxsum_step.cuh"

namespace catlab::cuda {

// Column sums below 256 (r <= 127): four byte lanes per word.
struct ByteColumns {
    static constexpr int perWord = 4;
    static constexpr unsigned onesMask = 0x01010101u;
    CATLAB_HD static unsigned spread(unsigned bits) { return (bits * 0x00204081u) & 0x01010101u; } // 4 bits
};
// Up to 1001 (r <= 500): two 16-bit lanes per word.
struct HalfColumns {
    static constexpr int perWord = 2;
    static constexpr unsigned onesMask = 0x00000101u; // dot2 reads two bytes of its second operand
    CATLAB_HD static unsigned spread(unsigned bits) { return (bits * 0x8001u) & 0x00010001u; } // 2 bits
};

// A count set as one interval [lo, lo + length), or as thresholds.
struct CountTest {
    int lo;
    unsigned length;
    CATLAB_HD static CountTest from(const bitsliced::Thresholds& t) {
        if (t.count == 0) return {0, 0u};
        return {t.value[0], t.count == 1 ? 0x7FFFFFFFu : unsigned(t.value[1] - t.value[0])};
    }
    CATLAB_HD unsigned operator()(int count) const { return unsigned(count - lo) < length; }
};

CATLAB_HD unsigned inThresholds(const bitsliced::Thresholds& t, int count) {
    unsigned in = 0;
    for (int k = 0; k < t.count; ++k) in ^= unsigned(count >= t.value[k]);
    return in;
}

// Words of column sums each thread keeps (the launch makes the span fit: span words * 32 / perWord
// <= UnitsPerThread * threads).
template <class Columns>
inline constexpr int kUnitsPerThread = 32 / Columns::perWord / 2;

// Simple: birth and survival are single intervals (each at most two thresholds).
template <class Columns, bool Simple, class Sync>
CATLAB_HD void wideMooreBody(const StepArgs& a, unsigned* shared, int tid, int threads, long long block,
                             const Sync& sync) {
    constexpr int perWord = Columns::perWord;
    constexpr int unitsPerSpanWord = 32 / perWord;
    constexpr int bitsPerUnit = perWord;
    constexpr int units = kUnitsPerThread<Columns>;
    const int r = a.radius, height = a.in.height;
    const int wo = int(block % a.columnBlocks) * a.blockWords;
    const int outEnd = wo + a.blockWords < a.in.words ? wo + a.blockWords : a.in.words;
    const int spanBegin = wo - a.spanHalo;
    const int spanUnits = (outEnd + a.spanHalo - spanBegin) * unitsPerSpanWord;
    const int rowUnits = (a.blockWords + 2 * a.spanHalo) * unitsPerSpanWord; // shared row stride
    const long long yo = (block / a.columnBlocks) * a.stripRows;
    const long long yEnd = yo + a.stripRows < height ? yo + a.stripRows : height;

    unsigned sums[units] = {}; // column sums of units tid, tid + threads, ...
    // Adds row `enter` and subtracts row `leave` (-1: none); stores the sums as shared row `slot` (-1: none).
    auto columnStep = [&](int enter, int leave, int slot) {
        CATLAB_UNROLL
        for (int j = 0; j < units; ++j) {
            const int u = tid + j * threads;
            if (u >= spanUnits) break;
            const int word = spanBegin + u / unitsPerSpanWord;
            const unsigned shift = unsigned(u % unitsPerSpanWord) * bitsPerUnit;
            const unsigned mask = (1u << bitsPerUnit) - 1u;
            const unsigned in = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(enter) + word);
            unsigned s = sums[j] + Columns::spread((in >> shift) & mask);
            if (leave >= 0) {
                const unsigned out = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(leave) + word);
                s -= Columns::spread((out >> shift) & mask); // never below zero in any lane
            }
            sums[j] = s;
            if (slot >= 0) shared[std::size_t(slot) * std::size_t(rowUnits) + std::size_t(u)] = s;
        }
    };

    int enter = wrapRow(yo - r, height);
    for (int k = 0; k < 2 * r; ++k) { // rows yo - r .. yo + r - 1
        columnStep(enter, -1, -1);
        enter = enter + 1 == height ? 0 : enter + 1;
    }
    int leave = wrapRow(yo - r, height); // leaves first at row yo + 1

    const CountTest bornTest = CountTest::from(a.rule.birth), keptTest = CountTest::from(a.rule.survival);
    const int segmentsPerRow = threads / a.chunkRows;
    const int segment = tid % segmentsPerRow, chunkRow = tid / segmentsPerRow;
    const int segmentWords = (a.blockWords + segmentsPerRow - 1) / segmentsPerRow;

    for (long long yc = yo; yc < yEnd; yc += a.chunkRows) {
        const int rows = int(yEnd - yc < a.chunkRows ? yEnd - yc : a.chunkRows);
        for (int j = 0; j < rows; ++j) {
            columnStep(enter, yc + j > yo ? leave : -1, j);
            enter = enter + 1 == height ? 0 : enter + 1;
            if (yc + j > yo) leave = leave + 1 == height ? 0 : leave + 1;
        }
        sync();
        const int firstWord = wo + segment * segmentWords;
        const int lastWord = firstWord + segmentWords < outEnd ? firstWord + segmentWords : outEnd;
        if (chunkRow < rows && firstWord < lastWord) {
            const unsigned* col = shared + std::size_t(chunkRow) * std::size_t(rowUnits);
            const int y = int(yc) + chunkRow;
            // Column c of the span (c = 0 is the first column of word spanBegin) is lane c % perWord of
            // unit c / perWord.
            int x = 32 * (firstWord - spanBegin);
            int count = 0;
            {
                const int lo = x - r, hi = x + r;
                for (int u = lo / perWord; u <= hi / perWord; ++u) {
                    unsigned m = Columns::onesMask;
                    if (perWord == 4) {
                        if (u == lo / 4) m &= 0x01010101u << (8 * (lo & 3));
                        if (u == hi / 4) m &= 0x01010101u >> (8 * (3 - (hi & 3)));
                        count = intrinsics::dot4(col[u], m, count);
                    } else {
                        if (u == lo / 2 && (lo & 1)) m &= 0x0100u;
                        if (u == hi / 2 && !(hi & 1)) m &= 0x0001u;
                        count = intrinsics::dot2(col[u], m, count);
                    }
                }
            }
            // Units holding columns x + r + 1 .. and x - r ..; the offsets within them never change.
            int ua = (x + r + 1) / perWord, ub = (x - r) / perWord;
            const unsigned sa = unsigned((x + r + 1) % perWord) * (32 / perWord);
            const unsigned sb = unsigned((x - r) % perWord) * (32 / perWord);
            unsigned a0 = col[ua], b0 = col[ub];
            for (int word = firstWord; word < lastWord; ++word) {
                unsigned born = 0, kept = 0;
                for (int i = 0; i < 32; i += perWord) {
                    const unsigned a1 = col[ua + 1], b1 = col[ub + 1];
                    const unsigned ahead = intrinsics::funnelRight(a0, a1, sa);
                    const unsigned behind = intrinsics::funnelRight(b0, b1, sb);
                    CATLAB_UNROLL
                    for (int k = 0; k < perWord; ++k) {
                        // count(x + k) = count(x) + sum_{j<k} (col(x+r+1+j) - col(x-r+j))
                        const unsigned plus = k == 0 ? 0u : Columns::onesMask >> (8 * (perWord - k));
                        const unsigned minus = plus * 0xFFu;
                        const int c = perWord == 4
                                          ? intrinsics::dot4(ahead, plus, intrinsics::dot4(behind, minus, count))
                                          : intrinsics::dot2(ahead, plus, intrinsics::dot2(behind, minus, count));
                        if constexpr (Simple) {
                            born |= bornTest(c) << (i + k);
                            kept |= keptTest(c) << (i + k);
                        } else {
                            born |= inThresholds(a.rule.birth, c) << (i + k);
                            kept |= inThresholds(a.rule.survival, c) << (i + k);
                        }
                    }
                    count = perWord == 4
                                ? intrinsics::dot4(ahead, 0x01010101u, intrinsics::dot4(behind, 0xFFFFFFFFu, count))
                                : intrinsics::dot2(ahead, 0x0101u, intrinsics::dot2(behind, 0xFFFFu, count));
                    a0 = a1;
                    b0 = b1;
                    ++ua;
                    ++ub;
                }
                writeNextWord(a.in, a.out, y, word, born, kept, a.rule.states);
            }
        }
        sync();
    }
}

} // namespace catlab::cuda
