#pragma once
// `coarse`'s running sums down a strip of cells, one neighbourhood column at a time. Plain C++ besides
// the kernel, so that the CPU tests run it.
#include "device_intrinsics.cuh"
#include "device_rule.cuh"

namespace catlab::cuda {

// Adds one neighbourhood column's live cells to the counts of a strip of Strip cells, one above the other:
// cell k's part of the column is the rows first + k + span.lo .. first + k + span.hi, `live(row)` telling
// whether the column's cell at a row is alive (0 or 1). `even` is the span of the strip's cells k = 0, 2, ...,
// `odd` that of k = 1, 3, ... (the same but for shapes that flip on odd cells). The span of the first cell
// is summed afresh, then slid down the strip: one row enters and one leaves per cell. With two spans
// (`flips`), each is slid two cells at a time: two rows enter and two leave, distinct rows as long as
// every span holds at least two rows (the triangular shape's do).
template <int Strip, class Live>
CATLAB_HD void addColumnToStrip(int (&count)[Strip], const Live& live, int first, DeviceSpan even, DeviceSpan odd,
                                bool flips) {
    static_assert(Strip % 2 == 0);
    auto spanSum = [&](DeviceSpan span, int k) {
        int sum = 0;
        for (int row = first + k + span.lo; row <= first + k + span.hi; ++row) sum += live(row);
        return sum;
    };
    if (!flips) {
        int sum = spanSum(even, 0);
        count[0] += sum;
        CATLAB_UNROLL
        for (int k = 1; k < Strip; ++k) {
            sum += live(first + k + even.hi) - live(first + k - 1 + even.lo);
            count[k] += sum;
        }
        return;
    }
    int sums[2] = {spanSum(even, 0), spanSum(odd, 1)};
    count[0] += sums[0];
    count[1] += sums[1];
    CATLAB_UNROLL
    for (int k = 2; k < Strip; ++k) {
        const DeviceSpan span = k % 2 == 0 ? even : odd;
        const int at = first + k;
        sums[k % 2] += live(at + span.hi - 1) + live(at + span.hi) - live(at - 2 + span.lo) - live(at - 1 + span.lo);
        count[k] += sums[k % 2];
    }
}

} // namespace catlab::cuda
