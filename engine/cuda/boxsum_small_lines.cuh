#pragma once
// The line shapes (cross +, saltire X, star *, hash #, tripod 3, asterisk A) and the von Neumann diamond at
// radius R <= 8, bit-sliced. At small radius these shapes have few cells (the tripod 3R + 1, the saltire
// 4R + 1, the asterisk 6R + 1, the star and the hash 8R + 1, the diamond 2R^2 + 2R + 1), so one carry-save tree over
// the shape's cells, each a shifted word, costs less than the line and von Neumann kernels' running sums, whose
// diagonals move one column per row through shared memory behind a barrier. (The larger diamonds carry their count down
// from the row above instead, with trees over the cells that join and leave it: smallLinesCarriesCount.) As in the
// small Moore kernel a thread owns a 32-cell word column and walks down a strip of rows. The words of the 2R+1 rows
// under its window stay in registers: a ring whose slots are compile-time indices, because the row loop
// is unrolled by the window's height, so every row is loaded once per thread.
#include "boxsum_lines.cuh"
#include "boxsum_small_moore.cuh"

#include <utility>

namespace catlab::cuda {

inline constexpr int kMaxSmallLinesRadius = 8;

// The shapes this kernel counts. Its own list, apart from LineShape (the line kernels' shapes), as the
// two kernels need not count the same shapes.
enum class SmallLinesShape { Cross, Saltire, Star, Hash, Diamond, Tripod, Asterisk };
inline constexpr int kSmallLinesShapeCount = 7;

// Whether the cell at offset (dx, dy) from the centre, both within the radius r, belongs to the shape
// (catlab::inNeighbourhood), the centre included as the counts include it.
constexpr bool inSmallLinesShape(SmallLinesShape shape, int r, int dx, int dy) {
    const int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    if (ax > r || ay > r) return false;
    switch (shape) {
    case SmallLinesShape::Cross: return dx == 0 || dy == 0;
    case SmallLinesShape::Saltire: return ax == ay;
    case SmallLinesShape::Star: return dx == 0 || dy == 0 || ax == ay;
    case SmallLinesShape::Hash: return ay == 1 || ax == 1 || (dx == 0 && dy == 0);
    case SmallLinesShape::Diamond: return ax + ay <= r;
    case SmallLinesShape::Tripod: return (dx == 0 && dy <= 0) || (dy == 0 && dx <= 0) || (dx == dy && dx > 0);
    case SmallLinesShape::Asterisk: return dx == 0 || dy == 0 || dx == dy;
    }
    return false;
}

// Cells around output row y, as offsets (dx, dy) from it: the shape's, or, going down to y from y - 1,
// those that join the shape and those that leave it (rows y - r - 1 .. y + r).
enum class SmallLinesCellSet { Shape, Joining, Leaving };

constexpr bool inSmallLinesCellSet(SmallLinesCellSet set, SmallLinesShape shape, int r, int dx, int dy) {
    const bool now = inSmallLinesShape(shape, r, dx, dy), before = inSmallLinesShape(shape, r, dx, dy + 1);
    switch (set) {
    case SmallLinesCellSet::Shape: return now;
    case SmallLinesCellSet::Joining: return now && !before;
    case SmallLinesCellSet::Leaving: return before && !now;
    }
    return false;
}

constexpr int smallLinesCellSetSize(SmallLinesCellSet set, SmallLinesShape shape, int r) {
    int cells = 0;
    for (int dy = -r - 1; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) cells += inSmallLinesCellSet(set, shape, r, dx, dy) ? 1 : 0;
    return cells;
}

constexpr int smallLinesShapeCells(SmallLinesShape shape, int r) {
    return smallLinesCellSetSize(SmallLinesCellSet::Shape, shape, r);
}

// Whether each row's count is carried down from the row above (plus the cells joining, minus those
// leaving) rather than counted afresh. Afresh costs a shift and a full adder (two three-input logic
// operations) per cell of the shape; carried, the same per joining and leaving cell (two trees) plus an
// addition and a subtraction across the count's planes (two operations a plane each). The diamond gains
// a V of 2r + 1 cells below and loses a ^ of 2r + 1 above, against its 2r^2 + 2r + 1 cells: some 90
// operations a word instead of 183 at r = 5, 78 instead of 123 at r = 4; a line shape gains and loses at
// least as many cells as it has. Carried only where that is at most three quarters of afresh (the diamond
// from r = 4), as each strip still counts its first row afresh. Sums of the rows' centred spans, reused
// as a row moves through the window, would save as much but keep r + 1 sums of up to 4 planes for each of
// the 2r + 1 rows in the ring: more registers than a thread has.
constexpr bool smallLinesCarriesCount(SmallLinesShape shape, int r) {
    const int cells = smallLinesShapeCells(shape, r);
    const int moving = smallLinesCellSetSize(SmallLinesCellSet::Joining, shape, r) +
                       smallLinesCellSetSize(SmallLinesCellSet::Leaving, shape, r);
    const int afresh = 3 * cells, carried = 3 * moving + 4 * bitsliced::planesFor(cells + 1);
    return 4 * carried <= 3 * afresh;
}

// Cells as offsets from the output row, row by row.
template <int N>
struct CellOffsets {
    int dx[N], dy[N];
};

template <SmallLinesCellSet Set, SmallLinesShape Shape, int R>
constexpr CellOffsets<smallLinesCellSetSize(Set, Shape, R)> smallLinesOffsets() {
    CellOffsets<smallLinesCellSetSize(Set, Shape, R)> o{};
    int n = 0;
    for (int dy = -R - 1; dy <= R; ++dy)
        for (int dx = -R; dx <= R; ++dx)
            if (inSmallLinesCellSet(Set, Shape, R, dx, dy)) {
                o.dx[n] = dx;
                o.dy[n] = dy;
                ++n;
            }
    return o;
}

template <SmallLinesShape Shape, int R>
struct SmallLinesCells {
    static constexpr int window = 2 * R + 1;
    static constexpr int cells = smallLinesShapeCells(Shape, R);
    // One plane more than the largest count needs when that count is 2^k - 1: a threshold missing from
    // a single-interval set is all ones, which no count may reach (bitsliced::IntervalMasks).
    static constexpr int countPlanes = bitsliced::planesFor(cells + 1);
    static constexpr bool carried = smallLinesCarriesCount(Shape, R);
    static constexpr int joining = smallLinesCellSetSize(SmallLinesCellSet::Joining, Shape, R);
    static constexpr int leaving = smallLinesCellSetSize(SmallLinesCellSet::Leaving, Shape, R);
};

// f.template operator()<I>() for I = 0, 1, ..., N - 1 while it returns true. Unlike an unrolled loop's
// counter, I is a constant in the body whatever the compiler decides, so register arrays it indexes
// stay in registers.
template <int N, class F>
CATLAB_HD void unrolledWhile(F&& f) {
    [&]<int... I>(std::integer_sequence<int, I...>) { (void)(f.template operator()<I>() && ...); }
    (std::make_integer_sequence<int, N>{});
}

// out = the number of ones among the N words, per lane, in P >= planesFor(N) planes. Trees of at most
// 64 inputs (bitsliced::countOnes); more are counted in two halves and added.
template <int N, int P>
CATLAB_HD void countWords(const unsigned (&in)[N], unsigned (&out)[P]) {
    static_assert(P >= bitsliced::planesFor(N));
    if constexpr (N <= 64) {
        unsigned count[bitsliced::planesFor(N)];
        bitsliced::countOnes(in, count);
        widen(count, out);
    } else {
        constexpr int H = N / 2;
        unsigned low[H], high[N - H];
        CATLAB_UNROLL
        for (int i = 0; i < H; ++i) low[i] = in[i];
        CATLAB_UNROLL
        for (int i = H; i < N; ++i) high[i - H] = in[i];
        countWords(low, out);
        unsigned rest[bitsliced::planesFor(N - H)];
        countWords(high, rest);
        bitsliced::add(out, rest);
    }
}

// The words of the cells at offsets `at` from an output row, whose row dy away rowAt(dy) gives.
template <int M, class RowAt>
CATLAB_HD void gatherCells(const CellOffsets<M>& at, const RowAt& rowAt, unsigned (&cells)[M]) {
    CATLAB_UNROLL
    for (int i = 0; i < M; ++i) cells[i] = cellsAt(rowAt(at.dy[i]), at.dx[i]);
}

// One thread: word column tid of the block's column group, rows of the block's strip.
template <SmallLinesShape Shape, int R, bool Simple>
CATLAB_HD void smallLinesBody(const StepArgs& a, int tid, int threads, long long block) {
    using S = SmallLinesCells<Shape, R>;
    using Set = SmallLinesCellSet;
    constexpr int W = S::window, N = S::cells, CP = S::countPlanes;
    const int w = int(block % a.columnBlocks) * threads + tid;
    if (w >= a.in.words) return;
    const int height = a.in.height;
    const int y0 = int(a.rowBegin + (block / a.columnBlocks) * a.stripRows);
    const int y1 = y0 + a.stripRows < a.rowEnd ? y0 + a.stripRows : a.rowEnd;

    RowWords rows[W]; // slot k % W holds row y0 - R + k
    int row = wrapRow(y0 - R - (S::carried ? 1 : 0), height);
    unsigned count[CP];
    if constexpr (S::carried) { // row y0 - 1's count afresh, from rows y0 - R - 1 .. y0 + R - 1
        rows[2 * R] = loadRowWords(a.in, row, w);
        row = nextRow(row, height);
    }
    CATLAB_UNROLL
    for (int k = 0; k < 2 * R; ++k) {
        rows[k] = loadRowWords(a.in, row, w);
        row = nextRow(row, height);
    }
    if constexpr (S::carried) {
        constexpr CellOffsets<N> at = smallLinesOffsets<Set::Shape, Shape, R>();
        unsigned cells[N];
        gatherCells(
            at, [&](int dy) -> const RowWords& { return rows[(W - 1 + R + dy) % W]; }, cells);
        countWords(cells, count);
    }
    RowWords entering = loadRowWords(a.in, row, w); // row y0 + R
    for (int base = y0; base < y1; base += W) {
        // Output row y = base + J: row y + dy sits in slot (J + R + dy) % W, as base - y0 is a multiple of W.
        unrolledWhile<W>([&]<int J>() {
            const int y = base + J;
            if (y >= y1) return false;
            if constexpr (S::carried) { // rows y - R - 1 .. y + R - 1 in the ring still, y + R entering
                const auto rowAt = [&](int dy) -> const RowWords& {
                    return dy == R ? entering : rows[(J + W + R + dy) % W];
                };
                constexpr CellOffsets<S::joining> joiningAt = smallLinesOffsets<Set::Joining, Shape, R>();
                constexpr CellOffsets<S::leaving> leavingAt = smallLinesOffsets<Set::Leaving, Shape, R>();
                unsigned joining[S::joining], leaving[S::leaving];
                gatherCells(joiningAt, rowAt, joining);
                gatherCells(leavingAt, rowAt, leaving);
                unsigned joined[bitsliced::planesFor(S::joining)], left[bitsliced::planesFor(S::leaving)];
                countWords(joining, joined);
                countWords(leaving, left);
                bitsliced::add(count, joined);
                bitsliced::subtract(count, left);
            }
            rows[(J + 2 * R) % W] = entering; // over row y - R - 1, done with
            row = nextRow(row, height);
            entering = loadRowWords(a.in, row, w); // row y + R + 1, loaded a row ahead
            if constexpr (!S::carried) {
                constexpr CellOffsets<N> at = smallLinesOffsets<Set::Shape, Shape, R>();
                unsigned cells[N];
                gatherCells(
                    at, [&](int dy) -> const RowWords& { return rows[(J + R + dy) % W]; }, cells);
                countWords(cells, count);
            }
            unsigned born, kept;
            testCounts<Simple>(count, a.rule, born, kept);
            writeNextWord(a.in, a.out, y, w, born, kept, a.rule.states, rows[(J + R) % W].centre);
            return true;
        });
    }
}

} // namespace catlab::cuda
