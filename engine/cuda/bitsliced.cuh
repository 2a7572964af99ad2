#pragma once
// Bit-sliced arithmetic: a number of N planes holds 32 independent counters, one per bit lane; bit i of
// plane k is bit k of lane i's value. One bitwise operation then works on 32 cells at once, so sums,
// comparisons and transitions cost a few operations per plane per 32 cells. All arithmetic is modulo
// 2^N; callers size N for the largest value they hold.
#include "device_intrinsics.cuh"

namespace catlab::cuda::bitsliced {

// Planes needed for values 0..maxValue.
constexpr int planesFor(int maxValue) {
    int planes = 1;
    while (planes < 31 && (1 << planes) <= maxValue) ++planes;
    return planes;
}

// v += a.
template <int N, int A>
CATLAB_HD void add(unsigned (&v)[N], const unsigned (&a)[A]) {
    unsigned carry = 0;
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) {
        const unsigned x = i < A ? a[i] : 0u;
        const unsigned sum = v[i] ^ x ^ carry;
        carry = (v[i] & x) | (carry & (v[i] ^ x));
        v[i] = sum;
    }
}

// v -= a, as v + ~a + 1.
template <int N, int A>
CATLAB_HD void subtract(unsigned (&v)[N], const unsigned (&a)[A]) {
    unsigned carry = ~0u;
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) {
        const unsigned x = ~(i < A ? a[i] : 0u);
        const unsigned sum = v[i] ^ x ^ carry;
        carry = (v[i] & x) | (carry & (v[i] ^ x));
        v[i] = sum;
    }
}

// v += a - b, where v + a - b is again in 0..2^N-1: the difference first, in two's complement with its
// sign extended to N planes, then one add (fewer operations than adding a and subtracting b).
template <int N, int A>
CATLAB_HD void addDifference(unsigned (&v)[N], const unsigned (&a)[A], const unsigned (&b)[A]) {
    static_assert(A < N);
    unsigned d[N];
    unsigned borrow = 0;
    CATLAB_UNROLL
    for (int i = 0; i < A; ++i) {
        d[i] = a[i] ^ b[i] ^ borrow;
        borrow = (~a[i] & b[i]) | (~(a[i] ^ b[i]) & borrow);
    }
    CATLAB_UNROLL
    for (int i = A; i < N; ++i) d[i] = borrow; // the sign: all ones where a < b
    add(v, d);
}

// s = a + b, one plane wider than the operands.
template <int N>
CATLAB_HD void sum(const unsigned (&a)[N], const unsigned (&b)[N], unsigned (&s)[N + 1]) {
    unsigned carry = 0;
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) {
        s[i] = a[i] ^ b[i] ^ carry;
        carry = (a[i] & b[i]) | (carry & (a[i] ^ b[i]));
    }
    s[N] = carry;
}

// Adds 1 in the lanes of `up` and subtracts 1 in the lanes of `down` (lanes in both are unchanged).
template <int N>
CATLAB_HD void step(unsigned (&v)[N], unsigned up, unsigned down) {
    unsigned toggle = up ^ down; // lanes whose bit i flips
    up &= ~down;
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) {
        const unsigned old = v[i];
        v[i] = old ^ toggle;
        // Counting up the carry runs on through ones, counting down the borrow through zeros.
        toggle &= ~(old ^ up);
    }
}

// Lanes whose value is at least t, 0 <= t < 2^N.
template <int N>
CATLAB_HD unsigned atLeast(const unsigned (&v)[N], int t) {
    unsigned ge = ~0u; // equal so far
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) {
        const unsigned m = 0u - ((unsigned(t) >> i) & 1u); // bit i of t in every lane
        ge = (v[i] & ~m) | (~(v[i] ^ m) & ge);
    }
    return ge;
}

// A set of counts as its increasing thresholds t0 < t1 < ...: a count c belongs to the set when an odd
// number of thresholds are <= c (the set is [t0, t1) u [t2, t3) u ...). Thresholds beyond the largest
// count are left out.
inline constexpr int kMaxThresholds = 32;
struct Thresholds {
    int count;
    int value[kMaxThresholds];
};

template <int N>
CATLAB_HD unsigned inSet(const unsigned (&v)[N], const Thresholds& set) {
    unsigned in = 0;
    for (int k = 0; k < set.count; ++k) in ^= atLeast(v, set.value[k]);
    return in;
}

// Lanes whose value is at least the threshold whose bit i is mask[i] (0 or ~0 in every lane). With the
// masks in kernel parameters a plane costs one three-input logic operation.
template <int N>
CATLAB_HD unsigned atLeast(const unsigned (&v)[N], const unsigned* mask) {
    unsigned ge = ~0u;
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) ge = (v[i] & ~mask[i]) | (~(v[i] ^ mask[i]) & ge);
    return ge;
}

// A set of at most one interval [t0, t1) as the bit masks of its two thresholds; a missing threshold is
// all ones, 2^N - 1 in an N-plane count, which no count reaches (kernels size N so).
inline constexpr int kMaxCountPlanes = 20;
struct IntervalMasks {
    unsigned lo[kMaxCountPlanes], end[kMaxCountPlanes];
};

inline IntervalMasks intervalMasks(const Thresholds& t) {
    IntervalMasks m{};
    for (int i = 0; i < kMaxCountPlanes; ++i) {
        m.lo[i] = t.count >= 1 ? 0u - ((unsigned(t.value[0]) >> i) & 1u) : ~0u;
        m.end[i] = t.count >= 2 ? 0u - ((unsigned(t.value[1]) >> i) & 1u) : ~0u;
    }
    return m;
}

template <int N>
CATLAB_HD unsigned inInterval(const unsigned (&v)[N], const IntervalMasks& m) {
    return atLeast(v, m.lo) ^ atLeast(v, m.end);
}

// One step of an adder tree that counts ones: slots a, b (and c for a full adder) become a sum slot of
// the same weight and a carry slot of twice the weight.
struct AdderStep {
    unsigned char a, b, c, sum, carry, full;
};

struct AdderPlan {
    AdderStep steps[96];
    int stepCount = 0;
    int slotCount = 0;
    short out[8] = {}; // slot holding each plane of the result, -1 for a zero plane (slots pass 127 from 43 inputs)
};

// A carry-save (Wallace) tree over n one-bit inputs: full adders within each weight while three or
// more words remain, then a half adder; about n full adders in all. Evaluated at compile time.
constexpr AdderPlan planOnesCount(int n) {
    AdderPlan p{};
    int slots[8][160] = {};
    int head[8] = {}, tail[8] = {};
    for (int i = 0; i < n; ++i) slots[0][tail[0]++] = i;
    int next = n;
    for (int k = 0; k < 8; ++k) {
        while (tail[k] - head[k] >= 2) {
            AdderStep s{};
            s.full = tail[k] - head[k] >= 3;
            s.a = static_cast<unsigned char>(slots[k][head[k]++]);
            s.b = static_cast<unsigned char>(slots[k][head[k]++]);
            s.c = s.full ? static_cast<unsigned char>(slots[k][head[k]++]) : 0;
            s.sum = static_cast<unsigned char>(next++);
            s.carry = static_cast<unsigned char>(next++);
            slots[k][tail[k]++] = s.sum;
            if (k + 1 < 8) slots[k + 1][tail[k + 1]++] = s.carry;
            p.steps[p.stepCount++] = s;
        }
        p.out[k] = static_cast<short>(tail[k] > head[k] ? slots[k][head[k]] : -1);
    }
    p.slotCount = next;
    return p;
}

// out = number of ones among the N words, per lane (N <= 64).
template <int N>
CATLAB_HD void countOnes(const unsigned (&in)[N], unsigned (&out)[planesFor(N)]) {
    constexpr AdderPlan plan = planOnesCount(N);
    unsigned s[plan.slotCount];
    CATLAB_UNROLL
    for (int i = 0; i < N; ++i) s[i] = in[i];
    CATLAB_UNROLL
    for (int k = 0; k < plan.stepCount; ++k) {
        const AdderStep st = plan.steps[k];
        const unsigned a = s[st.a], b = s[st.b], c = st.full ? s[st.c] : 0u;
        s[st.sum] = a ^ b ^ c;
        s[st.carry] = (a & b) | (c & (a ^ b));
    }
    CATLAB_UNROLL
    for (int k = 0; k < planesFor(N); ++k) out[k] = plan.out[k] < 0 ? 0u : s[plan.out[k]];
}

} // namespace catlab::cuda::bitsliced
