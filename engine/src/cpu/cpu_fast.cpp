#include "cpu_fast.hpp"
#include "cpu_stepper.hpp"

#include "catlab/backend_spec.hpp"

#include "catlab/error.hpp"
#include "catlab/thread_pool.hpp"
#include "catlab/view_export.hpp"
#include "catlab/view_partials_export.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace catlab {

namespace {

// ---- Shape and live cells ------------------------------------------------------------------------

struct Geometry {
    Geometry(const Rule& rule, GridSize size)
        : shape(rule.neighbourhood), width(size.width), height(size.height), radius(rule.radius),
          pad(neighbourhoodReach(rule) + 1) {
        if (isRowSpans(shape))
            for (int dy = -radius; dy <= radius; ++dy) spans.push_back(rowSpan(shape, radius, dy));
    }
    // Row dy's span; the shapes are their own transposes, so column dx holds the rows of span(dx).
    RowSpan span(int dy) const { return spans[std::size_t(dy + radius)]; }
    int stride() const { return width + 2 * pad; } // a padded row: columns -pad .. width + pad - 1
    std::uint64_t bytes() const { return spans.size() * sizeof(RowSpan); }

    Neighbourhood shape;
    int width, height, radius;
    int pad;                    // columns read beyond each side of the grid: the reach across (r; 2r for the triangular
                                // shape), and one more for the von Neumann and diagonal counters
    std::vector<RowSpan> spans; // of the row-span shapes; empty for the others
};

// Cells in state 1 as 0/1 bytes, each row padded on both sides with `pad` columns wrapped from the other
// side, so that the counters read neighbours without any modulo in their inner loops.
class AlivePlane {
  public:
    // Holds no cells unless `needed`: the Moore counter reads the states directly.
    AlivePlane(const Geometry& g, bool needed)
        : width_(g.width), height_(g.height), pad_(g.pad), stride_(g.stride()),
          cells_(needed ? std::size_t(g.stride()) * std::size_t(g.height) : 0) {}
    static std::uint64_t bytes(const Geometry& g, bool needed) {
        return needed ? std::uint64_t(g.stride()) * std::uint64_t(g.height) : 0;
    }

    // Row y, wrapping (any integer), pointing at column 0.
    const Cell* row(long long y) const {
        long long wrapped = y % height_;
        if (wrapped < 0) wrapped += height_;
        return cells_.data() + std::size_t(wrapped) * std::size_t(stride_) + std::size_t(pad_);
    }

    void fillRow(const Cell* states, int y, bool manyStates) {
        Cell* out = cells_.data() + std::size_t(y) * std::size_t(stride_);
        // The grid is at least 2 reach + 1 wide, so pad = reach + 1 <= width and each pad is a single copy.
        copyAlive(states + width_ - pad_, out, pad_, manyStates);
        copyAlive(states, out + pad_, width_, manyStates);
        copyAlive(states, out + pad_ + width_, pad_, manyStates);
    }

  private:
    static void copyAlive(const Cell* __restrict from, Cell* __restrict to, int n, bool manyStates) {
        if (!manyStates) {
            std::memcpy(to, from, std::size_t(n)); // two states: the state is the liveness
            return;
        }
        for (int i = 0; i < n; ++i) to[i] = from[i] == 1;
    }

    int width_, height_, pad_, stride_;
    std::vector<Cell> cells_;
};

// Which rows of a grid hold live cells (state 1) and which hold any cell at all. A row whose whole
// neighbourhood window holds no live cell gets count 0 everywhere; unless it holds decaying cells or the
// rule gives birth at count 0, its next state is all dead and nothing needs counting. Sparse patterns
// leave most rows so: Golly's algorithm gains the same way by working inside the pattern's bounding box.
class RowActivity {
  public:
    explicit RowActivity(int height)
        : live_(std::size_t(height)), busy_(std::size_t(height)), liveBefore_(std::size_t(height) + 1) {}
    static std::uint64_t bytes(int height) {
        return 2 * std::uint64_t(height) + (std::uint64_t(height) + 1) * sizeof(int);
    }

    // Row y of a grid holds these cells (called once per row, by whichever thread computed it).
    void record(int y, const Cell* row, int width, bool manyStates) {
        busy_[std::size_t(y)] = anyCell(row, width, [](Cell c) { return c != 0; });
        live_[std::size_t(y)] = manyStates ? anyCell(row, width, [](Cell c) { return c == 1; }) : busy_[std::size_t(y)];
    }

    // After every row is recorded: counts for anyLive().
    void finish() {
        for (std::size_t y = 0; y < live_.size(); ++y) liveBefore_[y + 1] = liveBefore_[y] + live_[y];
    }

    bool live(long long y) const { return live_[wrap(y)]; }
    bool busy(long long y) const { return busy_[wrap(y)]; }

    // Whether rows first .. last (wrapping; at most the height of the grid) hold a live cell.
    bool anyLive(long long first, long long last) const {
        const long long h = static_cast<long long>(live_.size());
        const long long begin = static_cast<long long>(wrap(first)), end = begin + (last - first + 1);
        const long long inside = liveBefore_[std::size_t(std::min(end, h))] - liveBefore_[std::size_t(begin)];
        return inside > 0 || (end > h && liveBefore_[std::size_t(end - h)] > 0);
    }

  private:
    // Whether any cell passes the test, 64 at a time: vectorised, and quick to say yes for a busy row.
    template <class Test>
    static bool anyCell(const Cell* row, int n, Test test) {
        int x = 0;
        for (; x + 64 <= n; x += 64) {
            Cell any = 0;
            for (int i = 0; i < 64; ++i) any |= Cell(test(row[x + i]));
            if (any) return true;
        }
        for (; x < n; ++x)
            if (test(row[x])) return true;
        return false;
    }

    std::size_t wrap(long long y) const {
        const long long h = static_cast<long long>(live_.size());
        return std::size_t(((y % h) + h) % h);
    }

    std::vector<std::uint8_t> live_, busy_;
    std::vector<int> liveBefore_; // liveBefore_[y] = rows above y that hold live cells
};

// ---- Row primitives ------------------------------------------------------------------------------
// Counts are kept in T: 16 bits when the neighbourhood has fewer than 65535 cells, else 32. Every sum wraps
// modulo 2^bits; differences and running sums of wrapped values are still exact whenever the true
// result fits in T, and every count the kernels produce does. The 16-bit loops have an SSE2 version
// (baseline x86-64): a prefix sum is a serial chain in scalar code, but on eight lanes it is three
// shifted adds plus the carry from the previous lanes.

#if defined(__SSE2__)
inline __m128i load128(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
inline void store128(void* p, __m128i v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }

// Inclusive prefix sums of the eight 16-bit lanes of v, plus `carry` (the same in every lane).
inline __m128i scan16(__m128i v, __m128i carry) {
    v = _mm_add_epi16(v, _mm_slli_si128(v, 2));
    v = _mm_add_epi16(v, _mm_slli_si128(v, 4));
    v = _mm_add_epi16(v, _mm_slli_si128(v, 8));
    return _mm_add_epi16(v, carry);
}
inline __m128i lastLane16(__m128i v) { return _mm_shuffle_epi32(_mm_shufflehi_epi16(v, 0xFF), 0xFF); }

// 0/1 bytes: the cells in state 1.
template <bool ManyStates>
inline __m128i aliveBytes(__m128i cells) {
    if constexpr (!ManyStates) return cells; // with two states the state is the liveness
    const __m128i one = _mm_set1_epi8(1);
    return _mm_and_si128(_mm_cmpeq_epi8(cells, one), one);
}
#endif

template <bool ManyStates>
inline Cell alive(Cell state) {
    return ManyStates ? Cell(state == 1) : state;
}

// p[0] = 0, p[i + 1] = v[0] + ... + v[i].
template <class In, class T>
void prefixSums(const In* v, T* p, int n) {
    int i = 0;
    p[0] = 0;
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 2 && sizeof(In) == 1) {
        const __m128i zero = _mm_setzero_si128();
        __m128i carry = zero;
        for (; i + 16 <= n; i += 16) {
            const __m128i bytes = load128(v + i);
            const __m128i lo = scan16(_mm_unpacklo_epi8(bytes, zero), carry);
            const __m128i hi = scan16(_mm_unpackhi_epi8(bytes, zero), lastLane16(lo));
            store128(p + i + 1, lo);
            store128(p + i + 9, hi);
            carry = lastLane16(hi);
        }
    } else if constexpr (sizeof(T) == 2 && sizeof(In) == 2) {
        __m128i carry = _mm_setzero_si128();
        for (; i + 8 <= n; i += 8) {
            const __m128i sums = scan16(load128(v + i), carry);
            store128(p + i + 1, sums);
            carry = lastLane16(sums);
        }
    }
#endif
    for (T sum = p[i]; i < n; ++i) p[i + 1] = sum = T(sum + v[i]);
}

// sums[i] += alive(cells[i])
template <bool ManyStates, class T>
void addAliveRow(T* __restrict sums, const Cell* __restrict cells, int n) {
    for (int i = 0; i < n; ++i) sums[i] = T(sums[i] + alive<ManyStates>(cells[i]));
}

// columns[x] += alive(entering[x]) - alive(leaving[x]), then p[0] = 0 and p[x + 1] = p[x] + columns[x]:
// one pass, so that the columns are still in registers when the scan needs them.
template <bool ManyStates, class T>
void slideAndScan(T* __restrict columns, const Cell* __restrict entering, const Cell* __restrict leaving,
                  T* __restrict p, int n) {
    int x = 0;
    p[0] = 0;
#if defined(__SSE2__)
    if constexpr (sizeof(T) == 2) {
        const __m128i zero = _mm_setzero_si128();
        __m128i carry = zero;
        for (; x + 16 <= n; x += 16) {
            const __m128i in = aliveBytes<ManyStates>(load128(entering + x));
            const __m128i out = aliveBytes<ManyStates>(load128(leaving + x));
            __m128i lo = load128(columns + x), hi = load128(columns + x + 8);
            lo = _mm_sub_epi16(_mm_add_epi16(lo, _mm_unpacklo_epi8(in, zero)), _mm_unpacklo_epi8(out, zero));
            hi = _mm_sub_epi16(_mm_add_epi16(hi, _mm_unpackhi_epi8(in, zero)), _mm_unpackhi_epi8(out, zero));
            store128(columns + x, lo);
            store128(columns + x + 8, hi);
            lo = scan16(lo, carry);
            hi = scan16(hi, lastLane16(lo));
            store128(p + x + 1, lo);
            store128(p + x + 9, hi);
            carry = lastLane16(hi);
        }
    }
#endif
    for (T sum = p[x]; x < n; ++x) {
        columns[x] = T(columns[x] + alive<ManyStates>(entering[x]) - alive<ManyStates>(leaving[x]));
        p[x + 1] = sum = T(sum + columns[x]);
    }
}

// sums[i] -= cells[i], for cells that are 0 or 1.
template <class T>
void removeAliveRow(T* __restrict sums, const Cell* __restrict cells, int n) {
    for (int i = 0; i < n; ++i) sums[i] = T(sums[i] - cells[i]);
}

// out[i] = previous[i] + entering[i] - leaving[i], for cells that are 0 or 1. out may be previous.
template <class T>
void slideInto(T* out, const T* previous, const Cell* __restrict entering, const Cell* __restrict leaving, int n) {
    for (int i = 0; i < n; ++i) out[i] = T(previous[i] + entering[i] - leaving[i]);
}

// counts[x] += the sum of columns x + span.lo .. x + span.hi, where p[c] is the sum of the columns before c.
template <class T>
void addSpan(T* __restrict counts, const T* __restrict p, RowSpan span, int n) {
    const T* right = p + span.hi + 1;
    const T* left = p + span.lo;
    for (int x = 0; x < n; ++x) counts[x] = T(counts[x] + right[x] - left[x]);
}

// ---- Counters ------------------------------------------------------------------------------------
// A counter walks down a band of rows and calls sink(y, hi, lo) for each row of the band in order:
// hi[x] - lo[x] is the number of live cells in the neighbourhood of (x, y), centre included (the Moore
// counter hands over prefix sums 2r + 1 apart, the others counts and zeros). Each worker thread has its
// own counter, which keeps its scratch rows from band to band and generation to generation.

// What a generation's counters read: the current states, which rows hold live cells, and for the
// counters that use it, the padded plane of live cells (filled before the counters run).
struct Source {
    const Grid& states;
    const RowActivity& activity;
    const AlivePlane& alive;
    bool manyStates;

    const Cell* stateRow(long long y) const {
        const long long h = states.height();
        return states.row(int(((y % h) + h) % h));
    }
};

// Counts one row from scratch, as the span of each of the 2r + 1 rows of the neighbourhood read from
// that row's prefix sums: O(r) per cell. Running sums start from it.
template <class T>
class SpanCounter {
  public:
    explicit SpanCounter(const Geometry& g) : g_(g), prefix_(std::size_t(g.stride()) + 1) {}
    static std::uint64_t bytes(const Geometry& g) { return (std::uint64_t(g.stride()) + 1) * sizeof(T); }

    void countRow(const AlivePlane& alive, long long y, T* counts) {
        std::fill_n(counts, g_.width, T(0));
        for (int dy = -g_.radius; dy <= g_.radius; ++dy) {
            prefixSums(alive.row(y + dy) - g_.pad, prefix_.data(), g_.stride());
            addSpan(counts, prefix_.data() + g_.pad, g_.span(dy), g_.width);
        }
    }

  private:
    const Geometry& g_;
    std::vector<T> prefix_;
};

// Moore: separable sums. columns_[x] holds the live cells of column x in rows y - r .. y + r; moving down
// a row adds one row and removes another. A cell's count is then a window of 2r + 1 column sums, the
// difference of two prefix sums of columns_. O(1) per cell, and it reads the states directly: the
// horizontal wrap is handled on the prefix sums, which continue periodically beyond both ends.
template <class T>
class MooreCounter {
  public:
    static constexpr bool kUsesAlivePlane = false;

    explicit MooreCounter(const Geometry& g)
        : g_(g), columns_(std::size_t(g.width)), prefix_(std::size_t(g.width + 2 * g.radius + 1)) {}
    static std::uint64_t bytes(const Geometry& g) { return std::uint64_t(2 * g.width + 2 * g.radius + 1) * sizeof(T); }

    template <class Sink>
    void run(const Source& source, int y0, int y1, Sink&& sink) {
        if (source.manyStates)
            run<true>(source, y0, y1, sink);
        else
            run<false>(source, y0, y1, sink);
    }

  private:
    template <bool ManyStates, class Sink>
    void run(const Source& source, int y0, int y1, Sink& sink) {
        const int r = g_.radius, w = g_.width;
        T* p = prefix_.data() + r; // p[x] = live cells in columns 0 .. x - 1, for x in -r .. w + r
        std::fill(columns_.begin(), columns_.end(), T(0));
        for (int dy = -r; dy <= r; ++dy)
            if (source.activity.live(y0 + dy)) addAliveRow<ManyStates>(columns_.data(), source.stateRow(y0 + dy), w);
        prefixSums(columns_.data(), p, w);
        extendPeriodically(p);
        for (int y = y0; y < y1; ++y) {
            // When the rows entering and leaving the window hold no live cell, the sums do not change.
            if (y > y0 && (source.activity.live(y + r) || source.activity.live(y - r - 1))) {
                slideAndScan<ManyStates>(columns_.data(), source.stateRow(y + r), source.stateRow(y - r - 1), p, w);
                extendPeriodically(p);
            }
            sink(y, p + r + 1, p - r);
        }
    }

    // Prefix sums beyond the row, as if the columns repeated: p[-k] = p[w - k] - total, p[w + k] = p[k] + total.
    void extendPeriodically(T* p) const {
        const int r = g_.radius, w = g_.width;
        const T total = p[w];
        addToAll(p + w - r, T(-total), p - r, r); // w >= 2r + 1: the ranges never overlap
        addToAll(p + 1, total, p + w + 1, r);
    }

    static void addToAll(const T* __restrict from, T delta, T* __restrict to, int n) {
        for (int i = 0; i < n; ++i) to[i] = T(from[i] + delta);
    }

    const Geometry& g_;
    std::vector<T> columns_, prefix_;
};

// von Neumann: the diamond at (x, y) is the diamond at (x, y - 1) plus its new bottom edge minus the
// old top edge. Each edge is a V of 2r + 1 cells made of two diagonal segments, and a segment is the
// difference of two prefix sums running along its diagonal:
//   main[y][x] = alive(x, y) + main[y - 1][x - 1]   (down and to the right)
//   anti[y][x] = alive(x, y) + anti[y - 1][x + 1]   (down and to the left)
// The prefix sums start at the band's first halo row and live in a ring of the 2r + 3 rows in use.
// O(1) per cell.
template <class T>
class VonNeumannCounter {
  public:
    static constexpr bool kUsesAlivePlane = true;

    explicit VonNeumannCounter(const Geometry& g)
        : g_(g), ringRows_(2 * g.radius + 3), main_(std::size_t(ringRows_) * std::size_t(g.stride())),
          anti_(main_.size()), counts_(std::size_t(g.width)), zeros_(counts_.size()), spans_(g) {}
    static std::uint64_t bytes(const Geometry& g) {
        const std::uint64_t ring = std::uint64_t(2 * g.radius + 3) * std::uint64_t(g.stride());
        return (2 * ring + 2 * std::uint64_t(g.width)) * sizeof(T) + SpanCounter<T>::bytes(g);
    }

    template <class Sink>
    void run(const Source& source, int y0, int y1, Sink&& sink) {
        const AlivePlane& alive = source.alive;
        const int r = g_.radius;
        const int first = y0 - r - 1; // the oldest row the first step reads
        startDiagonals(alive, first);
        for (int y = first + 1; y <= y0 + r; ++y) extendDiagonals(alive, y);
        spans_.countRow(alive, y0, counts_.data());
        sink(y0, counts_.data(), zeros_.data());
        for (int y = y0 + 1; y < y1; ++y) {
            extendDiagonals(alive, y + r);
            moveDown(y);
            sink(y, counts_.data(), zeros_.data());
        }
    }

  private:
    // Row y of a ring, pointing at column 0; columns -pad .. width + pad - 1 exist.
    T* ringRow(std::vector<T>& ring, long long y) {
        long long slot = y % ringRows_;
        if (slot < 0) slot += ringRows_;
        return ring.data() + std::size_t(slot) * std::size_t(g_.stride()) + std::size_t(g_.pad);
    }

    void startDiagonals(const AlivePlane& alive, long long y) {
        const Cell* a = alive.row(y) - g_.pad;
        std::copy_n(a, g_.stride(), ringRow(main_, y) - g_.pad);
        std::copy_n(a, g_.stride(), ringRow(anti_, y) - g_.pad);
    }

    void extendDiagonals(const AlivePlane& alive, long long y) {
        const int n = g_.stride();
        extendDiagonal(alive.row(y) - g_.pad, ringRow(main_, y - 1) - g_.pad - 1, ringRow(main_, y) - g_.pad, 1, n);
        extendDiagonal(alive.row(y) - g_.pad, ringRow(anti_, y - 1) - g_.pad + 1, ringRow(anti_, y) - g_.pad, 0, n - 1);
        // A diagonal that enters the padded rectangle at its left (main) or right (anti) edge starts there.
        ringRow(main_, y)[-g_.pad] = alive.row(y)[-g_.pad];
        ringRow(anti_, y)[n - 1 - g_.pad] = alive.row(y)[n - 1 - g_.pad];
    }

    // out[i] = cells[i] + previous[i] for i in [begin, end); previous is already shifted by one column.
    static void extendDiagonal(const Cell* __restrict cells, const T* __restrict previous, T* __restrict out, int begin,
                               int end) {
        for (int i = begin; i < end; ++i) out[i] = T(cells[i] + previous[i]);
    }

    void moveDown(int y) {
        const int r = g_.radius;
        // New bottom edge, cells (x + dx, y + r - |dx|): dx >= 0 lies on an anti-diagonal from
        // (x + r, y) to (x, y + r), dx < 0 on a main diagonal from (x - r, y) to (x - 1, y + r - 1).
        // Old top edge, cells (x + dx, y - 1 - r + |dx|): dx >= 0 on a main diagonal from (x, y - 1 - r)
        // to (x + r, y - 1), dx < 0 on an anti-diagonal from (x - 1, y - r) to (x - r, y - 1).
        const T* const plus[4] = {ringRow(anti_, y + r), ringRow(main_, y + r - 1) - 1, ringRow(main_, y - 2 - r) - 1,
                                  ringRow(anti_, y - r - 1)};
        const T* const minus[4] = {ringRow(anti_, y - 1) + r + 1, ringRow(main_, y - 1) - r - 1,
                                   ringRow(main_, y - 1) + r, ringRow(anti_, y - 1) - r};
        addEdges(counts_.data(), plus, minus, g_.width);
    }

    static void addEdges(T* __restrict counts, const T* const (&plus)[4], const T* const (&minus)[4], int n) {
        const T *p0 = plus[0], *p1 = plus[1], *p2 = plus[2], *p3 = plus[3];
        const T *m0 = minus[0], *m1 = minus[1], *m2 = minus[2], *m3 = minus[3];
        for (int x = 0; x < n; ++x)
            counts[x] = T(counts[x] + T(p0[x] + p1[x] + p2[x] + p3[x]) - T(m0[x] + m1[x] + m2[x] + m3[x]));
    }

    const Geometry& g_;
    int ringRows_;
    std::vector<T> main_, anti_, counts_, zeros_;
    SpanCounter<T> spans_;
};

// Circular, Euclidean and hexagonal: like von Neumann, the shape at (x, y) is the shape at (x, y - 1) plus
// the cells entering at the bottom of each of its 2r + 1 columns minus those leaving at the top:
// 2(2r + 1) byte reads per cell, O(r). The +-1 changes are summed in bytes over up to 127 columns, then
// added to the counts.
template <class T>
class CircularCounter {
  public:
    static constexpr bool kUsesAlivePlane = true;

    explicit CircularCounter(const Geometry& g)
        : g_(g), counts_(std::size_t(g.width)), zeros_(counts_.size()), changes_(counts_.size()), spans_(g) {}
    static std::uint64_t bytes(const Geometry& g) {
        return 2 * std::uint64_t(g.width) * sizeof(T) + std::uint64_t(g.width) + SpanCounter<T>::bytes(g);
    }

    template <class Sink>
    void run(const Source& source, int y0, int y1, Sink&& sink) {
        spans_.countRow(source.alive, y0, counts_.data());
        sink(y0, counts_.data(), zeros_.data());
        for (int y = y0 + 1; y < y1; ++y) {
            moveDown(source.alive, y);
            sink(y, counts_.data(), zeros_.data());
        }
    }

  private:
    static constexpr int kColumnsPerPass = 127; // a signed byte holds any sum of 127 changes

    void moveDown(const AlivePlane& alive, int y) {
        const int r = g_.radius;
        for (int first = -r; first <= r; first += kColumnsPerPass) {
            std::fill(changes_.begin(), changes_.end(), std::int8_t{0});
            for (int dx = first; dx <= std::min(r, first + kColumnsPerPass - 1); ++dx) {
                // Column dx holds the rows of span(dx): the shape is its own transpose.
                const RowSpan rows = g_.span(dx);
                addChange(changes_.data(), alive.row(y + rows.hi) + dx, alive.row(y - 1 + rows.lo) + dx, g_.width);
            }
            addChanges(counts_.data(), changes_.data(), g_.width);
        }
    }

    static void addChange(std::int8_t* __restrict changes, const Cell* __restrict entering,
                          const Cell* __restrict leaving, int n) {
        for (int x = 0; x < n; ++x) changes[x] = std::int8_t(changes[x] + entering[x] - leaving[x]);
    }

    static void addChanges(T* __restrict counts, const std::int8_t* __restrict changes, int n) {
        for (int x = 0; x < n; ++x) counts[x] = T(counts[x] + changes[x]);
    }

    const Geometry& g_;
    std::vector<T> counts_, zeros_;
    std::vector<std::int8_t> changes_;
    SpanCounter<T> spans_;
};

// Triangular: on cells of even x + y, the shape's row dy reaches triangularRowHalfWidth(dy) columns either
// side and its column dx holds the rows triangularColumnSpan(dx) = lo .. hi; cells of odd x + y see it
// mirrored, rows -hi .. -lo. A cell two rows down has the same parity: its count is the count two rows up
// plus the two rows entering below each column span, minus the two leaving above. The counts of the last
// two rows are kept; the band's first two are counted afresh from row spans. O(r) per cell.
template <class T>
class TriangularCounter {
  public:
    static constexpr bool kUsesAlivePlane = true;

    explicit TriangularCounter(const Geometry& g)
        : g_(g), counts_{std::vector<T>(std::size_t(g.width)), std::vector<T>(std::size_t(g.width))},
          zeros_(std::size_t(g.width)), prefix_(std::size_t(g.stride()) + 1) {}
    static std::uint64_t bytes(const Geometry& g) {
        return (3 * std::uint64_t(g.width) + std::uint64_t(g.stride()) + 1) * sizeof(T);
    }

    template <class Sink>
    void run(const Source& source, int y0, int y1, Sink&& sink) {
        for (int y = y0; y < y1; ++y) {
            if (y < y0 + 2)
                countRow(source.alive, y);
            else
                moveDownTwo(source.alive, y);
            sink(y, countsOf(y).data(), zeros_.data());
        }
    }

  private:
    std::vector<T>& countsOf(long long y) { return counts_[std::size_t(y & 1)]; }
    // The first column of row y whose cells have even x + y, and the other.
    static int firstEvenCell(long long y) { return int(y & 1); }

    // Every count of row y from scratch: each of the 2r + 1 rows from its prefix sums, the span per cell's
    // parity.
    void countRow(const AlivePlane& alive, long long y) {
        T* counts = countsOf(y).data();
        std::fill_n(counts, g_.width, T(0));
        const T* p = prefix_.data() + g_.pad;
        for (int dy = -g_.radius; dy <= g_.radius; ++dy) {
            prefixSums(alive.row(y + dy) - g_.pad, prefix_.data(), g_.stride());
            for (int parity : {0, 1}) {
                const int w = triangularRowHalfWidth(g_.radius, parity == 0 ? dy : -dy);
                for (int x = parity == 0 ? firstEvenCell(y) : 1 - firstEvenCell(y); x < g_.width; x += 2)
                    counts[x] = T(counts[x] + p[x + w + 1] - p[x - w]);
            }
        }
    }

    // Row y's counts from row y - 2's (kept in the same slot).
    void moveDownTwo(const AlivePlane& alive, long long y) {
        T* counts = countsOf(y).data();
        const int r = g_.radius, reach = 2 * r;
        for (int dx = -reach; dx <= reach; ++dx) {
            const RowSpan rows = triangularColumnSpan(r, dx);
            for (int parity : {0, 1}) {
                // The column's rows for cells of this parity: lo..hi, or mirrored.
                const int top = parity == 0 ? rows.lo : -rows.hi, bottom = parity == 0 ? rows.hi : -rows.lo;
                const Cell* in1 = alive.row(y + bottom - 1) + dx;
                const Cell* in2 = alive.row(y + bottom) + dx;
                const Cell* out1 = alive.row(y - 2 + top) + dx;
                const Cell* out2 = alive.row(y - 1 + top) + dx;
                for (int x = parity == 0 ? firstEvenCell(y) : 1 - firstEvenCell(y); x < g_.width; x += 2)
                    counts[x] = T(counts[x] + in1[x] + in2[x] - out1[x] - out2[x]);
            }
        }
    }

    const Geometry& g_;
    std::vector<T> counts_[2], zeros_, prefix_;
};

// Cross, saltire, star, hash, asterisk and tripod: lines through the cell, each a running sum. Moving down
// a row, a column's window gains the cell at its bottom and loses the one above its top; a diagonal's
// window, followed from (x - 1, y - 1) to (x, y) (or from (x + 1, y - 1) for the anti-diagonal), gains and
// loses one cell the same way; a row's window is a difference of its prefix sums. O(1) per cell at any
// radius.
//   cross     row(y) + column(x) - centre
//   saltire   main(x, y) + anti(x, y) - centre
//   star      row(y) + column(x) + main(x, y) + anti(x, y) - 3 centre
//   hash      row(y - 1) + row(y + 1) + column(x - 1) + column(x + 1) - the 4 cells both count + centre
//   asterisk  row(y) + column(x) + main(x, y) - 2 centre
//   tripod    row(y) + column(x) + main(x, y) - centre, its windows one-sided: the row's x - r .. x, the
//             column's y - r .. y, the main diagonal's (x + j, y + j) for j = 1 .. r
// Every other window is 2r + 1 cells centred on the line's cell; the grid is a torus here, so a diagonal's
// window at column -1 is its window at column w - 1.
template <class T>
class LineCounter {
  public:
    static constexpr bool kUsesAlivePlane = true;

    explicit LineCounter(const Geometry& g)
        : g_(g), prefix_(std::size_t(g.stride()) + 1), rows_(3 * std::size_t(g.width)),
          columns_(std::size_t(g.stride())), main_(std::size_t(g.width)), anti_(main_.size()),
          nextDiagonal_(main_.size()), counts_(main_.size()), zeros_(main_.size()) {}
    static std::uint64_t bytes(const Geometry& g) {
        return (std::uint64_t(g.stride()) + 1 + 3 * std::uint64_t(g.width) + std::uint64_t(g.stride()) +
                5 * std::uint64_t(g.width)) *
               sizeof(T);
    }

    template <class Sink>
    void run(const Source& source, int y0, int y1, Sink&& sink) {
        const AlivePlane& alive = source.alive;
        start(alive, y0);
        for (int y = y0; y < y1; ++y) {
            if (y > y0) moveDown(alive, y);
            count(alive, y);
            sink(y, counts_.data(), zeros_.data());
        }
    }

  private:
    bool hasRows() const { return g_.shape != Neighbourhood::Saltire; }
    bool hasMainDiagonal() const { return g_.shape != Neighbourhood::Cross && g_.shape != Neighbourhood::Hash; }
    bool hasAntiDiagonal() const { return g_.shape == Neighbourhood::Saltire || g_.shape == Neighbourhood::Star; }
    bool isHash() const { return g_.shape == Neighbourhood::Hash; }
    bool isTripod() const { return g_.shape == Neighbourhood::Tripod; }
    // The rows of column x's window at row y: y - r .. y + lastRow(), the tripod's ending at y.
    int lastRow() const { return isTripod() ? 0 : g_.radius; }

    // The row windows of row y, kept for the three rows the hash reads.
    T* rowWindows(long long y) {
        const long long slot = ((y % 3) + 3) % 3;
        return rows_.data() + std::size_t(slot) * std::size_t(g_.width);
    }
    // Column c's window, for c in -pad .. width + pad - 1.
    T* columns() { return columns_.data() + g_.pad; }

    void computeRowWindows(const AlivePlane& alive, long long y) {
        prefixSums(alive.row(y) - g_.pad, prefix_.data(), g_.stride());
        std::fill_n(rowWindows(y), g_.width, T(0));
        addSpan(rowWindows(y), prefix_.data() + g_.pad, RowSpan{-g_.radius, lastRow()}, g_.width);
    }

    // Every window of row y0 from scratch: O(r) per cell, once per band.
    void start(const AlivePlane& alive, int y0) {
        const int r = g_.radius, w = g_.width;
        if (hasRows()) {
            if (isHash()) computeRowWindows(alive, y0 - 1);
            computeRowWindows(alive, y0);
            std::fill(columns_.begin(), columns_.end(), T(0));
            for (int dy = -r; dy <= lastRow(); ++dy)
                addAliveRow<false>(columns_.data(), alive.row(y0 + dy) - g_.pad, g_.stride());
        }
        if (hasMainDiagonal()) {
            std::fill(main_.begin(), main_.end(), T(0));
            for (int j = isTripod() ? 1 : -r; j <= r; ++j)
                addAliveRow<false>(main_.data(), alive.row(y0 + j) + j, w); // cells (x + j, y0 + j)
        }
        if (hasAntiDiagonal()) {
            std::fill(anti_.begin(), anti_.end(), T(0));
            for (int j = -r; j <= r; ++j) addAliveRow<false>(anti_.data(), alive.row(y0 + j) - j, w); // (x - j, y0 + j)
        }
    }

    void moveDown(const AlivePlane& alive, int y) {
        const int r = g_.radius, w = g_.width;
        const Cell* entering = alive.row(y + r);
        const Cell* leaving = alive.row(y - r - 1);
        if (hasRows()) {
            slideInto(columns_.data(), columns_.data(), alive.row(y + lastRow()) - g_.pad, leaving - g_.pad,
                      g_.stride());
            if (!isHash()) computeRowWindows(alive, y); // the hash's row y + 1 is made by count()
        }
        if (hasMainDiagonal()) {
            // main(x, y) = main(x - 1, y - 1) + cell (x + r, y + r) - cell (x - r - 1, y - r - 1); the
            // tripod's loses cell (x, y) instead
            const Cell* mainLeaving = isTripod() ? alive.row(y) + r + 1 : leaving;
            T* next = nextDiagonal_.data();
            slideInto(next + 1, main_.data(), entering + r + 1, mainLeaving - r, w - 1);
            next[0] = T(main_[std::size_t(w - 1)] + entering[r] - mainLeaving[-r - 1]);
            main_.swap(nextDiagonal_);
        }
        if (hasAntiDiagonal()) {
            // anti(x, y) = anti(x + 1, y - 1) + cell (x - r, y + r) - cell (x + r + 1, y - r - 1)
            T* next = nextDiagonal_.data();
            slideInto(next, anti_.data() + 1, entering - r, leaving + r + 1, w - 1);
            next[w - 1] = T(anti_[0] + entering[w - 1 - r] - leaving[w + r]);
            anti_.swap(nextDiagonal_);
        }
    }

    void count(const AlivePlane& alive, int y) {
        const int w = g_.width;
        const Cell* centre = alive.row(y);
        T* __restrict out = counts_.data();
        const T* column = columns();
        const T* mainLine = main_.data();
        const T* antiLine = anti_.data();
        switch (g_.shape) {
        case Neighbourhood::Cross: {
            const T* row = rowWindows(y);
            for (int x = 0; x < w; ++x) out[x] = T(row[x] + column[x] - centre[x]);
            break;
        }
        case Neighbourhood::Saltire:
            for (int x = 0; x < w; ++x) out[x] = T(mainLine[x] + antiLine[x] - centre[x]);
            break;
        case Neighbourhood::Star: {
            const T* row = rowWindows(y);
            for (int x = 0; x < w; ++x) out[x] = T(row[x] + column[x] + mainLine[x] + antiLine[x] - 3 * centre[x]);
            break;
        }
        case Neighbourhood::Asterisk: {
            const T* row = rowWindows(y);
            for (int x = 0; x < w; ++x) out[x] = T(row[x] + column[x] + mainLine[x] - 2 * centre[x]);
            break;
        }
        case Neighbourhood::Tripod: {
            const T* row = rowWindows(y);
            for (int x = 0; x < w; ++x) out[x] = T(row[x] + column[x] + mainLine[x] - centre[x]);
            break;
        }
        default: { // hash
            computeRowWindows(alive, y + 1);
            const T* above = rowWindows(y - 1);
            const T* below = rowWindows(y + 1);
            const Cell* up = alive.row(y - 1);
            const Cell* down = alive.row(y + 1);
            for (int x = 0; x < w; ++x)
                out[x] = T(above[x] + below[x] + column[x - 1] + column[x + 1] + centre[x] -
                           (up[x - 1] + up[x + 1] + down[x - 1] + down[x + 1]));
            break;
        }
        }
    }

    const Geometry& g_;
    std::vector<T> prefix_, rows_, columns_, main_, anti_, nextDiagonal_, counts_, zeros_;
};

// The checkerboards: the (2r + 1)^2 box's cells of one colour, the colour of (x + dx, y + dy) being the
// parity of dx + dy. Column windows are kept twice, over the window's even rows and over its odd ones
// (moving down a row adds the entering row to one and takes the leaving row from the other); a column's
// cells of colour "X + Y even" are then the even rows of an even column or the odd rows of an odd one.
// Prefix sums over both colours give each cell's box of either colour. Parities are those of unwrapped
// positions (a padded column, a row before the wrap), so that on a torus of odd side the colours still
// follow the offsets. O(1) per cell at any radius.
//   aligned (D)       the box's cells of the centre's colour (the centre among them)
//   checkerboard (B)  those of the other colour, and the centre
template <class T>
class ColourCounter {
  public:
    static constexpr bool kUsesAlivePlane = true;

    explicit ColourCounter(const Geometry& g)
        : g_(g), byRowParity_{std::vector<T>(std::size_t(g.stride())), std::vector<T>(std::size_t(g.stride()))},
          even_(std::size_t(g.stride())), odd_(std::size_t(g.stride())), evenPrefix_(std::size_t(g.stride()) + 1),
          oddPrefix_(evenPrefix_.size()), counts_(std::size_t(g.width)), zeros_(counts_.size()) {}
    static std::uint64_t bytes(const Geometry& g) {
        return (6 * (std::uint64_t(g.stride()) + 1) + 2 * std::uint64_t(g.width)) * sizeof(T);
    }

    template <class Sink>
    void run(const Source& source, int y0, int y1, Sink&& sink) {
        const AlivePlane& alive = source.alive;
        const int r = g_.radius, n = g_.stride();
        for (std::vector<T>& columns : byRowParity_) std::fill(columns.begin(), columns.end(), T(0));
        for (int row = y0 - r; row <= y0 + r; ++row)
            addAliveRow<false>(rowParity(row).data(), alive.row(row) - g_.pad, n);
        for (int y = y0; y < y1; ++y) {
            if (y > y0) {
                std::vector<T>& gaining = rowParity(y + r);
                std::vector<T>& losing = rowParity(y - r - 1); // the other parity: 2r + 1 rows apart
                addAliveRow<false>(gaining.data(), alive.row(y + r) - g_.pad, n);
                removeAliveRow(losing.data(), alive.row(y - r - 1) - g_.pad, n);
            }
            count(alive, y);
            sink(y, counts_.data(), zeros_.data());
        }
    }

  private:
    std::vector<T>& rowParity(long long row) { return byRowParity_[std::size_t(row & 1)]; }

    void count(const AlivePlane& alive, int y) {
        const int r = g_.radius, w = g_.width, n = g_.stride();
        // Padded column i is column i - pad: even when i and pad have the same parity.
        const T* evenRows = byRowParity_[0].data();
        const T* oddRows = byRowParity_[1].data();
        for (int i = 0; i < n; ++i) {
            const bool oddColumn = ((i - g_.pad) & 1) != 0;
            even_[std::size_t(i)] = oddColumn ? oddRows[i] : evenRows[i]; // cells with X + Y even
            odd_[std::size_t(i)] = oddColumn ? evenRows[i] : oddRows[i];
        }
        prefixSums(even_.data(), evenPrefix_.data(), n);
        prefixSums(odd_.data(), oddPrefix_.data(), n);
        const T* e = evenPrefix_.data() + g_.pad;
        const T* o = oddPrefix_.data() + g_.pad;
        const Cell* centre = alive.row(y);
        const bool aligned = g_.shape == Neighbourhood::AlignedCheckerboard;
        T* __restrict out = counts_.data();
        for (int x = 0; x < w; ++x) {
            const T evenBox = T(e[x + r + 1] - e[x - r]), oddBox = T(o[x + r + 1] - o[x - r]);
            const bool centreEven = ((x + y) & 1) == 0;
            out[x] = aligned ? (centreEven ? evenBox : oddBox) : T((centreEven ? oddBox : evenBox) + centre[x]);
        }
    }

    const Geometry& g_;
    std::vector<T> byRowParity_[2]; // column windows over the window's even rows, and over its odd rows
    std::vector<T> even_, odd_, evenPrefix_, oddPrefix_, counts_, zeros_;
};

// ---- The rule ------------------------------------------------------------------------------------

// The next state from the current one and whether its count gives birth or survival (catlab::Transition).
template <bool ManyStates>
inline Cell nextState(Cell state, bool born, bool survives, Cell dying, Cell states) {
    if constexpr (!ManyStates) {
        return state ? survives : born;
    } else {
        // A decaying cell ages by one and dies after state C - 1 (C = 256 is stored as 0, like Cell(255 + 1)).
        const Cell aged = Cell(state + 1) == states ? Cell{0} : Cell(state + 1);
        return state == 0 ? Cell(born) : state == 1 ? (survives ? Cell{1} : dying) : aged;
    }
}

// catlab::Transition as a row kernel over counts hi[x] - lo[x] that include the centre. A count set is
// tested against its intervals (a subtract and an unsigned compare each: no table lookups, so it
// vectorises); sets of more than kMaxIntervals intervals use tables instead.
template <class T>
class RuleKernel {
  public:
    explicit RuleKernel(const Rule& rule) : dying_(rule.states > 2 ? Cell{2} : Cell{0}), states_(Cell(rule.states)) {
        // A live centre is in its own count; survival counts exclude it unless the rule includes the centre.
        const int shift = rule.includeCentre ? 0 : 1;
        birth_ = Tests(rule.birth, 0);
        survival_ = Tests(rule.survival, shift);
        const int maxCount = neighbourhoodCells(rule.neighbourhood, rule.radius);
        for (int c = 0; c <= maxCount; ++c) {
            born_.push_back(rule.birth.contains(c));
            survives_.push_back(c >= shift && rule.survival.contains(c - shift));
        }
        const std::size_t intervals = std::max(rule.birth.intervals().size(), rule.survival.intervals().size());
        apply_ = rule.states > 2 ? pick<true>(intervals) : pick<false>(intervals);
    }
    // The two tables, grown one count at a time.
    static std::uint64_t bytes(const Rule& rule) {
        return 2 * std::bit_ceil(std::uint64_t(neighbourhoodCells(rule.neighbourhood, rule.radius)) + 1);
    }

    void apply(const T* hi, const T* lo, const Cell* states, Cell* next, int width) const {
        apply_(*this, hi, lo, states, next, width);
    }

  private:
    static constexpr int kMaxIntervals = 8;
    using Kernel = void (*)(const RuleKernel&, const T*, const T*, const Cell*, Cell*, int);

    // Count c is in [lo, lo + span] when T(c - lo) <= span. Unused slots never match: their lo is T's
    // maximum, which no count reaches.
    struct Tests {
        Tests() = default;
        Tests(const CountSet& set, int shift) {
            lo.fill(std::numeric_limits<T>::max());
            span.fill(0);
            const std::size_t n = std::min<std::size_t>(set.intervals().size(), kMaxIntervals);
            for (std::size_t i = 0; i < n; ++i) {
                lo[i] = T(set.intervals()[i].lo + shift);
                span[i] = T(set.intervals()[i].hi - set.intervals()[i].lo);
            }
        }
        template <int N>
        bool contains(T c) const {
            bool in = false;
            for (int i = 0; i < N; ++i) in |= T(c - lo[std::size_t(i)]) <= span[std::size_t(i)];
            return in;
        }
        std::array<T, kMaxIntervals> lo{}, span{};
    };

    template <bool ManyStates>
    static Kernel pick(std::size_t intervals) {
        if (intervals <= 1) return &byIntervals<1, ManyStates>;
        if (intervals <= 2) return &byIntervals<2, ManyStates>;
        if (intervals <= 4) return &byIntervals<4, ManyStates>;
        if (intervals <= 8) return &byIntervals<8, ManyStates>;
        return &byTable<ManyStates>;
    }

    template <int N, bool ManyStates>
    static void byIntervals(const RuleKernel& k, const T* hi, const T* lo, const Cell* states, Cell* out, int width) {
        int x = 0;
#if defined(__SSE2__)
        if constexpr (sizeof(T) == 2) x = byIntervals16<N, ManyStates>(k, hi, lo, states, out, width);
#endif
        for (; x < width; ++x) {
            const T c = T(hi[x] - lo[x]);
            out[x] = nextState<ManyStates>(states[x], k.birth_.template contains<N>(c),
                                           k.survival_.template contains<N>(c), k.dying_, k.states_);
        }
    }

    template <bool ManyStates>
    static void byTable(const RuleKernel& k, const T* hi, const T* lo, const Cell* states, Cell* out, int width) {
        for (int x = 0; x < width; ++x) {
            const T c = T(hi[x] - lo[x]);
            out[x] = nextState<ManyStates>(states[x], k.born_[c], k.survives_[c], k.dying_, k.states_);
        }
    }

#if defined(__SSE2__)
    // Sixteen cells at a time; returns how many cells it did. GCC vectorises the loop above too, but
    // narrows every 0/1 flag to a byte with extra masking: here the compare masks are packed as they are.
    template <int N, bool ManyStates>
    static int byIntervals16(const RuleKernel& k, const T* hi, const T* lo, const Cell* states, Cell* out, int width) {
        const VectorTests<N> birth(k.birth_), survival(k.survival_);
        const __m128i zero = _mm_setzero_si128(), one = _mm_set1_epi8(1);
        const __m128i dying = _mm_set1_epi8(char(k.dying_)), stateCount = _mm_set1_epi8(char(k.states_));
        int x = 0;
        for (; x + 16 <= width; x += 16) {
            const __m128i c0 = _mm_sub_epi16(load128(hi + x), load128(lo + x));
            const __m128i c1 = _mm_sub_epi16(load128(hi + x + 8), load128(lo + x + 8));
            // 0xFFFF masks packed to 0xFF bytes (signed saturation keeps -1 and 0).
            const __m128i born = _mm_packs_epi16(birth.contains(c0), birth.contains(c1));
            const __m128i survives = _mm_packs_epi16(survival.contains(c0), survival.contains(c1));
            const __m128i state = load128(states + x);
            const __m128i dead = _mm_cmpeq_epi8(state, zero);
            __m128i next;
            if constexpr (!ManyStates) {
                next = _mm_and_si128(select(dead, born, survives), one);
            } else {
                __m128i aged = _mm_add_epi8(state, one);
                aged = _mm_andnot_si128(_mm_cmpeq_epi8(aged, stateCount), aged);
                const __m128i live = _mm_cmpeq_epi8(state, one);
                next = select(live, select(survives, one, dying), aged);
                next = select(dead, _mm_and_si128(born, one), next);
            }
            store128(out + x, next);
        }
        return x;
    }

    static __m128i select(__m128i mask, __m128i a, __m128i b) {
        return _mm_or_si128(_mm_and_si128(mask, a), _mm_andnot_si128(mask, b));
    }

    // Tests with the bounds broadcast to every lane; contains() gives 0xFFFF lanes for counts in the set.
    template <int N>
    struct VectorTests {
        explicit VectorTests(const Tests& t) {
            for (int i = 0; i < N; ++i) {
                lo[i] = _mm_set1_epi16(short(t.lo[std::size_t(i)]));
                span[i] = _mm_set1_epi16(short(t.span[std::size_t(i)]));
            }
        }
        __m128i contains(__m128i c) const {
            // c - lo <= span (unsigned) exactly when the saturating difference (c - lo) - span is 0.
            __m128i in = _mm_setzero_si128();
            for (int i = 0; i < N; ++i) {
                const __m128i excess = _mm_subs_epu16(_mm_sub_epi16(c, lo[i]), span[i]);
                in = _mm_or_si128(in, _mm_cmpeq_epi16(excess, _mm_setzero_si128()));
            }
            return in;
        }
        __m128i lo[N], span[N];
    };
#endif

    Tests birth_, survival_;
    std::vector<Cell> born_, survives_; // by count, for byTable
    Cell dying_, states_;
    Kernel apply_ = nullptr;
};

// ---- Generations ---------------------------------------------------------------------------------

// One generation: if the counter reads it, the plane of live cells is filled first; then the rows are
// counted and the rule applied band by band. A band reads r rows above and below itself and pays for
// starting its running sums, so bands are a few times 2r + 1 rows high; there are a few more of them
// than threads, and each thread takes the next band when it is done with one, so that a thread slowed
// down (by another program on its core, say) does less of the work rather than holding up the rest.
template <class T, template <class> class Counter>
class BandStepper final : public CpuFastBackend::Stepper {
  public:
    BandStepper(const Rule& rule, GridSize size)
        : geometry_(rule, size), alive_(geometry_, Counter<T>::kUsesAlivePlane), kernel_(rule),
          manyStates_(rule.states > 2), birthAtZero_(rule.birth.contains(0)), activity_(size.height),
          nextActivity_(size.height) {
        bands_ = bandCount(rule, size);
        const int workers = workerCount(bands_);
        counters_.reserve(std::size_t(workers));
        for (int w = 0; w < workers; ++w) counters_.emplace_back(geometry_);
    }

    // What the constructor allocates.
    static std::uint64_t bytes(const Rule& rule, GridSize size) {
        const Geometry g(rule, size);
        return g.bytes() + AlivePlane::bytes(g, Counter<T>::kUsesAlivePlane) + RuleKernel<T>::bytes(rule) +
               2 * RowActivity::bytes(size.height) +
               std::uint64_t(workerCount(bandCount(rule, size))) * Counter<T>::bytes(g);
    }

    void stateReplaced() override { activityKnown_ = false; }

    void step(const Grid& from, Grid& to) override {
        ThreadPool& pool = ThreadPool::shared();
        const int w = from.width();
        if (!activityKnown_) {
            pool.parallelFor(from.height(), [&](long long y0, long long y1) {
                for (long long y = y0; y < y1; ++y) activity_.record(int(y), from.row(int(y)), w, manyStates_);
            });
            activity_.finish();
        }
        if constexpr (Counter<T>::kUsesAlivePlane) {
            pool.parallelFor(from.height(), [&](long long y0, long long y1) {
                for (long long y = y0; y < y1; ++y) alive_.fillRow(from.row(int(y)), int(y), manyStates_);
            });
        }
        const Source source{from, activity_, alive_, manyStates_};
        auto applyRule = [&](int y, const T* hi, const T* lo) {
            Cell* next = to.row(y);
            const int r = geometry_.radius;
            if (!birthAtZero_ && !activity_.busy(y) && !activity_.anyLive(y - r, y + r))
                std::fill_n(next, w, Cell{0}); // every count is 0 and no cell decays
            else
                kernel_.apply(hi, lo, from.row(y), next, w);
            nextActivity_.record(y, next, w, manyStates_);
        };
        std::atomic<int> nextBand{0};
        // One chunk per worker (the pool splits `workers` items over at least as many threads).
        pool.parallelFor(static_cast<long long>(counters_.size()), [&](long long w0, long long w1) {
            for (long long worker = w0; worker < w1; ++worker)
                for (int b = nextBand++; b < bands_; b = nextBand++)
                    counters_[std::size_t(worker)].run(source, bandStart(b), bandStart(b + 1), applyRule);
        });
        nextActivity_.finish();
        std::swap(activity_, nextActivity_);
        activityKnown_ = true;
    }

  private:
    // Up to four bands per thread, a multiple of the thread count so that equal threads finish together.
    static int bandCount(const Rule& rule, GridSize size) {
        const int threads = int(ThreadPool::shared().size());
        const int minRows = std::max(64, 2 * (2 * rule.radius + 1));
        return std::min(threads * std::clamp(size.height / (minRows * threads), 1, 4), size.height);
    }
    static int workerCount(int bands) { return std::min(int(ThreadPool::shared().size()), bands); }

    int bandStart(int band) const { return int(static_cast<long long>(geometry_.height) * band / bands_); }

    Geometry geometry_;
    AlivePlane alive_;
    RuleKernel<T> kernel_;
    bool manyStates_;
    bool birthAtZero_;
    RowActivity activity_, nextActivity_; // of the grid step() reads and of the one it writes
    bool activityKnown_ = false;
    int bands_ = 1;
    std::vector<Counter<T>> counters_; // one per worker thread
};

template <class T>
std::unique_ptr<CpuFastBackend::Stepper> makeStepper(const Rule& rule, GridSize size) {
    switch (rule.neighbourhood) {
    case Neighbourhood::Moore: return std::make_unique<BandStepper<T, MooreCounter>>(rule, size);
    case Neighbourhood::VonNeumann: return std::make_unique<BandStepper<T, VonNeumannCounter>>(rule, size);
    case Neighbourhood::Circular:
    case Neighbourhood::Euclidean:
    case Neighbourhood::Hexagonal: return std::make_unique<BandStepper<T, CircularCounter>>(rule, size);
    case Neighbourhood::Triangular: return std::make_unique<BandStepper<T, TriangularCounter>>(rule, size);
    case Neighbourhood::Cross:
    case Neighbourhood::Saltire:
    case Neighbourhood::Star:
    case Neighbourhood::Hash:
    case Neighbourhood::Asterisk:
    case Neighbourhood::Tripod: return std::make_unique<BandStepper<T, LineCounter>>(rule, size);
    case Neighbourhood::Checkerboard:
    case Neighbourhood::AlignedCheckerboard: return std::make_unique<BandStepper<T, ColourCounter>>(rule, size);
    default: break;
    }
    throw Error("cpu: unknown neighbourhood");
}

// What makeStepper's stepper allocates.
template <class T>
std::uint64_t stepperBytes(const Rule& rule, GridSize size) {
    switch (rule.neighbourhood) {
    case Neighbourhood::Moore: return BandStepper<T, MooreCounter>::bytes(rule, size);
    case Neighbourhood::VonNeumann: return BandStepper<T, VonNeumannCounter>::bytes(rule, size);
    case Neighbourhood::Circular:
    case Neighbourhood::Euclidean:
    case Neighbourhood::Hexagonal: return BandStepper<T, CircularCounter>::bytes(rule, size);
    case Neighbourhood::Triangular: return BandStepper<T, TriangularCounter>::bytes(rule, size);
    case Neighbourhood::Cross:
    case Neighbourhood::Saltire:
    case Neighbourhood::Star:
    case Neighbourhood::Hash:
    case Neighbourhood::Asterisk:
    case Neighbourhood::Tripod: return BandStepper<T, LineCounter>::bytes(rule, size);
    case Neighbourhood::Checkerboard:
    case Neighbourhood::AlignedCheckerboard: return BandStepper<T, ColourCounter>::bytes(rule, size);
    default: break;
    }
    throw Error("cpu: unknown neighbourhood");
}

// The shapes with a running-sum counter; the others go to the shape stepper (cpu_shape_stepper.cpp).
bool hasRunningSums(Neighbourhood n) {
    switch (n) {
    case Neighbourhood::Saltire:
    case Neighbourhood::Star:
    case Neighbourhood::Hash:
    case Neighbourhood::Asterisk:
    case Neighbourhood::Tripod:
    case Neighbourhood::Triangular:
    case Neighbourhood::Checkerboard:
    case Neighbourhood::AlignedCheckerboard: return true;
    default: return isRowSpans(n);
    }
}

// 16-bit counts when every count (and the never-matching test value 65535) fits.
bool narrowCounts(const Rule& rule) { return neighbourhoodCells(rule.neighbourhood, rule.radius) < 0xFFFF; }

} // namespace

CpuFastBackend::CpuFastBackend() = default;
CpuFastBackend::~CpuFastBackend() = default;

void CpuFastBackend::prepare(const Rule& rule, GridSize newSize) {
    if (!hasRunningSums(rule.neighbourhood))
        stepper_ = makeShapeStepper(rule, newSize);
    else if (narrowCounts(rule))
        stepper_ = makeStepper<std::uint16_t>(rule, newSize);
    else
        stepper_ = makeStepper<std::uint32_t>(rule, newSize);
    if (current_.size() != newSize) {
        current_ = Grid(newSize);
        next_ = Grid(newSize);
    }
}

void CpuFastBackend::load(ConstCellBuffer source) {
    if (source.space != MemorySpace::Host) throw Error("cpu can only load cells from host memory");
    if (source.size != current_.size()) throw Error("cpu: loaded state has the wrong size");
    std::memcpy(current_.cells().data(), source.data, current_.cellCount());
    stepper_->stateReplaced();
}

void CpuFastBackend::store(CellBuffer destination) const {
    if (destination.space != MemorySpace::Host) throw Error("cpu can only store cells to host memory");
    if (destination.size != current_.size()) throw Error("cpu: destination has the wrong size");
    std::memcpy(destination.data, current_.cells().data(), current_.cellCount());
}

void CpuFastBackend::randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) {
    fillRandom(current_, density, seed, firstRow);
    stepper_->stateReplaced();
}

void CpuFastBackend::step(int generations) {
    for (int g = 0; g < generations; ++g) {
        stepper_->step(current_, next_);
        std::swap(current_, next_);
    }
}

// Which rows have live cells is known from the last step; cells written in place make it stale.
void CpuFastBackend::stateWritten() { stepper_->stateReplaced(); }

// The view and painting work on the grid in place.
void CpuFastBackend::exportView(const ViewWindow& window, ViewTarget target) const {
    exportViewOnHost(hostBuffer(current_), visibleSize(), rule().states, window, target);
}

void CpuFastBackend::exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const {
    exportViewPartialsOnHost(hostBuffer(current_), m, rows, target);
}

void CpuFastBackend::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    checkCellWrite(rect, current_.size(), cells, rule().states);
    copyIntoGrid(current_, rect, cells);
    stepper_->stateReplaced();
}

void CpuFastBackend::readCells(const CellRect& rect, std::span<Cell> cells) const {
    checkCellRect(rect, current_.size(), cells.size());
    copyFromGrid(current_, rect, cells);
}

} // namespace catlab

namespace catlab::backends {

BackendSpec cpu() {
    return {.name = "cpu",
            .memorySpace = MemorySpace::Host,
            .description = "running neighbourhood sums on the CPU, multi-threaded and vectorised: O(1) per cell at any "
                           "radius for Moore, von Neumann, the lines (+, X, *, #) and the checkerboards (B, D)",
            .rulesSummary = "any rule",
            .unsupportedReason = computesEveryRule,
            .create = makeBackend<CpuFastBackend>,
            .memoryNeed = [](const Rule& rule, GridSize size) {
                // The state and the next state, and the stepper's planes and counters.
                const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
                if (!hasRunningSums(rule.neighbourhood))
                    return MemoryNeed{.hostBytes = 2 * cells + shapeStepperBytes(rule, size)};
                return MemoryNeed{.hostBytes =
                                      2 * cells + (narrowCounts(rule) ? stepperBytes<std::uint16_t>(rule, size)
                                                                      : stepperBytes<std::uint32_t>(rule, size))};
            }};
}

} // namespace catlab::backends
