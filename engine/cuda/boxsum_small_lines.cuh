#pragma once
// The line shapes (cross +, saltire X, star *, hash #) and the von Neumann diamond at radius R <= 8,
// bit-sliced, each count summed afresh. At small radius these shapes have few cells (the saltire 4R + 1,
// the star and the hash 8R + 1, the diamond 2R^2 + 2R + 1), so one carry-save tree over the shape's
// cells, each a shifted word, costs less than the line and von Neumann kernels' running sums, whose
// diagonals move one column per row through shared memory behind a barrier. As in the small Moore
// kernel a thread owns a 32-cell word column and walks down a strip of rows. The words of the 2R+1 rows
// under its window stay in registers: a ring whose slots are compile-time indices, because the row loop
// is unrolled by the window's height, so every row is loaded once per thread.
#include "boxsum_lines.cuh"
#include "boxsum_small_moore.cuh"

#include <utility>

namespace catlab::cuda {

inline constexpr int kMaxSmallLinesRadius = 8;

// The shapes this kernel counts. Its own list, apart from LineShape (the line kernels' shapes), as the
// two kernels need not count the same shapes.
enum class SmallLinesShape { Cross, Saltire, Star, Hash, Diamond };
inline constexpr int kSmallLinesShapeCount = 5;

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
    }
    return false;
}

constexpr int smallLinesShapeCells(SmallLinesShape shape, int r) {
    int cells = 0;
    for (int dy = -r; dy <= r; ++dy)
        for (int dx = -r; dx <= r; ++dx) cells += inSmallLinesShape(shape, r, dx, dy) ? 1 : 0;
    return cells;
}

// The shape's cells as offsets, row by row.
template <int N>
struct CellOffsets {
    int dx[N], dy[N];
};

template <SmallLinesShape Shape, int R>
struct SmallLinesCells {
    static constexpr int window = 2 * R + 1;
    static constexpr int cells = smallLinesShapeCells(Shape, R);
    // One plane more than the largest count needs when that count is 2^k - 1: a threshold missing from
    // a single-interval set is all ones, which no count may reach (bitsliced::IntervalMasks).
    static constexpr int countPlanes = bitsliced::planesFor(cells + 1);

    static constexpr CellOffsets<cells> offsets() {
        CellOffsets<cells> o{};
        int n = 0;
        for (int dy = -R; dy <= R; ++dy)
            for (int dx = -R; dx <= R; ++dx)
                if (inSmallLinesShape(Shape, R, dx, dy)) {
                    o.dx[n] = dx;
                    o.dy[n] = dy;
                    ++n;
                }
        return o;
    }
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

// One thread: word column tid of the block's column group, rows of the block's strip.
template <SmallLinesShape Shape, int R, bool Simple>
CATLAB_HD void smallLinesBody(const StepArgs& a, int tid, int threads, long long block) {
    using S = SmallLinesCells<Shape, R>;
    constexpr int W = S::window, N = S::cells, CP = S::countPlanes;
    constexpr CellOffsets<N> at = S::offsets();
    const int w = int(block % a.columnBlocks) * threads + tid;
    if (w >= a.in.words) return;
    const int height = a.in.height;
    const int y0 = int(a.rowBegin + (block / a.columnBlocks) * a.stripRows);
    const int y1 = y0 + a.stripRows < a.rowEnd ? y0 + a.stripRows : a.rowEnd;
    auto next = [height](int row) { return row + 1 == height ? 0 : row + 1; };

    RowWords rows[W]; // slot k % W holds row y0 - R + k
    int row = wrapRow(y0 - R, height);
    CATLAB_UNROLL
    for (int k = 0; k < 2 * R; ++k) {
        rows[k] = loadRowWords(a.in, row, w);
        row = next(row);
    }
    RowWords entering = loadRowWords(a.in, row, w); // row y0 + R
    for (int base = y0; base < y1; base += W) {
        // Output row y = base + J: row y + dy sits in slot (J + R + dy) % W, as base - y0 is a multiple of W.
        unrolledWhile<W>([&]<int J>() {
            const int y = base + J;
            if (y >= y1) return false;
            rows[(J + 2 * R) % W] = entering; // over row y - R - 1, done with
            row = next(row);
            entering = loadRowWords(a.in, row, w); // row y + R + 1, loaded a row ahead
            unsigned cells[N];
            CATLAB_UNROLL
            for (int i = 0; i < N; ++i) cells[i] = cellsAt(rows[(J + R + at.dy[i]) % W], at.dx[i]);
            unsigned count[CP];
            countWords(cells, count);
            unsigned born, kept;
            testCounts<Simple>(count, a.rule, born, kept);
            writeNextWord(a.in, a.out, y, w, born, kept, a.rule.states, rows[(J + R) % W].centre);
            return true;
        });
    }
}

} // namespace catlab::cuda
