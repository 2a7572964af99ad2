#pragma once
// Von Neumann neighbourhoods of any radius, bit-sliced, from running sums along diagonals (Golly counts
// them from diagonal cumulative sums). Going down one row, a cell's diamond gains a "V" of cells below
// and loses a "^" above; each is two diagonal arms, and each arm, seen from the next row, is the arm
// of the neighbouring column one row up with one cell added at one end and one dropped at the other:
//   A(x, y+1) = A(x-1, y) + a(x, y+r+2)   - a(x-r-1, y+1)   A: cells (x-k, y+r+1-k),  k = 0..r
//   B(x, y+1) = B(x+1, y) + a(x+1, y+r+1) - a(x+r+1, y+1)   B: cells (x+k, y+r+1-k),  k = 1..r
//   C(x, y+1) = C(x+1, y) + a(x, y+1)     - a(x+r+1, y-r)   C: cells (x+r-k, y-r+k),  k = 0..r
//   D(x, y+1) = D(x-1, y) + a(x, y+1)     - a(x-r, y-r+1)   D: cells (x-r+k, y-r+k),  k = 1..r
//   N(x, y+1) = N(x, y) + A(x, y) + B(x, y) - C(x-r, y) - D(x+r, y)
// (C and D are indexed by their outermost column, so arrays shifted right only hold cells at or left
// of their column and arrays shifted left only cells at or right of it.) A block owns a span of words
// (its output words and spanHalo words on each side), one thread per word, and walks down a strip of
// rows; the arms are bit planes in registers, shifted by one column per row through shared memory.
// Cells outside the span and rows above the strip's first row count as empty: with zeros shifted in at
// the span's ends every recurrence stays exact for those cells, and the counts of the output words are
// then the true ones once the diamond lies below the first row (2r+2 rows of warm-up).
#include "boxsum_step.cuh"

namespace catlab::cuda {

template <int ArmPlanes, int CountPlanes, bool Simple, class Sync>
CATLAB_HD void vonNeumannBody(const StepArgs& a, unsigned* shared, int tid, int threads, long long block,
                              const Sync& sync) {
    constexpr int AP = ArmPlanes, CP = CountPlanes;
    const int r = a.radius, height = a.in.height;
    const int wo = int(block % a.columnBlocks) * a.blockWords;
    const int outEnd = wo + a.blockWords < a.in.words ? wo + a.blockWords : a.in.words;
    const int spanBegin = wo - a.spanHalo, spanEnd = outEnd + a.spanHalo;
    const int w = spanBegin + tid;
    const bool inSpan = w < spanEnd, isOutput = w >= wo && w < outEnd;
    const long long yo = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const long long yEnd = yo + a.stripRows < a.rowEnd ? yo + a.stripRows : a.rowEnd;
    const long long firstRow = yo - r; // rows above it count as empty

    // Word `word` of row y (unwrapped), zero outside the span and above the first row.
    auto load = [&](long long y, int wrapped, int word) -> unsigned {
        if (y < firstRow || word < spanBegin || word >= spanEnd) return 0u;
        return intrinsics::loadReadOnly(a.in.alive + a.in.rowOffset(wrapped) + word);
    };
    // Lane i: column 32w + i + offset of row y.
    auto cells = [&](long long y, int wrapped, int offset) -> unsigned {
        const int q = offset >= 0 ? offset / 32 : -((31 - offset) / 32);
        const unsigned s = unsigned(offset - 32 * q);
        const unsigned lo = load(y, wrapped, w + q);
        return s == 0 ? lo : intrinsics::funnelRight(lo, load(y, wrapped, w + q + 1), s);
    };
    auto exchange = [&](int arm, int plane, int thread) -> unsigned& {
        return shared[(std::size_t(arm) * AP + std::size_t(plane)) * std::size_t(threads) + std::size_t(thread)];
    };

    unsigned A[AP] = {}, B[AP] = {}, C[AP] = {}, D[AP] = {}, N[CP] = {};
    long long y = yo - 2LL * r - 2; // every arm and count is zero here
    // Wrapped rows y + r + 2, y + r + 1, y + 1, y - r, y - r + 1.
    int below2 = wrapRow(y + r + 2, height), below1 = wrapRow(y + r + 1, height), next = wrapRow(y + 1, height);
    int above0 = wrapRow(y - r, height), above1 = wrapRow(y - r + 1, height);
    // Offsets of the lookups C(x - r) and D(x + r) into other threads' planes.
    const int qc = -((31 + r) / 32), qd = r / 32;
    const unsigned sc = unsigned(-r - 32 * qc), sd = unsigned(r - 32 * qd);

    for (;; ++y) {
        if (y >= yo && isOutput) {
            unsigned born, kept;
            testCounts<Simple>(N, a.rule, born, kept);
            writeNextWord(a.in, a.out, int(y), w, born, kept, a.rule.states);
        }
        if (y + 1 == yEnd) break;
        CATLAB_UNROLL
        for (int p = 0; p < AP; ++p) {
            exchange(0, p, tid) = A[p];
            exchange(1, p, tid) = B[p];
            exchange(2, p, tid) = C[p];
            exchange(3, p, tid) = D[p];
        }
        sync();
        if (isOutput) {
            unsigned c[AP], d[AP], plus[AP + 1], minus[AP + 1];
            CATLAB_UNROLL
            for (int p = 0; p < AP; ++p) {
                c[p] = intrinsics::funnelRight(exchange(2, p, tid + qc), exchange(2, p, tid + qc + 1), sc);
                d[p] = intrinsics::funnelRight(exchange(3, p, tid + qd), exchange(3, p, tid + qd + 1), sd);
            }
            bitsliced::sum(A, B, plus);
            bitsliced::sum(c, d, minus);
            bitsliced::add(N, plus);
            bitsliced::subtract(N, minus);
        }
        CATLAB_UNROLL
        for (int p = 0; p < AP; ++p) { // shift by one column; zeros come in at the block's ends
            const unsigned left = tid > 0, right = tid + 1 < threads;
            A[p] = intrinsics::funnelLeft(left ? exchange(0, p, tid - 1) : 0u, A[p], 1);
            D[p] = intrinsics::funnelLeft(left ? exchange(3, p, tid - 1) : 0u, D[p], 1);
            B[p] = intrinsics::funnelRight(B[p], right ? exchange(1, p, tid + 1) : 0u, 1);
            C[p] = intrinsics::funnelRight(C[p], right ? exchange(2, p, tid + 1) : 0u, 1);
        }
        sync();
        const unsigned here = cells(y + 1, next, 0);
        bitsliced::step(A, load(y + r + 2, below2, w), cells(y + 1, next, -r - 1));
        bitsliced::step(B, cells(y + r + 1, below1, 1), cells(y + 1, next, r + 1));
        bitsliced::step(C, here, cells(y - r, above0, r + 1));
        bitsliced::step(D, here, cells(y - r + 1, above1, -r));
        if (!inSpan) {
            CATLAB_UNROLL
            for (int p = 0; p < AP; ++p) A[p] = B[p] = C[p] = D[p] = 0;
        }
        below2 = nextRow(below2, height);
        below1 = nextRow(below1, height);
        next = nextRow(next, height);
        above0 = nextRow(above0, height);
        above1 = nextRow(above1, height);
    }
}

} // namespace catlab::cuda
