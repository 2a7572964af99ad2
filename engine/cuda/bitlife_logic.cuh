#pragma once
// The next state of 32 cells at once, from bit slices. For each cell, t = live cells in its 3x3 block
// (the centre included, 0..9) arrives as four bit planes b0..b3 (BlockCount); the rule is a table
// over (t, centre): LifeTable. Two evaluators of the same table:
//   FixedLifeLogic<Birth, Survival>: the table is a template argument, turned into the truth tables of
//     3 to 5 LOP3s (3-input logic operations) at compile time.
//   TableLifeLogic: any table at run time, as multiplexer trees over masks (about 20 LOP3s).
// Every operation is an explicit lop3: left to itself the compiler shares subexpressions between the
// sum and carry of each adder (a ^ b feeding both), which costs twice the operations.
#include "bit_grid.cuh"

#include "catlab/rule.hpp"

namespace catlab::cuda {

// Bit t of `birth`: a dead cell whose 3x3 block holds t live cells comes alive; bit t of `survival`:
// a live cell whose block (itself included) holds t live cells stays alive.
struct LifeTable {
    unsigned birth = 0;
    unsigned survival = 0;
    friend bool operator==(const LifeTable&, const LifeTable&) = default;
};

// The table of a radius-1, two-state Moore rule (counts as catlab::Transition reads them).
LifeTable lifeTable(const Rule& rule);

// Life-like notation "B3/S23" as a table, at compile time (digits are neighbour counts, centre excluded).
constexpr LifeTable lifeLikeTable(const char* birthDigits, const char* survivalDigits) {
    LifeTable t;
    for (const char* d = birthDigits; *d; ++d) t.birth |= 1u << (*d - '0');
    for (const char* d = survivalDigits; *d; ++d) t.survival |= 1u << (*d - '0' + 1);
    return t;
}

constexpr bool nextState(LifeTable table, int t, bool alive) {
    return t <= 9 && ((alive ? table.survival : table.birth) >> t) & 1u;
}

struct BlockCount {
    BitWord b0, b1, b2, b3;
};

// Operand patterns of lop3: the truth table of f(a, b, c) is f(kA, kB, kC), bit 4a + 2b + c.
inline constexpr unsigned kA = 0xF0, kB = 0xCC, kC = 0xAA;

template <unsigned Lut>
__device__ __forceinline__ BitWord lop3(BitWord a, BitWord b, BitWord c) {
    static_assert(Lut <= 0xFF);
    BitWord d;
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(c), "n"(Lut));
    return d;
}

__device__ __forceinline__ BitWord xor3(BitWord a, BitWord b, BitWord c) { return lop3<kA ^ kB ^ kC>(a, b, c); }
__device__ __forceinline__ BitWord majority(BitWord a, BitWord b, BitWord c) {
    return lop3<(kA & kB) | (kA & kC) | (kB & kC)>(a, b, c);
}
__device__ __forceinline__ BitWord choose(BitWord select, BitWord ifClear, BitWord ifSet) {
    return lop3<(kA & kC) | (~kA & kB & 0xFF)>(select, ifClear, ifSet);
}

// Three rows of horizontal sums (s: ones bit, k: twos bit of left + centre + right) added up. b3 is
// only computed when a rule reads it (an unused asm statement is dropped).
__device__ __forceinline__ BlockCount blockCount(BitWord s1, BitWord k1, BitWord s2, BitWord k2, BitWord s3,
                                                 BitWord k3) {
    const BitWord ones = xor3(s1, s2, s3), onesCarry = majority(s1, s2, s3); // weights 1 and 2
    const BitWord twos = xor3(k1, k2, k3), twosCarry = majority(k1, k2, k3); // weights 2 and 4
    // twos + onesCarry: bit 1 of t; its carry joins twosCarry in bits 2 and 3.
    return {ones, lop3<kA ^ kB>(onesCarry, twos, 0), lop3<kA ^ (kB & kC)>(twosCarry, onesCarry, twos),
            lop3<kA & kB & kC>(twosCarry, onesCarry, twos)};
}

template <unsigned Birth, unsigned Survival>
struct FixedLifeLogic {
    static constexpr LifeTable kTable{Birth, Survival};
    // The next state for t in `base` + 0..3 as a function of (b1, b0, centre). A live centre always has
    // t >= 1, so (t = 0, alive) is free: it takes the value of (t = 8, alive), which lets rules whose t = 8
    // and 9 behave like t = 0 and 1 skip b3 entirely.
    static constexpr bool entry(int base, int b1, int b0, int alive) {
        const int t = base + 2 * b1 + b0;
        return t == 0 && alive ? nextState(kTable, 8, true) : nextState(kTable, t, alive);
    }
    static constexpr bool kNeedsEight = nextState(kTable, 8, false) != nextState(kTable, 0, false) ||
                                        nextState(kTable, 9, true) != nextState(kTable, 1, true);

    static constexpr unsigned lut(int base) {
        unsigned bits = 0;
        for (int i = 0; i < 8; ++i) bits |= unsigned(entry(base, i >> 2, (i >> 1) & 1, i & 1)) << i;
        return bits;
    }

    __device__ __forceinline__ BitWord operator()(const BlockCount& n, BitWord centre) const {
        const BitWord low = choose(n.b2, lop3<lut(0)>(n.b1, n.b0, centre), lop3<lut(4)>(n.b1, n.b0, centre));
        if constexpr (!kNeedsEight) return low;
        // b3 set: t is 8 or 9, so b2 = b1 = 0 (the entries for b1 = 1 are never used).
        return choose(n.b3, low, lop3<lut(8)>(n.b1, n.b0, centre));
    }
};

struct TableLifeLogic {
    // All-ones where the entry is alive: low[4 * b1 + 2 * b0 + c] for t < 4, high[...] for t = 4 + .., eight[2 * b0 +
    // c].
    BitWord low[8], high[8], eight[4];

    static TableLifeLogic from(LifeTable table) {
        TableLifeLogic logic{};
        for (int i = 0; i < 8; ++i) {
            const int t = (i >> 1), alive = i & 1;
            logic.low[i] = nextState(table, t, alive) ? ~0u : 0u;
            logic.high[i] = nextState(table, 4 + t, alive) ? ~0u : 0u;
            if (i < 4) logic.eight[i] = nextState(table, 8 + t, alive) ? ~0u : 0u;
        }
        return logic;
    }

    __device__ __forceinline__ static BitWord pick4(const BitWord* m, BitWord b0, BitWord c) {
        return choose(b0, choose(c, m[0], m[1]), choose(c, m[2], m[3]));
    }

    __device__ __forceinline__ BitWord operator()(const BlockCount& n, BitWord centre) const {
        const BitWord lowPart = choose(n.b1, pick4(low, n.b0, centre), pick4(low + 4, n.b0, centre));
        const BitWord highPart = choose(n.b1, pick4(high, n.b0, centre), pick4(high + 4, n.b0, centre));
        return choose(n.b3, choose(n.b2, lowPart, highPart), pick4(eight, n.b0, centre));
    }
};

} // namespace catlab::cuda
