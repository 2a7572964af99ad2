#pragma once
// Neighbourhoods made of lines through the square, bit-sliced: cross (+), saltire (X), star (*), hash (#),
// asterisk (A) and tripod (3). Each line is a count of 2r+1 cells (the tripod's arms: r+1, r+1 and r):
//   rows       H(x, y) = a(x-r..x+r, y), summed afresh per row (boxsum_row_sums.cuh); the tripod's left
//              arm L(x, y) = a(x-r..x, y);
//   columns    V(x, y+1) = V(x, y) + a(x, y+r+1) - a(x, y-r), a running sum down the strip; the tripod's
//              upper arm U(x, y+1) = U(x, y) + a(x, y+1) - a(x, y-r);
//   diagonals  D1(x, y) = sum_k a(x+k, y+k) and D2(x, y) = sum_k a(x-k, y+k), k = -r..r, running sums
//              that also move one column per row; the tripod's lower right arm G(x, y) = the same as D1
//              over k = 1..r. As in the von Neumann kernel they are kept indexed by an end,
//              E(c, y) = D1(c - r, y) (or G(c - r, y)) and F(c, y) = D2(c + r, y), so that each holds only
//              cells on one side of its column:
//                E(c, y+1) = E(c-1, y) + a(c, y+r+1) - a(c-2r-1, y-r)     (G: - a(c-r, y+1))
//                F(c, y+1) = F(c+1, y) + a(c, y+r+1) - a(c+2r+1, y-r).
// The shapes' counts (the centre included, as CountRule counts):
//   cross     H'(y) + V          H' without the centre;
//   saltire   D1 + D2 - a(x, y);
//   star      H'(y) + V + D1 + D2 - 2 a(x, y);
//   hash      H''(y-1) + H''(y+1) + V(x-1) + V(x+1) + a(x, y), H'' without columns x-1 and x+1;
//   asterisk  H'(y) + V + D1 - a(x, y);
//   tripod    L'(y) + U + G      L' without the centre.
// A thread owns a word column and walks down a strip. Shapes with diagonals work as the von Neumann
// kernel does: the block spans its output words and spanHalo words on each side, the diagonal planes
// shift one column per row through shared memory, cells outside the span and above the strip's first
// row count as empty, and after 2r+1 rows of warm-up every output count is exact. The others need no
// neighbour's planes and no shared memory.
#include "boxsum_row_sums.cuh"
#include "boxsum_step.cuh"

#include <iterator>

namespace catlab::cuda {

enum class LineShape { Cross, Saltire, Star, Hash, Asterisk, Tripod };
inline constexpr int kLineShapeCount = 6;

// Whether a shape has lines along the main diagonal (dx = dy: D1, or the tripod's G) and the other one (D2).
constexpr bool hasMainDiagonal(LineShape s) { return s != LineShape::Cross && s != LineShape::Hash; }
constexpr bool hasAntiDiagonal(LineShape s) { return s == LineShape::Saltire || s == LineShape::Star; }
constexpr bool hasDiagonals(LineShape s) { return hasMainDiagonal(s); }
// The running diagonal sums a thread hands its neighbours through shared memory each row.
constexpr int diagonalLines(LineShape s) { return int(hasMainDiagonal(s)) + int(hasAntiDiagonal(s)); }

// Radius classes: a kernel per class holds lines of up to 2 * maxRadius + 1 cells in linePlanes planes;
// rowReach > 0 sums rows as narrowRowSum<rowReach>, 0 as wideRowSum.
struct LineClass {
    int maxRadius, linePlanes, rowReach;
};
inline constexpr LineClass kLineClasses[] = {{1, 2, 1},  {2, 3, 2},  {4, 4, 4},   {8, 5, 8},   {16, 6, 16},
                                             {31, 6, 0}, {63, 7, 0}, {127, 8, 0}, {255, 9, 0}, {500, 10, 0}};
inline constexpr int kLineClassCount = int(std::size(kLineClasses));

constexpr bool lineClassesFit() {
    for (int k = 0; k < kLineClassCount; ++k) {
        const LineClass c = kLineClasses[k];
        if (c.linePlanes != bitsliced::planesFor(2 * c.maxRadius + 1)) return false;
        if (c.rowReach != 0 && c.rowReach < c.maxRadius) return false;
        if (c.rowReach == 0 && c.maxRadius < 16) return false; // wideRowSum needs r >= 16
        // Counts (at most 8r + 1, the star's and the hash's) stay below 2^(linePlanes + 2) - 1.
        if (8 * c.maxRadius + 1 >= (1 << (c.linePlanes + 2)) - 1) return false;
    }
    return true;
}
static_assert(lineClassesFit());

inline int lineClassFor(int radius) {
    int k = 0;
    while (k + 1 < kLineClassCount && radius > kLineClasses[k].maxRadius) ++k;
    return k;
}

// The N planes of v as M >= N planes.
template <int M, int N>
CATLAB_HD void widen(const unsigned (&v)[N], unsigned (&wide)[M]) {
    static_assert(M >= N);
    CATLAB_UNROLL
    for (int k = 0; k < M; ++k) wide[k] = k < N ? v[k] : 0u;
}

// s = a + b in M >= N + 1 planes.
template <int M, int N>
CATLAB_HD void sumInto(const unsigned (&a)[N], const unsigned (&b)[N], unsigned (&s)[M]) {
    unsigned t[N + 1];
    bitsliced::sum(a, b, t);
    widen(t, s);
}

template <LineShape Shape, int Class, bool Simple, class Sync>
CATLAB_HD void linesBody(const StepArgs& a, unsigned* shared, int tid, int threads, long long block, const Sync& sync) {
    constexpr LineClass C = kLineClasses[Class];
    constexpr int LP = C.linePlanes, CP = LP + 2;
    constexpr bool diagonals = hasDiagonals(Shape), antiDiagonal = hasAntiDiagonal(Shape);
    constexpr bool tripod = Shape == LineShape::Tripod;
    const int r = a.radius, height = a.in.height;
    const int wo = int(block % a.columnBlocks) * a.blockWords;
    const int outEnd = wo + a.blockWords < a.in.words ? wo + a.blockWords : a.in.words;
    const int spanBegin = wo - a.spanHalo, spanEnd = outEnd + a.spanHalo;
    const int w = spanBegin + tid;
    const bool inSpan = w < spanEnd, isOutput = w >= wo && w < outEnd;
    if constexpr (!diagonals)
        if (!isOutput) return; // no barrier to keep
    const long long yo = a.rowBegin + (block / a.columnBlocks) * a.stripRows;
    const long long yEnd = yo + a.stripRows < a.rowEnd ? yo + a.stripRows : a.rowEnd;
    const long long firstRow = yo - r; // running sums take rows above it as empty

    auto rowAt = [&](int wrapped) { return a.in.alive + a.in.rowOffset(wrapped) + w; };
    // The true cells of a row (the halo holds the wrapped ones).
    auto cells = [&](int wrapped, int offset) {
        const unsigned* row = rowAt(wrapped);
        return shiftedCells([row](int q) { return intrinsics::loadReadOnly(row + q); }, offset);
    };
    auto runningCells = [&](long long y, int wrapped, int offset) {
        return y < firstRow ? 0u : cells(wrapped, offset);
    };
    // The diagonals' cells: also empty outside the span.
    auto spanCells = [&](long long y, int wrapped, int offset) {
        if (y < firstRow) return 0u;
        const unsigned* row = rowAt(wrapped);
        return shiftedCells(
            [&](int q) { return w + q < spanBegin || w + q >= spanEnd ? 0u : intrinsics::loadReadOnly(row + q); },
            offset);
    };
    auto exchange = [&](int line, int plane, int thread) -> unsigned& {
        return shared[(std::size_t(line) * LP + std::size_t(plane)) * std::size_t(threads) + std::size_t(thread)];
    };
    // D1(x) = E(x + r) and D2(x) = F(x - r): words of other threads, shifted.
    const int qe = r / 32, qf = -((31 + r) / 32);
    const unsigned se = unsigned(r - 32 * qe), sf = unsigned(-r - 32 * qf);
    // Hash columns x - 1 and x + 1, the other shapes' column x.
    constexpr int columnA = Shape == LineShape::Hash ? -1 : 0, columnB = 1;

    unsigned E[LP] = {}, F[LP] = {}, V[LP] = {}, V2[LP] = {}; // tripod: E holds G, V holds U
    unsigned rowAbove[LP] = {}, rowHere[LP] = {};             // hash: H''(y - 1) and H''(y)
    long long y = yo - 2LL * r - 1;                           // every window lies above the first row: all sums are 0
    int enter = wrapRow(y + r + 1, height), leave = wrapRow(y - r, height), here = wrapRow(y, height);

    for (;; ++y) {
        const int below = nextRow(here, height); // row y + 1
        if constexpr (diagonals) {
            CATLAB_UNROLL
            for (int p = 0; p < LP; ++p) {
                exchange(0, p, tid) = E[p];
                if constexpr (antiDiagonal) exchange(1, p, tid) = F[p];
            }
            sync();
        }
        unsigned rowBelow[LP] = {}; // hash: H''(y + 1)
        if constexpr (Shape == LineShape::Hash)
            if (y >= yo - 2) rowSegmentSum<C.rowReach, -1, 1>(rowAt(below), -r, r, rowBelow);
        if (y >= yo && isOutput) {
            const unsigned centre = intrinsics::loadReadOnly(rowAt(here));
            const unsigned centreOnly[1] = {centre}, centreTwice[2] = {0u, centre};
            unsigned count[CP];
            // D1 (or G) and D2 of the cell, from the neighbours' E and F.
            auto mainDiagonal = [&](unsigned(&d1)[LP]) {
                CATLAB_UNROLL
                for (int p = 0; p < LP; ++p)
                    d1[p] = intrinsics::funnelRight(exchange(0, p, tid + qe), exchange(0, p, tid + qe + 1), se);
            };
            // D1 + D2, LP + 1 planes.
            auto diagonalSum = [&](unsigned(&sum)[LP + 1]) {
                unsigned d1[LP], d2[LP];
                mainDiagonal(d1);
                CATLAB_UNROLL
                for (int p = 0; p < LP; ++p)
                    d2[p] = intrinsics::funnelRight(exchange(1, p, tid + qf), exchange(1, p, tid + qf + 1), sf);
                sumInto(d1, d2, sum);
            };
            if constexpr (Shape == LineShape::Cross || Shape == LineShape::Star || Shape == LineShape::Asterisk ||
                          tripod) {
                unsigned h[LP]; // H', or the tripod's L'
                rowSegmentSum<C.rowReach, 0, kNoSkip>(rowAt(here), -r, tripod ? 0 : r, h);
                if constexpr (Shape == LineShape::Cross) {
                    sumInto(h, V, count);
                } else if constexpr (Shape == LineShape::Star) {
                    unsigned straight[LP + 1], diagonal[LP + 1];
                    sumInto(h, V, straight);
                    diagonalSum(diagonal);
                    sumInto(straight, diagonal, count);
                    bitsliced::subtract(count, centreTwice);
                } else {
                    unsigned straight[LP + 1], d1[LP], diagonal[LP + 1];
                    sumInto(h, V, straight);
                    mainDiagonal(d1);
                    widen(d1, diagonal);
                    sumInto(straight, diagonal, count);
                    if constexpr (!tripod) bitsliced::subtract(count, centreOnly);
                }
            } else if constexpr (Shape == LineShape::Saltire) {
                unsigned diagonal[LP + 1];
                diagonalSum(diagonal);
                widen(diagonal, count);
                bitsliced::subtract(count, centreOnly);
            } else {
                unsigned rows[LP + 1], columns[LP + 1];
                sumInto(rowAbove, rowBelow, rows);
                sumInto(V, V2, columns);
                sumInto(rows, columns, count);
                bitsliced::add(count, centreOnly);
            }
            unsigned born, kept;
            testCounts<Simple>(count, a.rule, born, kept);
            writeNextWord(a.in, a.out, int(y), w, born, kept, a.rule.states, centre);
        }
        if (y + 1 == yEnd) break;
        if constexpr (diagonals) {
            CATLAB_UNROLL
            for (int p = 0; p < LP; ++p) { // one column along; zeros come in at the block's ends
                E[p] = intrinsics::funnelLeft(tid > 0 ? exchange(0, p, tid - 1) : 0u, E[p], 1);
                if constexpr (antiDiagonal)
                    F[p] = intrinsics::funnelRight(F[p], tid + 1 < threads ? exchange(1, p, tid + 1) : 0u, 1);
            }
            sync();
            const unsigned entering = spanCells(y + r + 1, enter, 0);
            if constexpr (tripod)
                bitsliced::step(E, entering, spanCells(y + 1, below, -r));
            else
                bitsliced::step(E, entering, spanCells(y - r, leave, -2 * r - 1));
            if constexpr (antiDiagonal) bitsliced::step(F, entering, spanCells(y - r, leave, 2 * r + 1));
            if (!inSpan) {
                CATLAB_UNROLL
                for (int p = 0; p < LP; ++p) E[p] = F[p] = 0u;
            }
        }
        if (isOutput) {
            if constexpr (tripod)
                bitsliced::step(V, runningCells(y + 1, below, 0), runningCells(y - r, leave, 0));
            else if constexpr (Shape != LineShape::Saltire)
                bitsliced::step(V, runningCells(y + r + 1, enter, columnA), runningCells(y - r, leave, columnA));
            if constexpr (Shape == LineShape::Hash) {
                bitsliced::step(V2, runningCells(y + r + 1, enter, columnB), runningCells(y - r, leave, columnB));
                CATLAB_UNROLL
                for (int p = 0; p < LP; ++p) {
                    rowAbove[p] = rowHere[p];
                    rowHere[p] = rowBelow[p];
                }
            }
        }
        enter = nextRow(enter, height);
        leave = nextRow(leave, height);
        here = nextRow(here, height);
    }
}

} // namespace catlab::cuda
