#pragma once
// Runs of cells in rows of bits (cell x of a row is bit x % 32 of word x / 32), counted a word at a time:
// the view export's ViewRowSums for bit-plane backends (view.hpp).
#include "device_intrinsics.cuh"

#include "catlab/view.hpp"

namespace catlab::cuda {

// Calls visit(word, mask) for each word holding cells [x, x + count) of a row, count >= 1, with the mask
// of the run's bits in that word.
template <class Visit>
__device__ void forEachRunWord(int x, int count, Visit&& visit) {
    const int first = x >> 5, last = (x + count - 1) >> 5;
    const unsigned head = ~0u << (x & 31);
    const unsigned tail = ~0u >> (31 - ((x + count - 1) & 31));
    if (first == last) return visit(first, head & tail);
    visit(first, head);
    for (int w = first + 1; w < last; ++w) visit(w, ~0u);
    visit(last, tail);
}

// The sums of a run of a two-state row: every live cell is state 1 and weighs 1 (states - 1).
__device__ inline ViewRowSums twoStateRunSums(const unsigned* row, int x, int count) {
    unsigned live = 0;
    forEachRunWord(x, count, [&](int w, unsigned mask) { live += __popc(intrinsics::loadReadOnly(row + w) & mask); });
    return {live, live, live};
}

} // namespace catlab::cuda
