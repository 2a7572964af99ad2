#pragma once
// Shared by the byte-grid backends (base, shared, coarse, mcell): tile loading, and the fast path
// for the common case, a 2-state Moore rule of radius <= kMaxFastRadius compiled once per radius.
// There every cell is 0 or 1, so cells are summed as they are (no `== 1`), four at a time from
// aligned 32-bit words, with loop bounds known at compile time; and only tiles touching the torus
// border wrap. Kernels take the radius as a template argument R, R = 0 meaning "the general kernel".
#include "compile_time_int.hpp"
#include "device_rule.cuh"

namespace catlab::cuda {

inline constexpr int kMaxFastRadius = 16;

// Calls f.template operator()<R>() with R = the radius when the fast path applies, else R = 0.
template <class F>
void withFastRadius(const DeviceRule& rule, F&& f) {
    const bool fast =
        rule.states == 2 && rule.neighbourhood == int(Neighbourhood::Moore) && rule.radius <= kMaxFastRadius;
    withCompileTimeInt<0, kMaxFastRadius>(fast ? rule.radius : 0, "byte grid", "fast-path radius", f);
}

__device__ __forceinline__ int wrapIndex(int v, int n) {
    v %= n;
    return v < 0 ? v + n : v;
}

// Copies `rows` x `cols` cells whose top-left cell is global (gx0, gy0), torus-wrapped, into dst
// (pitch cols). Sides may be smaller than the tile, so every index wraps fully.
__device__ inline void loadWrapped(Cell* dst, int rows, int cols, const Cell* in, int width, int height, int gx0,
                                   int gy0) {
    const int xStart = wrapIndex(gx0 + int(threadIdx.x), width);
    for (int i = threadIdx.y; i < rows; i += blockDim.y) {
        const Cell* src = in + std::size_t(wrapIndex(gy0 + i, height)) * width;
        int gx = xStart;
        for (int j = threadIdx.x; j < cols; j += blockDim.x) {
            dst[i * cols + j] = src[gx];
            gx = (gx + blockDim.x) % width;
        }
    }
}

// loadWrapped for a 4-byte aligned dst of Words words per row. A tile clear of the border, in a
// grid whose rows are 4-byte aligned, is copied with aligned 32-bit loads funnel-shifted into place,
// the block's threads taking the tile's words in turn.
template <int Words>
__device__ inline void loadTile(Cell* dst, int rows, const Cell* in, int width, int height, int gx0, int gy0) {
    const bool inside =
        (width & 3) == 0 && gx0 >= 0 && (gx0 & ~3) + 4 * (Words + 1) <= width && gy0 >= 0 && gy0 + rows <= height;
    if (!inside) return loadWrapped(dst, rows, 4 * Words, in, width, height, gx0, gy0);
    const int shift = 8 * (gx0 & 3);
    const int threads = blockDim.x * blockDim.y;
    const unsigned* src = reinterpret_cast<const unsigned*>(in + std::size_t(gy0) * width + (gx0 & ~3));
    for (int i = threadIdx.y * blockDim.x + threadIdx.x; i < rows * Words; i += threads) {
        const int row = i / Words, j = i % Words;
        const unsigned* s = src + std::size_t(row) * (width / 4) + j;
        reinterpret_cast<unsigned*>(dst)[i] = __funnelshift_r(__ldg(s), __ldg(s + 1), shift);
    }
}

// The transition of a 2-state rule: with counts below 32 (R <= 2) both table words sit in registers.
template <int R>
struct BinaryTransition {
    static constexpr bool kInRegisters = (2 * R + 1) * (2 * R + 1) < 32;
    const unsigned* table;
    int words;
    unsigned birth = 0, survival = 0;
    __device__ BinaryTransition(const unsigned* t, int w) : table(t), words(w) {
        if constexpr (kInRegisters) {
            birth = __ldg(t);
            survival = __ldg(t + 1);
        }
    }
    __device__ __forceinline__ Cell operator()(Cell state, int count) const {
        if constexpr (kInRegisters) return Cell(((state ? survival : birth) >> count) & 1u);
        return binaryNextCell(table, words, state, count);
    }
};

// Rows of a (2R+1)-row window unrolled in full when few; else a few at a time, which keeps the
// loads of the rows ahead from filling the registers.
template <int R>
inline constexpr int kRowUnroll = R <= 4 ? 2 * R + 1 : 3;

// Words of the aligned segment holding a (2R+1)-cell span that starts at any of its first 4 bytes.
template <int R>
inline constexpr int kSpanWords = (2 * R + 7) / 4;

__device__ __forceinline__ int byteSum(unsigned v) { return int((v * 0x01010101u) >> 24); } // lanes sum < 256
__device__ __forceinline__ unsigned bytesFrom(int q) { return q <= 0 ? ~0u : q >= 4 ? 0u : ~0u << (8 * q); }

// The live cells in one (2R+1)-wide window over 2R+1 rows of 0/1 bytes, the window starting at byte
// lo (<= 3) of each row's aligned segment of kSpanWords<R> words. Word k of the segments is summed
// over the rows in byte lanes (each <= 2R+1); at the end the sums are shifted by lo bytes so the
// window starts at byte 0, and its bytes are added up in 16-bit lanes.
template <int R>
struct SegmentSums {
    static constexpr int kWords = kSpanWords<R>;
    unsigned lanes[kWords] = {};

    __device__ __forceinline__ void add(const unsigned* segment) {
#pragma unroll
        for (int k = 0; k < kWords; ++k) lanes[k] += segment[k];
    }
    __device__ __forceinline__ int count(int lo) const {
        constexpr int kFull = (2 * R + 1) / 4, kRest = (2 * R + 1) % 4; // whole words, then bytes
        const int shift = 8 * lo;
        unsigned total = 0;
#pragma unroll
        for (int k = 0; k <= kFull; ++k) {
            unsigned w = __funnelshift_r(lanes[k], k + 1 < kWords ? lanes[k + 1] : 0u, shift);
            if (k == kFull) w &= (1u << (8 * kRest)) - 1; // kRest >= 1: the window is 2R+1 bytes
            total += (w & 0x00FF00FFu) + ((w >> 8) & 0x00FF00FFu);
        }
        return int((total & 0xFFFFu) + (total >> 16));
    }
};

// Counts of live cells in (2R+1)-wide windows over 2R+1 rows of 0/1 bytes. add() takes each row's
// aligned segment of kSpanWords<R> words; count(lo) is the window of segment bytes lo .. lo + 2R
// (lo <= 3). The segment words are summed in byte lanes; the first word and the last two are also
// kept apart, so the bytes of the segment outside a window can be subtracted at the end.
template <int R>
struct WindowSums {
    static constexpr int kWords = kSpanWords<R>;
    static constexpr int kFlushRows = 255 / kWords; // byte lanes stay below 256
    unsigned lanes = 0, total = 0;                  // total: 16-bit lanes
    unsigned head = 0, tailLo = 0, tailHi = 0;      // words 0, kWords - 2, kWords - 1 (lanes <= 2R+1)

    // dy: the row's index in the window.
    __device__ __forceinline__ void add(const unsigned* segment, int dy) {
#pragma unroll
        for (int k = 0; k < kWords; ++k) {
            const unsigned w = segment[k];
            lanes += w;
            if (k == 0) head += w;
            if (k == kWords - 2) tailLo += w;
            if (k == kWords - 1) tailHi += w;
        }
        if (dy % kFlushRows == kFlushRows - 1) flush();
    }
    __device__ __forceinline__ void flush() {
        total += (lanes & 0x00FF00FFu) + ((lanes >> 8) & 0x00FF00FFu);
        lanes = 0;
    }
    __device__ __forceinline__ int all() const {
        const unsigned t = total + (lanes & 0x00FF00FFu) + ((lanes >> 8) & 0x00FF00FFu);
        return int((t & 0xFFFFu) + (t >> 16));
    }
    __device__ __forceinline__ int count(int lo, int all) const {
        const int after = lo + 2 * R + 1;
        return all - byteSum(head & ~bytesFrom(lo)) - byteSum(tailLo & bytesFrom(after - 4 * (kWords - 2))) -
               byteSum(tailHi & bytesFrom(after - 4 * (kWords - 1)));
    }
};

} // namespace catlab::cuda
