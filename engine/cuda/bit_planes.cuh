#pragma once
// The state layout of `boxsum`: cells as bit planes, 32 cells of a row per 32-bit word (bit i of word w
// is column 32w + i). The alive plane (state 1) has `halo` extra words on each side of every row, and
// the bits of the last word past the width, that hold copies of the cells they wrap to, so the step
// kernels read columns -32*halo .. 32*(words + halo) - 1 of any row without wrapping. With more than two
// states, `statePlanes` further planes hold the bits of each cell's state (0, 1, 2..).
//
// Everything here is host-and-device code: the CPU tests run the same bodies on host threads.
#include "device_intrinsics.cuh"

#include "catlab/grid.hpp"
#include "catlab/random.hpp"

#include <cstddef>
#include <cstdint>

namespace catlab::cuda {

struct BitGrid {
    unsigned* alive = nullptr; // height rows of pitch words; logical word a at rowOffset(y) + a
    unsigned* state = nullptr; // statePlanes planes of height * pitch words; nullptr with two states
    int width = 0, height = 0;
    int words = 0; // per row: ceil(width / 32)
    int halo = 0;  // words on each side
    int pitch = 0; // words + 2 * halo
    int statePlanes = 0;

    // Word offsets pass 2^32 from 2^37 cells on (2^15 words a row, rows near 2^17): all 64-bit. Rows are
    // 0 .. height - 1 (no row halo), so the product is of two unsigned 32-bit numbers: one wide multiply.
    CATLAB_HD std::size_t rowOffset(int y) const {
        return std::size_t(unsigned(y)) * unsigned(pitch) + std::size_t(halo);
    }
    // The word of row y (0 .. height - 1) in the column of `rowZeroWord`, a word of row 0 of the alive or
    // a state plane: one wide multiply-add (a row's bytes, 4 * pitch, fit 32 bits: width < 2^31).
    CATLAB_HD unsigned* inRow(unsigned* rowZeroWord, int y) const {
        const std::uint64_t bytes = intrinsics::multiplyWide(unsigned(y), unsigned(pitch) * unsigned(sizeof(unsigned)));
        return reinterpret_cast<unsigned*>(reinterpret_cast<char*>(rowZeroWord) + bytes);
    }
    // Word w (-halo .. words + halo - 1) of row y of the alive plane.
    CATLAB_HD unsigned* aliveWord(int y, int w) const { return inRow(alive + halo + w, y); }
    CATLAB_HD std::size_t planeWords() const { return std::size_t(height) * std::size_t(pitch); }
    CATLAB_HD unsigned* statePlane(int k) const { return state + std::size_t(k) * planeWords(); }
};

// Thread `index` of a launch over the (row, word) pairs of some rows, row-major: the row (counted from
// the first of those rows) and the word. Launches over a band's words pass 2^32 threads.
struct RowWord {
    long long row = 0;
    int word = 0;
};
CATLAB_HD RowWord rowWordOf(const BitGrid& g, long long index) { return {index / g.words, int(index % g.words)}; }

inline constexpr int kMaxStatePlanes = 8; // states up to 256

// Bits of the state planes for `states` states (0 when the alive plane is the whole state).
constexpr int statePlanesFor(int states) {
    if (states <= 2) return 0;
    int planes = 1;
    while ((1 << planes) < states) ++planes;
    return planes;
}

// The next states of 32 cells from their current state and their counts' verdicts: `born` (the count
// is in the birth set) and `kept` (in the survival set). Dead cells are born, live cells survive or
// start to decay, decaying cells advance one state and die after the last (catlab::Transition).
// `state` holds the cells' state planes and becomes the next states; returns the next alive word.
template <int Planes>
CATLAB_HD unsigned nextStates(unsigned alive, unsigned born, unsigned kept, unsigned (&state)[Planes], int planes,
                              int states) {
    unsigned any = 0;
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k)
        if (k < planes) any |= state[k];
    const unsigned dead = ~any;
    // Cells that advance to state + 1 (wrapping to 0 after the last state); the rest keep theirs.
    const unsigned advance = (dead & born) | (any & ~(alive & kept));
    unsigned carry = ~0u, equal = ~0u; // equal: state + 1 == states, the cells that die
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k) {
        if (k < planes) {
            const unsigned plus = state[k] ^ carry;
            carry &= state[k];
            equal &= ~(plus ^ (0u - ((unsigned(states) >> k) & 1u)));
            state[k] = (advance & plus) | (~advance & state[k]);
        }
    }
    equal &= ~(carry ^ (0u - ((unsigned(states) >> planes) & 1u)));
    const unsigned dies = advance & equal;
    CATLAB_UNROLL
    for (int k = 0; k < Planes; ++k)
        if (k < planes) state[k] &= ~dies;
    return (dead & born) | (alive & kept);
}

// The next alive bits of 32 cells with two states: born where dead, kept where alive.
CATLAB_HD unsigned nextAlive(unsigned alive, unsigned born, unsigned kept) { return (alive & kept) | (~alive & born); }

// Writes the next state of the 32 cells of word w in row y of `out`, reading their current state from `in`.
// `alive` is the word's current alive bits (callers that load it early pass it).
CATLAB_HD void writeNextWord(const BitGrid& in, const BitGrid& out, int y, int w, unsigned born, unsigned kept,
                             int states, unsigned alive) {
    const std::size_t i = in.rowOffset(y) + std::size_t(w);
    if (in.statePlanes == 0) {
        out.alive[i] = nextAlive(alive, born, kept);
        return;
    }
    unsigned state[kMaxStatePlanes];
    CATLAB_UNROLL
    for (int k = 0; k < kMaxStatePlanes; ++k)
        state[k] = k < in.statePlanes ? intrinsics::loadReadOnly(in.statePlane(k) + i) : 0u;
    out.alive[i] = nextStates(alive, born, kept, state, in.statePlanes, states);
    CATLAB_UNROLL
    for (int k = 0; k < kMaxStatePlanes; ++k)
        if (k < in.statePlanes) out.statePlane(k)[i] = state[k];
}

CATLAB_HD void writeNextWord(const BitGrid& in, const BitGrid& out, int y, int w, unsigned born, unsigned kept,
                             int states) {
    const unsigned alive = intrinsics::loadReadOnly(in.alive + in.rowOffset(y) + std::size_t(w));
    writeNextWord(in, out, y, w, born, kept, states, alive);
}

// Halo refresh, one thread per (row, slot): slots 0..halo-1 are the left halo words, halo..2*halo-1
// the right ones, and slot 2*halo the last word of the row when the width is not a multiple of 32. Each
// bit becomes the cell its column wraps to; bits of real cells are rewritten with their own value.
CATLAB_HD void refreshHaloBody(const BitGrid& g, long long index) {
    const long long slots = 2LL * g.halo + 1;
    const long long y = index / slots;
    const int slot = int(index % slots);
    if (y >= g.height) return;
    int a = 0; // logical word
    if (slot < g.halo)
        a = slot - g.halo;
    else if (slot < 2 * g.halo)
        a = g.words + slot - g.halo;
    else if (g.width % 32)
        a = g.words - 1;
    else
        return;
    unsigned* row = g.alive + g.rowOffset(int(y));
    long long c = (32LL * a) % g.width;
    int column = int(c < 0 ? c + g.width : c);
    unsigned word = 0;
    for (int i = 0; i < 32; ++i) {
        word |= ((row[column >> 5] >> (column & 31)) & 1u) << i;
        column = column + 1 == g.width ? 0 : column + 1;
    }
    row[a] = word;
}

// Byte-per-cell states to planes, one thread per (row, word) of rows firstRow.. (`cells` holding row
// firstRow first); padding bits are left 0 (the halo refresh fills them).
CATLAB_HD void packBody(const BitGrid& g, const Cell* cells, long long index, int firstRow = 0) {
    const auto [row, w] = rowWordOf(g, index); // row: within the rows packed
    const long long y = firstRow + row;
    if (y >= g.height) return;
    const Cell* src = cells + std::size_t(row) * std::size_t(g.width) + std::size_t(w) * 32;
    const int n = g.width - 32 * w < 32 ? g.width - 32 * w : 32;
    unsigned alive = 0, planes[kMaxStatePlanes] = {};
    for (int i = 0; i < n; ++i) {
        const unsigned s = src[i];
        alive |= unsigned(s == 1) << i;
        CATLAB_UNROLL
        for (int k = 0; k < kMaxStatePlanes; ++k) planes[k] |= ((s >> k) & 1u) << i;
    }
    const std::size_t at = g.rowOffset(int(y)) + std::size_t(w);
    g.alive[at] = alive;
    CATLAB_UNROLL
    for (int k = 0; k < kMaxStatePlanes; ++k)
        if (k < g.statePlanes) g.statePlane(k)[at] = planes[k];
}

// State of cell (x, y), 0 <= x < width, 0 <= y < height.
CATLAB_HD unsigned cellState(const BitGrid& g, int x, int y) {
    const std::size_t at = g.rowOffset(y) + std::size_t(x >> 5);
    const int bit = x & 31;
    if (g.statePlanes == 0) return (intrinsics::loadReadOnly(g.alive + at) >> bit) & 1u;
    unsigned s = 0;
    for (int k = 0; k < g.statePlanes; ++k) s |= ((intrinsics::loadReadOnly(g.statePlane(k) + at) >> bit) & 1u) << k;
    return s;
}

// Planes to bytes, one thread per (row, word) of rows firstRow.. (`cells` taking row firstRow first).
CATLAB_HD void unpackBody(const BitGrid& g, Cell* cells, long long index, int firstRow = 0) {
    const auto [row, w] = rowWordOf(g, index); // row: within the rows unpacked
    const long long y = firstRow + row;
    if (y >= g.height) return;
    Cell* dst = cells + std::size_t(row) * std::size_t(g.width) + std::size_t(w) * 32;
    const int n = g.width - 32 * w < 32 ? g.width - 32 * w : 32;
    for (int i = 0; i < n; ++i) dst[i] = Cell(cellState(g, 32 * w + i, int(y)));
}

// catlab::fillRandom straight into planes (states 0 and 1 only), one thread per (row, word).
CATLAB_HD void randomizeBody(const BitGrid& g, std::uint64_t threshold, std::uint64_t seed, long long index,
                             std::uint32_t firstRow = 0) {
    const auto [y, w] = rowWordOf(g, index);
    if (y >= g.height) return;
    const int n = g.width - 32 * w < 32 ? g.width - 32 * w : 32;
    unsigned alive = 0;
    for (int i = 0; i < n; ++i)
        alive |= unsigned(randomChance(threshold, seed, std::uint32_t(32 * w + i), firstRow + std::uint32_t(y))) << i;
    const std::size_t at = g.rowOffset(int(y)) + std::size_t(w);
    g.alive[at] = alive;
    for (int k = 0; k < g.statePlanes; ++k) g.statePlane(k)[at] = k == 0 ? alive : 0u;
}

} // namespace catlab::cuda
