#pragma once
// Moore neighbourhoods from radius 17, one integer count per cell from column sums: bytes up to radius
// 127; beyond, bytes relative to each chunk's row before (DeltaColumns, see below) or 16-bit halves
// (HalfColumns: two columns a unit, dp2a for dp4a). A block owns a span of words (its output words and
// spanHalo words on each side) and walks down a strip of rows in chunks of 32 rows:
//  1. staging: the span's words of the chunk's entering rows (y + r) and leaving rows (y - r - 1) go to
//     shared memory (loaded while the previous chunk's rows are walked, stored after); the sums a strip
//     starts from, of rows y - r - 1 .. y + r - 1 for its first row y, are counted bit-sliced first
//     (boxsum_column_warmup.cuh);
//  2. column sums: a thread per unit (4 columns, a byte each) keeps the vertical window sums, adding the
//     entering row and subtracting the leaving one (the change of the unit's four bytes from a table of
//     nibble pairs), and stores them for each row of the chunk (16-bit sums: two strided units a thread,
//     see halfColumnStep);
//  3. row walks: warp w takes segment w of the output words, lane i row i of the chunk: it sums the 2r+1
//     column sums around its first cell, then slides along, count(x+1) = count(x) + col(x+r+1) - col(x-r),
//     with dp4a on four cells' column sums at a time. Each count is tested against the birth and survival
//     intervals by one add whose carry is shifted into the word of results. With 16-bit column sums
//     (r > 127) the first cells' sums of 2r + 1 columns are taken only in a strip's first chunk: later
//     rows take the row above's first count plus the change of its window, the popcounts of the staged
//     entering and leaving rows in the window's columns, summed over the lanes by a warp scan (the row
//     above lane 0: lane 31 of the chunk before). With byte sums (r <= 127) the 2r + 1 sums measured faster.
// Relative column sums (r > 127): a chunk's column sums less those of the row before it fit a byte, and
// the walk of lane i adds to its count of them, first a warp scan of count changes as above, each cell's
// count in that row: the strip's first counts these from the warm-up's column sums, later chunks take
// what lane 31 of the chunk before wrote (see midCellCountsOffset). A cell costs an add and a quarter of
// a 16-byte load and store more than byte sums, and twice a chunk's shared memory less than 16-bit sums:
// more warps fit.
// Shared memory holds unit u of chunk row i at u * 33 + i (and staged word w at w * 33 + i): the lanes of
// a warp, reading one unit of 32 rows, and the threads of the column step, writing 32 units of one row,
// each touch 32 different banks, and a lane's next units lie at constant offsets.
//
// Checkerboards (radius up to 254) count, in the box, the cells whose offset dx + dy is even (ND, the
// centre's own colour) or odd (NB, the other colour, and the centre). Each column keeps two sums, of its
// even and of its odd rows (unwrapped indices: only offsets matter, also on a torus of odd size); at most
// r + 1 rows each, so bytes hold them to r = 254. A cell of even column x counts, in column x', the rows
// of one parity for x' even and of the other for x' odd: one interleaving of the two sums, stored per row
// as column array 0, and cells of odd x walk the other interleaving, array 1. The walk keeps both running
// sums. NB's live centre is left out of the count: its survival thresholds are lowered by one instead.
#include "boxsum_column_warmup.cuh"
#include "boxsum_row_sums.cuh"
#include "boxsum_step.cuh"

#include <type_traits>

namespace catlab::cuda {

inline constexpr int kMidChunkRows = 32;
inline constexpr int kMidRowPitch = 33;      // words between units (staged words) of shared memory
inline constexpr int kMidUnitsPerThread = 4; // most units of column sums a thread keeps
inline constexpr int kMidStageRowStep = 4;   // threads >= this * span words: a thread stages 8 rows at most

inline constexpr int kMaxMidCheckerboardRadius = 254; // a parity's column sum, r + 1 rows, in a byte
// The warm-up's planes borrow the column sums' shared memory, at least 8 * kMidRowPitch words a span word.
inline constexpr int kMidWarmupMaxParts = 24;
static_assert(kMidWarmupMaxParts * kWarmupPlanes <= 8 * kMidRowPitch);

// Column sums below 256 (r <= 127): four byte lanes per word.
struct ByteColumns {
    static constexpr int perWord = 4;
    CATLAB_HD static unsigned spread(unsigned bits) { return (bits * 0x00204081u) & 0x01010101u; } // 4 bits
};
// Past 127 (r <= 500), each chunk's column sums less those of the row before it: at most 32 either way,
// in byte lanes biased by 128. The walk adds each cell's count in that row, which the chunk before left.
struct DeltaColumns : ByteColumns {
    static constexpr unsigned bias = 0x80808080u;
};
// Up to 1001 (r <= 500): two 16-bit lanes per word.
struct HalfColumns {
    static constexpr int perWord = 2;
    static constexpr unsigned laneOnes = 0x00010001u;                // bit 0 of both lanes
    CATLAB_HD static unsigned spread(unsigned bits) { return bits; } // bits 0 and 16: already the lanes
};

// Moore byte sums: a thread's units come in pairs of one staged word, its nibbles s and s ^ 4, so that
// both add the word's entering and leaving bits from one load each. Pair p is of word p / 4; a warp's 32
// pairs take nibbles 0..3 of their first four words and 4..7 of the next four (s below, and s ^ 4 the
// other way round), so that its 32 stores of a row (unit u at u * kMidRowPitch + i) hit 32 banks.
CATLAB_HD int pairedUnit(int pair, int second) {
    const int s = (pair & 3) | ((pair >> 2) & 4);
    return 8 * (pair >> 2) + (s ^ (4 * second));
}

// What the mid kernel counts: Moore boxes, or one colour of a checkerboard box.
enum class MidShape { Moore, Checkerboard, AlignedCheckerboard };
constexpr int midColumnArrays(MidShape s) { return s == MidShape::Moore ? 1 : 2; }

// Moore byte sums take a staged row's change of a unit's four sums from a table of the 256 pairs of an
// entering and a leaving nibble (entry e + 16 l: e's bits less l's, spread to the byte lanes), one shared
// load instead of two masks, a shift and a multiply a nibble.
inline constexpr int kColumnChangeEntries = 256;
CATLAB_HD unsigned columnChangeEntry(unsigned pair) {
    return ByteColumns::spread(pair & 15u) - ByteColumns::spread(pair >> 4);
}
// The table's words in a block's shared memory (before the column sums): Moore byte sums only.
CATLAB_HD constexpr int midChangeTableWords(int columnArrays, int unitsPerWord) {
    return columnArrays == 1 && unitsPerWord == 8 ? kColumnChangeEntries : 0;
}
// The table's byte offsets for a pair's two units (pairedUnit: nibbles s and s ^ 4 of a staged word) in one
// staged row: rotated right by 4s - 2 and 4s - 6, the entering and the leaving word put nibble s at bits 2..5
// and 6..9 and nibble s ^ 4 sixteen bits above, so that bits 2..9 and 18..25 are the two entries' offsets.
CATLAB_HD unsigned pairChangeOffsets(unsigned entering, unsigned leaving, unsigned nibble) {
    constexpr unsigned enteringBits = 0x003C003Cu;
    const unsigned e = intrinsics::funnelRight(entering, entering, 4u * nibble - 2u);
    const unsigned l = intrinsics::funnelRight(leaving, leaving, 4u * nibble - 6u);
    return (e & enteringBits) | (l & ~enteringBits);
}
CATLAB_HD unsigned firstChangeOffset(unsigned offsets) { return offsets & 0x3FCu; }
CATLAB_HD unsigned secondChangeOffset(unsigned offsets) { return (offsets >> 16) & 0x3FCu; }
CATLAB_HD unsigned changeAt(const unsigned* table, unsigned byteOffset) {
    return *reinterpret_cast<const unsigned*>(reinterpret_cast<const char*>(table) + byteOffset);
}

// Shared memory words of a block: the change table (Moore byte sums), each column array's sums of the span's
// units (and two more, read past the last cell), then the staged entering and leaving words.
CATLAB_HD int midSpanUnits(int blockWords, int spanHalo, int unitsPerWord = 8) {
    return unitsPerWord * (blockWords + 2 * spanHalo);
}
// The staged words of one row kind (entering or leaving): span word w of chunk row i at w * kMidRowPitch + i.
CATLAB_HD std::size_t midStagedWords(int spanWords) { return std::size_t(kMidRowPitch) * std::size_t(spanWords); }
// `arrays` column arrays: each the span's units and the two past it, kMidRowPitch words a unit.
CATLAB_HD std::size_t midColumnArrayWords(int spanWords, int unitsPerWord, int arrays = 1) {
    return std::size_t(kMidRowPitch) * std::size_t(arrays * (unitsPerWord * spanWords + 2));
}
// Where the staged entering words start, after the table and the column sums.
CATLAB_HD std::size_t midStagedOffset(int blockWords, int spanHalo, int columnArrays = 1, int unitsPerWord = 8) {
    return std::size_t(midChangeTableWords(columnArrays, unitsPerWord)) +
           midColumnArrayWords(blockWords + 2 * spanHalo, unitsPerWord, columnArrays);
}
CATLAB_HD std::size_t midSharedWords(int blockWords, int spanHalo, int columnArrays = 1, int unitsPerWord = 8) {
    return midStagedOffset(blockWords, spanHalo, columnArrays, unitsPerWord) +
           2 * midStagedWords(blockWords + 2 * spanHalo);
}

// DeltaColumns: the output cells' counts (as the walk's n) in the row before a chunk, after the other shared
// words, 16-byte aligned for the walk's loads of four. Each segment of S words has M word slots: in chunk c,
// word j of the segment is read from slot (j + c S) mod M, and lane 31 writes its counts of word j for chunk
// c + 1 into slot (j + (c + 1) S) mod M. M = 2S: two buffers; M = S + 1: a ring, where that slot is the one
// word j - 1 was read from (a warp barrier between the two words), which leaves r = 224 .. 255 their 112-word
// blocks within 196 KiB.
CATLAB_HD int midCountSlots(int segmentWords, bool ring) { return ring ? segmentWords + 1 : 2 * segmentWords; }
CATLAB_HD bool midCountsInRing(int segmentWords, int countSlots) { return countSlots < 2 * segmentWords; }
CATLAB_HD std::size_t midCellCountsOffset(int blockWords, int spanHalo) {
    return (midSharedWords(blockWords, spanHalo) + 3) / 4 * 4;
}
CATLAB_HD std::size_t midCellCountsWords(int segments, int countSlots) {
    return 32 * std::size_t(segments) * std::size_t(countSlots);
}
// DeltaColumns, after the counts: each staged word's popcount in the entering row less that in the
// leaving row, a signed byte (|change| <= 32), byte w % 4 of word (w / 4) * kMidRowPitch + i for span word
// w and chunk row i, so that a lane sums four words' changes of its row by one dp4a.
CATLAB_HD std::size_t midWordChangesOffset(int blockWords, int spanHalo, int segments, int countSlots) {
    return midCellCountsOffset(blockWords, spanHalo) + midCellCountsWords(segments, countSlots);
}
CATLAB_HD std::size_t midDeltaSharedWords(int blockWords, int spanHalo, int segments, int countSlots) {
    const int spanWords = blockWords + 2 * spanHalo;
    return midWordChangesOffset(blockWords, spanHalo, segments, countSlots) +
           std::size_t(kMidRowPitch) * std::size_t((spanWords + 3) / 4);
}

// SameFloor (simple sets only): birth and survival start at one count, so both tests take the same n.
template <bool Simple, MidShape Shape, class Columns, bool SameFloor = false, class Sync>
CATLAB_HD void midBoxBody(const StepArgs& a, unsigned* shared, int tid, int threads, long long block,
                          const Sync& sync) {
    constexpr bool checker = Shape != MidShape::Moore;
    constexpr bool deltas = std::is_same_v<Columns, DeltaColumns>;
    constexpr int perWord = Columns::perWord;           // columns a unit holds
    constexpr int unitsPerSpanWord = 32 / perWord;      // units of a word's 32 columns
    constexpr unsigned laneMask = (1u << perWord) - 1u; // a unit's bits of a word
    static_assert(!checker || perWord == 4, "checkerboards keep byte column sums");
    const int r = a.radius, height = a.in.height;
    const int wo = int(block % a.columnBlocks) * a.blockWords;
    const int outEnd = wo + a.blockWords < a.in.words ? wo + a.blockWords : a.in.words;
    const int spanBegin = wo - a.spanHalo;
    const int spanWords = a.blockWords + 2 * a.spanHalo;
    const int loadWords = outEnd + a.spanHalo - spanBegin; // the rest of the span lies past the row
    const int spanUnits = unitsPerSpanWord * spanWords;
    const std::size_t arrayWords = midColumnArrayWords(spanWords, unitsPerSpanWord);
    [[maybe_unused]] unsigned* const changeTable = shared; // Moore byte sums
    constexpr int tableWords = midChangeTableWords(midColumnArrays(Shape), unitsPerSpanWord);
    unsigned* const sums = shared + tableWords; // unit u, row i: u * 33 + i (checkerboards: array 0)
    unsigned* const sums1 = sums + arrayWords;  // checkerboards: array 1
    unsigned* const entering =                  // staged word w of chunk row i at w * kMidRowPitch + i
        shared + midStagedOffset(a.blockWords, a.spanHalo, midColumnArrays(Shape), unitsPerSpanWord);
    unsigned* const leaving = entering + midStagedWords(spanWords);
    unsigned* const cellCounts = deltas ? shared + midCellCountsOffset(a.blockWords, a.spanHalo) : nullptr;
    [[maybe_unused]] auto* const wordChanges = // as signed bytes, see midWordChangesOffset
        deltas ? reinterpret_cast<signed char*>(
                     shared + midWordChangesOffset(a.blockWords, a.spanHalo, a.segments.count, a.countSlots))
               : nullptr;
    const long long yo = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const long long yEnd = yo + a.stripRows < a.rowEnd ? yo + a.stripRows : a.rowEnd;

    for (int i = tid; i < tableWords; i += threads) changeTable[i] = columnChangeEntry(unsigned(i));
    // The two units past the span are read (not used) by the walk of the last cells.
    for (int i = tid; i < 2 * kMidRowPitch; i += threads) {
        sums[std::size_t(spanUnits) * kMidRowPitch + i] = 0;
        if constexpr (checker) sums1[std::size_t(spanUnits) * kMidRowPitch + i] = 0;
    }

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
    // Relative sums: the thread's word in row 0, its rows rowStep apart by one wide multiply each
    // (BitGrid::inRow); the 64-bit offsets and wrap loops of rowOffset(rowAfter(..)) were 8% of that
    // kernel's instructions at r = 128. A step wraps the torus at most once where it reaches a loaded row
    // (i < rows <= height). The base pointer's registers make the 96-register kernels spill.
    [[maybe_unused]] unsigned* const stageColumn =
        a.in.alive + a.in.rowOffset(0) + std::ptrdiff_t(spanBegin + stageWord);
    [[maybe_unused]] auto rowStepOn = [&](int y) { return y + rowStep < height ? y + rowStep : y + rowStep - height; };
    auto loadStage = [&](int enterRow, int leaveRow, int rows, bool leave) {
        [[maybe_unused]] int ye = rowAfter(enterRow, stageRow), yl = rowAfter(leaveRow, stageRow);
        CATLAB_UNROLL
        for (int k = 0; k < kStaged; ++k) {
            const int i = stageRow + k * rowStep;
            enterWords[k] = leaveWords[k] = 0;
            if constexpr (deltas) {
                if (stages && i < rows) {
                    enterWords[k] = intrinsics::loadReadOnly(a.in.inRow(stageColumn, ye));
                    if (leave) leaveWords[k] = intrinsics::loadReadOnly(a.in.inRow(stageColumn, yl));
                }
                ye = rowStepOn(ye);
                yl = rowStepOn(yl);
            } else if (stages && i < rows) {
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
                if constexpr (deltas)
                    wordChanges[4 * ((stageWord / 4) * kMidRowPitch + i) + stageWord % 4] = static_cast<signed char>(
                        intrinsics::popcount(enterWords[k]) - intrinsics::popcount(leaveWords[k]));
            }
        }
    };

    // Byte sums (Moore to r = 127 and relative sums: the units of mooreUnit; checkerboards: units tid,
    // tid + threads, ...) add the staged rows (and subtract the leaving ones), storing each row's sums when
    // `store`. Checkerboards keep the sums of even and of odd rows; the chunk's first entering row has the
    // parity `enterParity` (the leaving one the other: 2r + 1 apart), and output row i of the chunk that of
    // enterParity + r + i. FullChunk (Moore): all 32 rows, no row test.
    unsigned columns[kMidUnitsPerThread] = {};
    // A unit's bits of a staged word (or warm-up plane), spread to its lanes.
    [[maybe_unused]] auto unitBits = [](unsigned word, unsigned shift) {
        return Columns::spread((word >> shift) & laneMask);
    };
    [[maybe_unused]] unsigned oddColumns[kMidUnitsPerThread] = {};
    // Moore byte sums: unit j of the thread (pairedUnit), or -1 past the span.
    [[maybe_unused]] auto mooreUnit = [&](int j) {
        const int pair = tid + (j / 2) * threads;
        return pair < spanUnits / 2 ? pairedUnit(pair, j % 2) : -1;
    };
    [[maybe_unused]] auto byteColumnStep = [&](auto fullChunk, int rows, bool store, int enterParity) {
        if constexpr (perWord == 4 && !checker) {
            CATLAB_UNROLL
            for (int j = 0; j < kMidUnitsPerThread; j += 2) {
                const int first = mooreUnit(j), second = mooreUnit(j + 1);
                if (first < 0) break;
                const unsigned* e = entering + (first / unitsPerSpanWord) * kMidRowPitch;
                const unsigned* l = leaving + (first / unitsPerSpanWord) * kMidRowPitch;
                const unsigned nibble = unsigned(first % unitsPerSpanWord); // second: nibble ^ 4
                unsigned* s0 = sums + std::size_t(first) * kMidRowPitch;
                unsigned* s1 = sums + std::size_t(second) * kMidRowPitch;
                unsigned sum0 = deltas ? DeltaColumns::bias : columns[j];
                unsigned sum1 = deltas ? DeltaColumns::bias : columns[j + 1];
                CATLAB_UNROLL
                for (int i = 0; i < kMidChunkRows; ++i) {
                    if constexpr (!decltype(fullChunk)::value)
                        if (i >= rows) break;
                    // The leaving row was added before, so no lane goes below zero.
                    const unsigned offsets = pairChangeOffsets(e[i], l[i], nibble);
                    sum0 += changeAt(changeTable, firstChangeOffset(offsets));
                    sum1 += changeAt(changeTable, secondChangeOffset(offsets));
                    if (store) {
                        s0[i] = sum0;
                        s1[i] = sum1;
                    }
                }
                columns[j] = sum0;
                columns[j + 1] = sum1;
            }
        } else if constexpr (perWord == 4) {
            CATLAB_UNROLL
            for (int j = 0; j < kMidUnitsPerThread; ++j) {
                const int u = tid + j * threads;
                if (u >= spanUnits) break;
                const unsigned shift = unsigned(u % unitsPerSpanWord) * perWord;
                const unsigned* e = entering + (u / unitsPerSpanWord) * kMidRowPitch;
                const unsigned* l = leaving + (u / unitsPerSpanWord) * kMidRowPitch;
                unsigned* s = sums + std::size_t(u) * kMidRowPitch;
                unsigned sum = columns[j];
                unsigned* s1 = sums1 + std::size_t(u) * kMidRowPitch;
                unsigned odd = oddColumns[j];
                constexpr unsigned evenColumns = 0x00FF00FFu; // lanes 0 and 2: columns 4u and 4u + 2
                CATLAB_UNROLL
                for (int i = 0; i < kMidChunkRows; ++i) {
                    if (i >= rows) break;
                    const unsigned in = unitBits(e[i], shift), out = unitBits(l[i], shift);
                    const bool enterOdd = ((enterParity + i) & 1) != 0;
                    if (enterOdd) {
                        odd += in;
                        sum -= out;
                    } else {
                        sum += in;
                        odd -= out;
                    }
                    if (store) {
                        // The rows of the output row's own parity (A) in columns of even offset, the others (B)
                        // in columns of odd offset: the own-colour cells of an even column.
                        const bool rowOdd = ((enterParity + i + a.radius) & 1) != 0;
                        const unsigned own = rowOdd ? odd : sum, other = rowOdd ? sum : odd;
                        const unsigned evenCells = (own & evenColumns) | (other & ~evenColumns);
                        const unsigned oddCells = (other & evenColumns) | (own & ~evenColumns);
                        constexpr bool aligned = Shape == MidShape::AlignedCheckerboard;
                        s[i] = aligned ? evenCells : oddCells; // NB: the other colour's cells
                        s1[i] = aligned ? oddCells : evenCells;
                    }
                }
                oddColumns[j] = odd;
                columns[j] = sum;
            }
        }
    };
    // 16-bit sums (Moore past r = 127): a thread keeps groups tid, tid + threads, ... of two units. Group
    // g of a staged word holds two strided sums, `even` (q = 0) and `odd` (q = 1), each with its low lane
    // on column 2g + q and its high lane on column 2g + q + 16: a row adds its bits by a shift and a mask.
    // Stored, the pair is transposed (bytePermute) into the units the walk reads, of two consecutive
    // columns: the low lanes into unit g of the word, the high ones into unit g + 8. A thread stores the
    // two in the order `rot` of its word, so that the 32 threads of a warp write 32 banks. FullChunk: all
    // 32 rows, no row test.
    [[maybe_unused]] auto halfColumnStep = [&](auto fullChunk, int rows, bool store) {
        if constexpr (perWord == 2) {
            constexpr int groupsPerWord = unitsPerSpanWord / 2;         // 8
            constexpr int groupsPerThread = kMidUnitsPerThread / 2;     // 2
            constexpr int wordsPerBankRound = 32 / unitsPerSpanWord;    // 2: their units cover the 32 banks
            constexpr unsigned lowLanes = 0x5410u, highLanes = 0x7632u; // bytePermute of two sums' halves
            CATLAB_UNROLL
            for (int j = 0; j < groupsPerThread; ++j) {
                const int group = tid + j * threads;
                if (group >= spanUnits / 2) break;
                const int word = group / groupsPerWord, g = group % groupsPerWord;
                const unsigned* e = entering + word * kMidRowPitch;
                const unsigned* l = leaving + word * kMidRowPitch;
                const bool rot = (word / wordsPerBankRound) % 2 != 0;
                const unsigned firstLanes = rot ? highLanes : lowLanes, secondLanes = rot ? lowLanes : highLanes;
                const int lowUnit = (word * unitsPerSpanWord + g) * kMidRowPitch;
                const int highUnit = lowUnit + groupsPerWord * kMidRowPitch;
                const int firstUnit = rot ? highUnit : lowUnit, secondUnit = rot ? lowUnit : highUnit;
                const unsigned shift = unsigned(2 * g);
                unsigned& even = columns[2 * j];
                unsigned& odd = columns[2 * j + 1];
                CATLAB_UNROLL
                for (int i = 0; i < kMidChunkRows; ++i) {
                    if constexpr (!decltype(fullChunk)::value)
                        if (i >= rows) break;
                    const unsigned in = e[i] >> shift, out = l[i] >> shift;
                    // The leaving row was added before, so no lane goes below zero.
                    even += (in & Columns::laneOnes) - (out & Columns::laneOnes);
                    odd += ((in >> 1) & Columns::laneOnes) - ((out >> 1) & Columns::laneOnes);
                    if (store) {
                        sums[firstUnit + i] = intrinsics::bytePermute(even, odd, firstLanes);
                        sums[secondUnit + i] = intrinsics::bytePermute(even, odd, secondLanes);
                    }
                }
            }
        }
    };
    auto columnStep = [&](int rows, bool store, int enterParity) {
        auto step = [&](auto fullChunk) {
            if constexpr (perWord == 4)
                byteColumnStep(fullChunk, rows, store, enterParity);
            else
                halfColumnStep(fullChunk, rows, store);
        };
        if (!checker && rows == kMidChunkRows)
            step(std::true_type{});
        else
            step(std::false_type{});
    };

    // Simple sets: the walk keeps n = bornFrom - 1 - count, so that a count in the birth interval is the
    // carry out of n + bornLength, and one in the survival interval that of (n + keptShift) + keptLength.
    // General sets: n = -1 - count.
    static_assert(Simple || !SameFloor);
    const int bornFrom = Simple ? firstThreshold(a.rule.birth) : 0;
    const unsigned bornLength = a.rule.birth.count == 0   ? 0u
                                : a.rule.birth.count == 1 ? 0x7FFFFFFFu
                                                          : unsigned(a.rule.birth.value[1] - a.rule.birth.value[0]);
    const unsigned keptShift = unsigned(firstThreshold(a.rule.survival) - bornFrom); // SameFloor: 0
    const unsigned keptLength = a.rule.survival.count == 0 ? 0u
                                : a.rule.survival.count == 1
                                    ? 0x7FFFFFFFu
                                    : unsigned(a.rule.survival.value[1] - a.rule.survival.value[0]);

    // Deltas: the counts of the output cells in the row before the strip, as n, into chunk 0's slots, from the
    // warm-up's planes: its column sums (up to 1001) into 16-bit lanes, each plane's bits first summed
    // over the parts in byte lanes (at most kMidWarmupMaxParts each), then stored one a span column.
    [[maybe_unused]] auto startCellCounts = [&](const unsigned* planes, int parts, int rows) {
        unsigned columns02[kMidUnitsPerThread] = {},
                 columns13[kMidUnitsPerThread] = {}; // a unit's columns 0, 2 and 1, 3
        const int planeCount = warmupPlaneCount(rows, parts);
        CATLAB_UNROLL
        for (int j = 0; j < kMidUnitsPerThread; ++j) {
            const int u = tid + j * threads;
            if (u >= spanUnits) break;
            const unsigned shift = unsigned(u % unitsPerSpanWord) * perWord;
            for (int k = 0; k < planeCount; ++k) {
                const unsigned weight = planeWeight(planes, u / unitsPerSpanWord, k, spanWords, parts,
                                                    [&](unsigned plane) { return unitBits(plane, shift); });
                columns02[j] += (weight & 0x00FF00FFu) << k;
                columns13[j] += ((weight >> 8) & 0x00FF00FFu) << k;
            }
        }
        sync();                           // the column sums overwrite the planes
        unsigned* const columnSum = sums; // span column c
        CATLAB_UNROLL
        for (int j = 0; j < kMidUnitsPerThread; ++j) {
            const int u = tid + j * threads;
            if (u >= spanUnits) break;
            columnSum[4 * u] = columns02[j] & 0xFFFFu;
            columnSum[4 * u + 1] = columns13[j] & 0xFFFFu;
            columnSum[4 * u + 2] = columns02[j] >> 16;
            columnSum[4 * u + 3] = columns13[j] >> 16;
        }
        sync();
        // A warp a word, a lane a cell: lane b sums the first cell's columns b, b + 32, ... of its window and
        // takes the change from cell b - 1 to b; a warp sum and a warp scan give every cell's count. The 32
        // lanes of a load read 32 consecutive columns, 32 banks (by a thread a word, one bank 32 times).
        // Warp s takes the words of segment s (MidSegments), whose first slots it fills.
        const int cell = tid % 32, segment = tid / 32;
        const int firstWord = midSegmentFirst(a.segments, segment);
        const int segmentEnd = midSegmentFirst(a.segments, segment + 1);
        const int lastWord = segmentEnd < outEnd - wo ? segmentEnd : outEnd - wo;
        for (int w = firstWord; w < lastWord; ++w) {
            const int x = 32 * (a.spanHalo + w); // the span column of the word's first cell
            int part = 0;
            for (int c = x - r + cell; c <= x + r; c += 32) part += int(columnSum[c]);
            const int change = cell == 0 ? 0 : int(columnSum[x + cell + r]) - int(columnSum[x + cell - 1 - r]);
            const int first = sync.fromLastLane(tid, sync.warpInclusiveSum(tid, part));
            const std::size_t slot = std::size_t(segment) * std::size_t(a.countSlots) + std::size_t(w - firstWord);
            cellCounts[32 * slot + cell] = unsigned(bornFrom - 1 - first - sync.warpInclusiveSum(tid, change));
        }
    };

    // Warm-up: the sums of rows yo - r - 1 .. yo + r - 1 (the rows before the first output row's window
    // is complete; the first chunk adds row yo + r and takes away row yo - r - 1). Moore boxes count them
    // bit-sliced, in the shared memory of the column sums (boxsum_column_warmup.cuh): byte sums all of
    // them, 16-bit sums their whole chunks (counting all spilled registers in the 16-bit kernel's loop).
    // The rest enters as the output rows do, by the column step, in chunks (checkerboards: each row into
    // the sums of its parity).
    const int window = 2 * r + 1;
    int leaveRow = wrapRow(yo - r - 1, height);
    const int counted = checker ? 0 : perWord == 4 ? window : window / kMidChunkRows * kMidChunkRows;
    if (counted > 0) {
        const int parts = warmupParts(threads, spanWords, kMidWarmupMaxParts);
        for (int item = tid; item < parts * spanWords; item += threads)
            countColumnPart(a.in, leaveRow, counted, spanBegin, spanWords, loadWords, parts, sums, item);
        sync();
        const auto gather = [&](int word, unsigned shift, unsigned lanes) {
            return gatherColumnSums(sums, word, counted, spanWords, parts,
                                    [&](unsigned plane) { return Columns::spread((plane >> shift) & lanes); });
        };
        if constexpr (deltas) {
            startCellCounts(sums, parts, window);
        } else if constexpr (perWord == 4) {
            CATLAB_UNROLL
            for (int j = 0; j < kMidUnitsPerThread; ++j) {
                const int u = mooreUnit(j);
                if (u < 0) break;
                columns[j] = gather(u / unitsPerSpanWord, unsigned(u % unitsPerSpanWord) * perWord, laneMask);
            }
        } else { // the strided pairs of halfColumnStep
            CATLAB_UNROLL
            for (int j = 0; j < kMidUnitsPerThread / 2; ++j) {
                const int group = tid + j * threads;
                if (group >= spanUnits / 2) break;
                const int word = group / (unitsPerSpanWord / 2), g = group % (unitsPerSpanWord / 2);
                columns[2 * j] = gather(word, unsigned(2 * g), Columns::laneOnes);
                columns[2 * j + 1] = gather(word, unsigned(2 * g + 1), Columns::laneOnes);
            }
        }
    }
    int enterRow = wrapRow(yo - r - 1 + counted, height);
    const int firstParity = int((yo - r - 1) & 1); // of the unwrapped row yo - r - 1
    for (int done = counted; done < window; done += kMidChunkRows) {
        const int rows = window - done < kMidChunkRows ? window - done : kMidChunkRows;
        loadStage(enterRow, leaveRow, rows, false);
        storeStage(rows);
        sync();
        columnStep(rows, false, (firstParity + done) & 1);
        sync();
        enterRow = rowAfter(enterRow, rows);
    }

    const int lane = tid % 32, segment = tid / 32;
    const int firstWord = wo + midSegmentFirst(a.segments, segment);
    const int segmentEnd = wo + midSegmentFirst(a.segments, segment + 1);
    const int lastWord = segmentEnd < outEnd ? segmentEnd : outEnd;
    // Span column c (c = 0: the first column of word spanBegin) is byte c % 4 of unit c / 4.
    const int x = 32 * (firstWord - spanBegin);
    const int ahead = x + r + 1, behind = x - r; // the columns that enter and leave between x and x + 1
    constexpr unsigned laneBits = 32 / perWord;
    const unsigned aheadShift = unsigned(ahead % perWord) * laneBits;
    const unsigned behindShift = unsigned(behind % perWord) * laneBits;
    // Weights of dp4a (bytes) and dp2a (the low two bytes, one per 16-bit column sum): every column of a
    // unit, and -1 for every one.
    constexpr unsigned ones = perWord == 4 ? 0x01010101u : 0x0101u;
    constexpr unsigned minusOnes = perWord == 4 ? 0xFFFFFFFFu : 0xFFFFu;
    auto dot = [](unsigned columnSums, unsigned weights, int c) {
        if constexpr (perWord == 4)
            return intrinsics::dot4(columnSums, weights, c);
        else
            return intrinsics::dot2(columnSums, weights, c);
    };

    // The running sum of column array `sums` over the window of the first cell, as n (see above): the
    // columns lo .. hi, the end units' other columns weighted 0.
    auto firstSum = [&](const unsigned* col) {
        auto at = [&](int u) { return col[u * kMidRowPitch]; };
        const int lo = x - r, hi = x + r;
        const unsigned loWeights = minusOnes << (8 * (lo % perWord));
        const unsigned hiWeights = minusOnes >> (8 * (perWord - 1 - hi % perWord)) & minusOnes;
        int n = dot(at(lo / perWord), loWeights & minusOnes, bornFrom - 1);
        CATLAB_UNROLL_4
        for (int u = lo / perWord + 1; u < hi / perWord; ++u) n = dot(at(u), minusOnes, n);
        return dot(at(hi / perWord), hiWeights, n);
    };
    // n of the cell k (< perWord) columns on from the one of n: the first k entering columns
    // subtracted, the first k leaving added.
    auto slid = [&](int n, unsigned enteringSums, unsigned leavingSums, int k) {
        const unsigned first = k == 0 ? 0u : minusOnes >> (8 * (perWord - k));
        return k == 0 ? n : dot(leavingSums, first & ones, dot(enteringSums, first, n));
    };
    // Relative sums: each leaving column less the entering one, |change| <= 64, plus 128: each lane of leaving
    // + 128 - entering lies in 0..255, so one add has no borrow between lanes. The walk slides by one dp4a a
    // cell (the biased changes against 0/1 weights), 128 too many for every column it passes; the add of the
    // cell's count in the row before takes that away (an immediate: the units are unrolled).
    [[maybe_unused]] auto biasedChanges = [](unsigned enteringSums, unsigned leavingSums) {
        return leavingSums + 0x80808080u - enteringSums;
    };
    [[maybe_unused]] constexpr int changeBias = 128;

    // How much the first cell's count grows from the row above to chunk row i (its window's
    // columns in the row entering and the row leaving its column sums).
    auto countChange = [&](int i) {
        const auto rowWords = [i](const unsigned* staged) {
            return [staged, i](int q) { return staged[q * kMidRowPitch + i]; };
        };
        return cellsBetween(rowWords(entering), x - r, x + r) - cellsBetween(rowWords(leaving), x - r, x + r);
    };
    // The same with relative sums: the window's two end words by masked popcounts (as cellsBetween), the words
    // between from the staged words' changes, four a dp4a (at r = 500 about 12 loads a lane instead of 66).
    [[maybe_unused]] auto countChangeByWords = [&](int i) {
        const int lo = x - r, hi = x + r, qlo = lo >> 5, qhi = hi >> 5;
        const unsigned from = bitsFrom(lo), upTo = bitsUpTo(hi);
        auto ends = [&](const unsigned* staged) {
            const unsigned low = staged[qlo * kMidRowPitch + i], high = staged[qhi * kMidRowPitch + i];
            return qlo == qhi ? intrinsics::popcount(low & from & upTo)
                              : intrinsics::popcount(low & from) + intrinsics::popcount(high & upTo);
        };
        int n = ends(entering) - ends(leaving);
        const int inner = qlo + 1, innerEnd = qhi - 1; // the whole words between, inclusive
        if (inner > innerEnd) return n;
        const auto* changes = reinterpret_cast<const unsigned*>(wordChanges) + i;
        auto group = [&](int g) { return changes[g * kMidRowPitch]; };
        const int g0 = inner >> 2, g1 = innerEnd >> 2;
        const unsigned firstWeights = 0x01010101u << (8 * (inner & 3));         // bytes inner % 4 .. 3
        const unsigned lastWeights = 0x01010101u >> (8 * (3 - (innerEnd & 3))); // bytes 0 .. innerEnd % 4
        if (g0 == g1) return intrinsics::dot4(firstWeights & lastWeights, group(g0), n);
        n = intrinsics::dot4(firstWeights, group(g0), n);
        CATLAB_UNROLL_4
        for (int g = g0 + 1; g < g1; ++g) n = intrinsics::dot4(0x01010101u, group(g), n);
        return intrinsics::dot4(lastWeights, group(g1), n);
    };

    // Lane `lane` walks row y from n, the first cell's (see above; deltas: of the chunk's column sums, and
    // each cell adds its count in the row before the chunk, from the segment's slots `counts`, word j in slot
    // (slot + j) mod countSlots; where a chunk follows (`stores`, the same for the warp) the chunk's last row,
    // `leaves`, writes its own counts of word j into slot (nextSlot + j) mod countSlots).
    [[maybe_unused]] const int countSlots = a.countSlots;
    // A ring: lane 31 writes the slot the word before was read from.
    [[maybe_unused]] const bool ring = midCountsInRing(a.segments.words, countSlots);
    auto walk = [&](long long y, int n, [[maybe_unused]] unsigned* counts, [[maybe_unused]] int slot,
                    [[maybe_unused]] int nextSlot, [[maybe_unused]] bool stores, [[maybe_unused]] bool leaves) {
        const unsigned* col = sums + lane;
        [[maybe_unused]] const unsigned* col1 = sums1 + lane;
        [[maybe_unused]] int n1 = 0; // checkerboards: array 1's, for the cells of odd x
        if constexpr (checker) n1 = firstSum(col1);

        const unsigned* pa = col + (ahead / perWord) * kMidRowPitch;
        const unsigned* pb = col + (behind / perWord) * kMidRowPitch;
        unsigned a0 = pa[0], b0 = pb[0];
        [[maybe_unused]] const unsigned* pa1 = col1 + (ahead / perWord) * kMidRowPitch;
        [[maybe_unused]] const unsigned* pb1 = col1 + (behind / perWord) * kMidRowPitch;
        [[maybe_unused]] unsigned c0 = 0, d0 = 0;
        if constexpr (checker) {
            c0 = pa1[0];
            d0 = pb1[0];
        }
        for (int word = firstWord; word < lastWord; ++word) {
            [[maybe_unused]] const unsigned* before = nullptr;
            [[maybe_unused]] unsigned* after = nullptr;
            if constexpr (deltas) {
                before = counts + 32 * slot;
                after = counts + 32 * nextSlot;
                slot = slot + 1 == countSlots ? 0 : slot + 1;
                nextSlot = nextSlot + 1 == countSlots ? 0 : nextSlot + 1;
                if (stores && ring) sync.syncWarp(tid); // every lane has read word - 1's slot, which `after` is
            }
            // The word's cells now, loaded first with relative sums (r > 127): the 32 lanes read 32 rows and
            // the longer walk hides the latency. Measured slower below 128 (H200: +0.6% at r = 17..127), and
            // the checkerboards would spill more at their 96 registers.
            constexpr bool loadFirst = !checker && deltas;
            [[maybe_unused]] unsigned alive = 0;
            if constexpr (loadFirst)
                alive = intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(int(y)) + std::size_t(word));
            unsigned born = 0, kept = 0; // bit 31 - i: cell i of the word
            CATLAB_UNROLL
            for (int g = 0; g < unitsPerSpanWord; ++g) {
                const unsigned a1 = pa[(g + 1) * kMidRowPitch], b1 = pb[(g + 1) * kMidRowPitch];
                const unsigned enteringSums = intrinsics::funnelRight(a0, a1, aheadShift);
                const unsigned leavingSums = intrinsics::funnelRight(b0, b1, behindShift);
                [[maybe_unused]] unsigned enteringOdd = 0, leavingOdd = 0;
                if constexpr (checker) {
                    const unsigned c1 = pa1[(g + 1) * kMidRowPitch], d1 = pb1[(g + 1) * kMidRowPitch];
                    enteringOdd = intrinsics::funnelRight(c0, c1, aheadShift);
                    leavingOdd = intrinsics::funnelRight(d0, d1, behindShift);
                    c0 = c1;
                    d0 = d1;
                }
                [[maybe_unused]] unsigned cellsBefore[perWord], cellsAfter[perWord];
                [[maybe_unused]] unsigned changes = 0;
                const int cell = perWord * g; // of the word
                if constexpr (deltas) {
                    intrinsics::loadFour(before + cell, cellsBefore);
                    changes = biasedChanges(enteringSums, leavingSums);
                }
                CATLAB_UNROLL
                for (int k = 0; k < perWord; ++k) {
                    int nk = 0;
                    if constexpr (checker)
                        nk = k % 2 == 0 ? slid(n, enteringSums, leavingSums, k) : slid(n1, enteringOdd, leavingOdd, k);
                    else if constexpr (deltas)
                        nk = k == 0 ? n : intrinsics::dot4<true>(ones >> (8 * (perWord - k)), changes, n);
                    else
                        nk = slid(n, enteringSums, leavingSums, k);
                    if constexpr (deltas) // the bias of the word's columns before cell `cell` + k
                        cellsAfter[k] = unsigned(nk += int(cellsBefore[k]) - changeBias * (cell + k));
                    if constexpr (Simple) {
                        born = intrinsics::shiftInCarry(born, unsigned(nk), bornLength);
                        kept = intrinsics::shiftInCarry(kept, SameFloor ? unsigned(nk) : unsigned(nk) + keptShift,
                                                        keptLength);
                    } else {
                        const int count = -1 - nk;
                        born = 2u * born + inThresholds(a.rule.birth, count);
                        kept = 2u * kept + inThresholds(a.rule.survival, count);
                    }
                }
                if constexpr (deltas)
                    if (leaves) intrinsics::storeFour(after + cell, cellsAfter);
                if constexpr (deltas)
                    n = intrinsics::dot4<true>(ones, changes, n);
                else
                    n = dot(leavingSums, ones, dot(enteringSums, minusOnes, n));
                if constexpr (checker) n1 = dot(leavingOdd, ones, dot(enteringOdd, minusOnes, n1));
                a0 = a1;
                b0 = b1;
            }
            if constexpr (deltas) n -= changeBias * 32; // the word's columns' bias
            pa += unitsPerSpanWord * kMidRowPitch;
            pb += unitsPerSpanWord * kMidRowPitch;
            if constexpr (checker) {
                pa1 += unitsPerSpanWord * kMidRowPitch;
                pb1 += unitsPerSpanWord * kMidRowPitch;
            }
            if constexpr (loadFirst)
                writeNextWord(a.in, a.out, int(y), word, intrinsics::bitReverse(born), intrinsics::bitReverse(kept),
                              a.rule.states, alive);
            else
                writeNextWord(a.in, a.out, int(y), word, intrinsics::bitReverse(born), intrinsics::bitReverse(kept),
                              a.rule.states);
        }
    };

    // Output rows in chunks: stage the next chunk's rows while walking this one's.
    const int firstRows = yEnd - yo < kMidChunkRows ? int(yEnd - yo) : kMidChunkRows;
    loadStage(enterRow, leaveRow, firstRows, true);
    storeStage(firstRows);
    constexpr bool firstFromAbove = !checker && perWord == 2;
    const bool walks = firstWord < lastWord; // the same for the 32 lanes of a warp
    [[maybe_unused]] int carried = 0;        // firstFromAbove: n of the first cell of the chunk's last row
    int chunk = 0;                           // deltas: a segment's first word in slot chunk S mod M
    for (long long yc = yo; yc < yEnd; yc += kMidChunkRows, ++chunk) {
        const int rows = yEnd - yc < kMidChunkRows ? int(yEnd - yc) : kMidChunkRows;
        sync();
        // The staged rows stay until the next chunk's are stored, after the walk.
        [[maybe_unused]] int first = 0; // n of the lane's first cell
        // Relative sums: the rows' first counts before the column step, which does not change what they read,
        // so that their latency overlaps other warps' column steps rather than ending the phase.
        if constexpr (deltas) // the chunk's column sums start from zero: the rows' count changes summed
            if (walks) first = -sync.warpInclusiveSum(tid, lane < rows ? countChangeByWords(lane) : 0);
        columnStep(rows, true, int((yc + r) & 1)); // row yc + r enters first
        enterRow = rowAfter(enterRow, rows);
        leaveRow = rowAfter(leaveRow, rows);
        if constexpr (firstFromAbove) {
            if (walks && yc != yo) {
                first = carried - sync.warpInclusiveSum(tid, lane < rows ? countChange(lane) : 0);
                carried = sync.fromLastLane(tid, first);
            }
        }
        sync();
        const long long yNext = yc + kMidChunkRows;
        const int nextRows = yEnd - yNext < kMidChunkRows ? int(yEnd - yNext) : kMidChunkRows;
        if (nextRows > 0) loadStage(enterRow, leaveRow, nextRows, true);
        if constexpr (deltas) {
            unsigned* const counts = cellCounts + 32 * std::size_t(countSlots) * std::size_t(segment);
            const int slot = int(static_cast<long long>(chunk) * a.segments.words % countSlots);
            const int nextSlot = (slot + a.segments.words) % countSlots;
            if (lane < rows && walks)
                walk(yc + lane, first, counts, slot, nextSlot, nextRows > 0, lane == 31 && nextRows > 0);
        } else if constexpr (firstFromAbove) {
            if (walks) {
                if (yc == yo) {
                    first = firstSum(sums + lane); // lanes past `rows`: unused
                    carried = sync.fromLastLane(tid, first);
                }
                if (lane < rows) walk(yc + lane, first, nullptr, 0, 0, false, false);
            }
        } else if (lane < rows && walks) {
            walk(yc + lane, firstSum(sums + lane), nullptr, 0, 0, false, false);
        }
        if (nextRows > 0) storeStage(nextRows);
    }
}

} // namespace catlab::cuda
