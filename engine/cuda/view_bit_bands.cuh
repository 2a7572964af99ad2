#pragma once
// The zoomed-out view export of two-state cells held as rows of bits, shaped to run at memory speed.
//
// A row of pixels covers a band of grid rows (viewSpan's sy) across the columns it shows. The per-pixel
// kernel (bitRowsPixel in view_export.cuh) reads each word of the band about twice, once per pixel that
// touches it, and each thread waits on its own chain of loads. Here one block takes one band (or a chunk
// of a very wide one) and reads each of its words once:
//   - lanes read consecutive words of each row of the band, so a warp's loads coalesce, and a lane keeps
//     its word's 32 column counts over the band bit-sliced (bit i of plane k is bit k of column i's
//     count): a handful of logic operations per word and row, whatever the pixels;
//   - the word's columns are then cut at the pixel boundaries, and each piece, counted with one masked
//     popcount per plane, is added to its pixel's count in shared memory. The same counts serve every lap
//     of the torus the word shows in: a wide screen fitted to a square grid shows it about twice across,
//     and each word is still read once;
//   - a last pass makes each pixel from its live count with viewPixelFromSums(), the integer code every
//     exporter shares, as bitRowsPixel does: the pixels are view.hpp's, bit for bit.
// The body is plain C++ as well, so the CPU tests run it on host threads (tests/support/kernel_emulator.hpp).
#include "device_intrinsics.cuh"

#include "catlab/error.hpp"
#include "catlab/view.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>

namespace catlab::cuda {

// Bands at least this many rows tall take the band export; shorter ones read too little to gain.
inline constexpr int kMinBandRows = 4;
// Pixels at most this many cells across: a pixel's live count, at most (2^15 + 1)^2, fits 32 bits and
// a band's column counts 16 planes.
inline constexpr int kMaxBandPixelCells = 1 << 15;
// A block whose pixels go round the torus more often than this (a grid much narrower than the screen)
// cuts each word into more pieces than it has rows: the per-pixel kernel does better there.
inline constexpr int kMaxBandLaps = 4;

struct BitBandTuning {
    int threads = 256;
    int chunkPixels = 8192; // most pixels per block: their counts take 32 KiB of shared memory
};

// How a window's pixels are cut into blocks: one per chunk of a row of pixels.
struct BitBandPlan {
    int threads = 0;
    int chunkPixels = 0;  // per block; the last chunk of a row may hold fewer
    int chunks = 0;       // per row of pixels
    long long blocks = 0; // chunks * rows of pixels
    std::size_t sharedBytes = 0;
    int planes = 0; // of the column counts: 4, 5, 8, 12 or 16, enough for the tallest band
};

inline constexpr std::uint64_t kViewCell = std::uint64_t(1) << kViewFractionBits;

// Whether bitBandBody() computes this window: pixels at least one cell wide (so that along a row they
// tile the columns) and at most kMaxBandPixelCells cells along each axis.
inline bool bitBandsCover(const ViewMapping& m) {
    constexpr std::uint64_t most = std::uint64_t(kMaxBandPixelCells) * kViewCell;
    return m.x.step >= kViewCell && m.x.step <= most && m.y.step <= most;
}

inline BitBandPlan planBitBands(const ViewMapping& m, const BitBandTuning& tuning = {}) {
    BitBandPlan plan;
    plan.threads = tuning.threads;
    plan.chunkPixels = std::min(m.width, tuning.chunkPixels);
    plan.chunks = (m.width + plan.chunkPixels - 1) / plan.chunkPixels;
    plan.blocks = (long long)plan.chunks * m.height;
    plan.sharedBytes = std::size_t(plan.chunkPixels) * sizeof(unsigned);
    // A band of a pixel `step` tall holds at most floor(step) + 1 rows (cell centres in [begin, end)).
    const int rows = int(m.y.step >> kViewFractionBits) + 1;
    const int bits = std::bit_width(unsigned(rows));
    plan.planes = bits <= 4 ? 4 : bits <= 5 ? 5 : bits <= 8 ? 8 : bits <= 12 ? 12 : 16;
    return plan;
}

// Whether the band export is the faster one for this window (bitBandsCover() and zoomed out enough).
inline bool bitBandsPay(const ViewMapping& m, const BitBandPlan& plan) {
    if (!bitBandsCover(m) || m.y.step < std::uint64_t(kMinBandRows) * kViewCell) return false;
    const double laps = double(plan.chunkPixels) * double(m.x.step) / double(kViewCell) / double(m.x.cells);
    return laps <= kMaxBandLaps;
}

// Calls f.template operator()<Planes>() for the plan's plane count.
template <class F>
void withBandPlanes(int planes, F&& f) {
    switch (planes) {
    case 4: return f.template operator()<4>();
    case 5: return f.template operator()<5>();
    case 8: return f.template operator()<8>();
    case 12: return f.template operator()<12>();
    case 16: return f.template operator()<16>();
    }
    throw Error("view band export: no kernel for " + std::to_string(planes) + " count planes");
}

// Bit-sliced counts of the 32 columns of a word over the rows of a band: bit i of plane k is bit k of
// column i's count. Counts reach 2^Planes - 1.
template <int Planes>
struct ColumnCounts {
    unsigned plane[Planes] = {};

    CATLAB_HD void add(unsigned row) { ripple<0>(row); }
    // Two rows: a full adder into plane 0, its carry rippled on from plane 1.
    CATLAB_HD void add(unsigned a, unsigned b) {
        const unsigned low = plane[0];
        plane[0] = low ^ a ^ b;
        ripple<1>((low & a) | (low & b) | (a & b));
    }
    // Live cells in the columns of `mask`, over the band.
    CATLAB_HD unsigned count(unsigned mask) const {
        unsigned n = 0;
        CATLAB_UNROLL
        for (int k = 0; k < Planes; ++k) n += unsigned(intrinsics::popcount(plane[k] & mask)) << k;
        return n;
    }

  private:
    template <int First>
    CATLAB_HD void ripple(unsigned carry) {
        CATLAB_UNROLL
        for (int k = First; k < Planes; ++k) {
            const unsigned next = plane[k] & carry;
            plane[k] ^= carry;
            carry = next;
        }
    }
};

// Bits [from, to) of a word, 0 <= from < to <= 32.
CATLAB_HD unsigned bitRange(int from, int to) { return (~0u >> (32 - to)) & (~0u << from); }

// The columns pixels [p0, p1) of a row cover, and the pixel of each. Columns are unwrapped, counted on
// from grid column 0 round the torus as viewSpan() counts them before it wraps, and kept relative to
// the lap the chunk starts in: relative column c is grid column c mod width.
class BandColumns {
  public:
    CATLAB_HD BandColumns(const ViewAxis& axis, int p0, int p1) : axis_(axis), p0_(p0), p1_(p1) {
        const std::int64_t width = axis.cells;
        const std::int64_t first = pixelBegin(p0); // unwrapped while lapStart_ is 0
        lapStart_ = first / width * width;
        begin_ = first - lapStart_;
        end_ = pixelBegin(p1);
        gridWords_ = int((width + 31) / 32);
        if (end_ - begin_ >= width) { // every column, some more than once
            firstWord_ = 0;
            words_ = gridWords_;
        } else if (end_ <= width) {
            firstWord_ = int(begin_ >> 5);
            words_ = int((end_ - 1) >> 5) - firstWord_ + 1;
        } else { // to the end of the row, then from its start (a word in both is listed once)
            firstWord_ = int(begin_ >> 5);
            const int wrapped = int((end_ - width - 1) >> 5) + 1;
            words_ = gridWords_ - firstWord_ + std::min(wrapped, firstWord_);
        }
        pixelsPerStep_ = 1.0 / double(axis.step);
    }

    // The grid words the columns touch: word(0) .. word(words() - 1), round the row.
    CATLAB_HD int words() const { return words_; }
    CATLAB_HD int word(int i) const {
        return firstWord_ + i < gridWords_ ? firstWord_ + i : firstWord_ + i - gridWords_;
    }

    // Calls visit(pixel, mask) for each piece of grid word w among the columns: its columns in one lap
    // that one pixel covers, as a mask of the word's bits (never bits past the grid's last column).
    template <class Visit>
    CATLAB_HD void forEachPiece(int w, Visit&& visit) const {
        const std::int64_t width = axis_.cells, first = 32 * std::int64_t(w);
        const int bits = width - first < 32 ? int(width - first) : 32;
        for (std::int64_t start = first + bits > begin_ ? first : first + width; start < end_; start += width) {
            const std::int64_t to = std::min(start + bits, end_);
            std::int64_t from = std::max(start, begin_);
            for (int p = pixelOf(from); from < to; ++p) {
                const std::int64_t next = std::min(pixelBegin(p + 1), to);
                visit(p, bitRange(int(from - start), int(next - start)));
                from = next;
            }
        }
    }

  private:
    // The first column of pixel p (viewSpan()'s `first` before the wrap), relative.
    CATLAB_HD std::int64_t pixelBegin(int p) const {
        const std::uint64_t begin = axis_.origin + std::uint64_t(p) * axis_.step;
        return std::int64_t((begin + kViewCell / 2 - 1) >> kViewFractionBits) - lapStart_;
    }
    // The pixel covering relative column c: the one whose span holds the cell's centre, estimated in
    // floating point and settled on the integer boundaries.
    CATLAB_HD int pixelOf(std::int64_t c) const {
        const double centre = double(c + lapStart_) * double(kViewCell) + double(kViewCell / 2);
        const double at = (centre - double(axis_.origin)) * pixelsPerStep_;
        int p = at <= double(p0_) ? p0_ : at >= double(p1_ - 1) ? p1_ - 1 : int(at);
        while (p > p0_ && pixelBegin(p) > c) --p;
        while (p + 1 < p1_ && pixelBegin(p + 1) <= c) ++p;
        return p;
    }

    ViewAxis axis_;
    int p0_, p1_;
    std::int64_t lapStart_ = 0;        // unwrapped column of relative column 0: a multiple of the width
    std::int64_t begin_ = 0, end_ = 0; // relative columns [begin, end), 0 <= begin < width
    int gridWords_ = 0, firstWord_ = 0, words_ = 0;
    double pixelsPerStep_ = 0;
};

// Word w of the band's rows, counted per column. The rows' loads go out in batches, all of a batch
// before its first add waits (the export is bound by loads in flight), and are added in pairs (one full
// adder, then the carry).
template <int Planes, class Reader>
CATLAB_HD ColumnCounts<Planes> countBandColumns(const Reader& reader, int height, ViewSpan sy, int w) {
    constexpr int batch = 8;
    ColumnCounts<Planes> counts;
    const auto next = [height](int row) { return row + 1 == height ? 0 : row + 1; };
    int y = sy.first, left = sy.count;
    for (; left >= batch; left -= batch) {
        unsigned rows[batch];
        CATLAB_UNROLL
        for (int i = 0; i < batch; ++i) {
            rows[i] = intrinsics::loadReadOnly(reader.bitRow(y) + w);
            y = next(y);
        }
        CATLAB_UNROLL
        for (int i = 0; i < batch; i += 2) counts.add(rows[i], rows[i + 1]);
    }
    for (; left >= 2; left -= 2) {
        const unsigned a = intrinsics::loadReadOnly(reader.bitRow(y) + w);
        y = next(y);
        const unsigned b = intrinsics::loadReadOnly(reader.bitRow(y) + w);
        y = next(y);
        counts.add(a, b);
    }
    if (left) counts.add(intrinsics::loadReadOnly(reader.bitRow(y) + w));
    return counts;
}

// One block: pixels [p0, p1) of row py, `counts` their live counts in shared memory (plan.sharedBytes).
// The reader is a BitRowReader with bit rows (view_export.cuh); every pixel of the window is written
// by exactly one block when the window is bitBandsCover()ed.
template <int Planes, class Reader, class Sync>
CATLAB_HD void bitBandBody(const Reader& reader, const ViewMapping& m, const BitBandPlan& plan, ViewPixel* pixels,
                           std::size_t pitch, unsigned* counts, int tid, long long block, const Sync& sync) {
    const int py = int(block / plan.chunks);
    const int p0 = int(block % plan.chunks) * plan.chunkPixels;
    const int p1 = std::min(p0 + plan.chunkPixels, m.width);
    for (int i = tid; i < p1 - p0; i += plan.threads) counts[i] = 0;
    sync();
    const ViewSpan sy = viewSpan(m.y, py);
    const BandColumns columns(m.x, p0, p1);
    for (int i = tid; i < columns.words(); i += plan.threads) {
        const int w = columns.word(i);
        const ColumnCounts<Planes> band = countBandColumns<Planes>(reader, m.y.cells, sy, w);
        columns.forEachPiece(w, [&](int p, unsigned mask) {
            if (const unsigned live = band.count(mask)) intrinsics::sharedAdd(counts + (p - p0), live);
        });
    }
    sync();
    for (int p = p0 + tid; p < p1; p += plan.threads) {
        const ViewSpan sx = viewSpan(m.x, p);
        const std::uint64_t live = counts[p - p0];
        // Two states: every live cell is state 1, weighs 1 in the decay sum, and is the only non-zero state.
        pixels[std::size_t(py) * pitch + std::size_t(p)] =
            viewPixelFromSums(m, sx, sy, ViewSums{live, live, live}, reader(sx.centre, sy.centre));
    }
}

} // namespace catlab::cuda
