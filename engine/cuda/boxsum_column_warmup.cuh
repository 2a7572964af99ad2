#pragma once
// The mid kernels' first column sums, of the 2r + 1 rows a strip starts from (y - r - 1 .. y + r - 1 for
// its first output row y), counted bit-sliced: a thread takes one span word and one part of those rows,
// and adds them eight at a time into a counter of kWarmupPlanes planes (by its code about ten
// instructions a row for 32 columns; adding a row to the byte or 16-bit column sums takes some seventy to a
// hundred, docs/benchmarks.md). The planes go to shared memory, and each thread gathers its units' sums from them: for
// every part, plane k's bits weighed 2^k.
#include "bit_planes.cuh"
#include "bitsliced.cuh"
#include "boxsum_step.cuh" // nextRow

#include "catlab/neighbourhood.hpp"

namespace catlab::cuda {

inline constexpr int kWarmupPlanes = 10; // a part's count, at most 2 * kMaxRadius + 1 rows
inline constexpr int kWarmupBatchRows = 8;
static_assert(2 * kMaxRadius + 1 < (1 << kWarmupPlanes));

// Parts the rows are split into: as many as threads allow for each span word, at most `maxParts` (the
// planes of all parts must fit the shared memory they borrow).
CATLAB_HD int warmupParts(int threads, int spanWords, int maxParts) {
    const int parts = threads / spanWords;
    return parts < 1 ? 1 : parts > maxParts ? maxParts : parts;
}

// Rows of each part but the last (which may have fewer, or none).
CATLAB_HD int warmupPartRows(int window, int parts) { return (window + parts - 1) / parts; }

// Item `item` (< parts * spanWords) counts word item % spanWords (of the span from word spanBegin; words
// from loadWords on lie past the row and count zero) over part item / spanWords of the `window` rows from
// row `first`, and stores plane k at planes[(k * parts + part) * spanWords + word].
CATLAB_HD void countColumnPart(const BitGrid& in, int first, int window, int spanBegin, int spanWords, int loadWords,
                               int parts, unsigned* planes, int item) {
    const int word = item % spanWords, part = item / spanWords;
    const int rowsPerPart = warmupPartRows(window, parts);
    const int begin = part * rowsPerPart;
    const int rows = begin >= window ? 0 : window - begin < rowsPerPart ? window - begin : rowsPerPart;
    unsigned count[kWarmupPlanes] = {};
    if (word < loadWords && rows > 0) {
        int y = (first + begin) % in.height;
        // A left halo word has a negative index: it wraps, and the sum with the row's offset is its word.
        const std::size_t column = std::size_t(spanBegin + word);
        for (int done = 0; done < rows; done += kWarmupBatchRows) {
            unsigned batch[kWarmupBatchRows];
            CATLAB_UNROLL
            for (int i = 0; i < kWarmupBatchRows; ++i) {
                batch[i] = done + i < rows ? intrinsics::loadReadOnly(in.alive + (in.rowOffset(y) + column)) : 0u;
                y = nextRow(y, in.height);
            }
            unsigned ones[bitsliced::planesFor(kWarmupBatchRows)];
            bitsliced::countOnes(batch, ones);
            bitsliced::add(count, ones);
        }
    }
    const int planeCount = bitsliced::planesFor(rowsPerPart);
    CATLAB_UNROLL
    for (int k = 0; k < kWarmupPlanes; ++k)
        if (k < planeCount) planes[(k * parts + part) * spanWords + word] = count[k];
}

// Planes of a part's count (see countColumnPart).
CATLAB_HD int warmupPlaneCount(int window, int parts) { return bitsliced::planesFor(warmupPartRows(window, parts)); }

// The sum of `take(plane)` over plane k of every part of `word` (see countColumnPart).
template <class Take>
CATLAB_HD unsigned planeWeight(const unsigned* planes, int word, int k, int spanWords, int parts, const Take& take) {
    unsigned weight = 0;
    for (int part = 0; part < parts; ++part) weight += take(planes[(k * parts + part) * spanWords + word]);
    return weight;
}

// The sum of `take(plane)` weighed 2^k over planes k of every part of `word`.
template <class Take>
CATLAB_HD unsigned gatherColumnSums(const unsigned* planes, int word, int window, int spanWords, int parts,
                                    const Take& take) {
    unsigned sum = 0;
    for (int k = 0; k < warmupPlaneCount(window, parts); ++k)
        sum += planeWeight(planes, word, k, spanWords, parts, take) << k;
    return sum;
}

} // namespace catlab::cuda
