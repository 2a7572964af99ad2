#pragma once
// A pass of G generations over the padded bit grid (bit_grid.cuh), the halo held in registers and
// exchanged with warp shuffles (Nakano et al., multi-step Game of Life with warp shuffles).
//
// A warp owns a strip of 32 words across (lanes 0 and 31 are its side halo; lanes 1..30 are written)
// and a block of rows, which it streams through from top to bottom: each iteration loads the next input
// row and advances a pipeline of G levels, level l turning rows of generation l into rows of generation
// l + 1. A level keeps the horizontal sums of its last two input rows and the centre row in registers;
// the horizontal sum of a new row needs the neighbouring lanes' words (two shuffles and two funnel
// shifts), then the three sums are added as bit slices and the rule applied (bitlife_logic.cuh).
// Cells near the strip's sides and the block's ends see wrong neighbours (lane 0 has no left word, rows
// outside the block are not loaded); the error spreads one cell per generation, so after G <= 16
// generations it has not reached the lanes and rows that are written. Rows are read G above and below
// the block, and the pipeline runs 2G iterations behind its input.
//
// Skewed: level l consumes what level l - 1 produced in the previous iteration instead of the current
// one, so the G levels of an iteration are independent (more instruction-level parallelism, G more
// iterations of delay).
#include "bitlife_logic.cuh"
#include "device_buffer.hpp"

#include <cstddef>
#include <limits>
#include <type_traits>

namespace catlab::cuda {

// One warp per block: the warp's task then depends on blockIdx alone, which the compiler knows is the
// same for the whole warp, so the shuffles need no provision for diverged lanes.
inline constexpr int kPassThreads = 32;
inline constexpr int kStripWords = 30; // words a warp writes per row

// How the grid is cut into warp tasks: strips of kStripWords words times blocks of blockRows rows.
struct PassPlan {
    int strips = 0;
    int rowBlocks = 0;
    int blockRows = 0;
    __host__ __device__ long long warps() const { return (long long)strips * rowBlocks; }
};

// The cut with the shortest estimated pass: as many waves of `residentWarps` as needed, each as long as
// a block's rows plus the pipeline's delay (whole groups of 3 iterations). Ties go to fewer warps.
inline PassPlan planPass(const BitGeometry& g, int generations, bool skew, long long residentWarps) {
    PassPlan best;
    best.strips = (g.interiorWords() + kStripWords - 1) / kStripWords;
    const int delay = skew ? 3 * generations - 1 : 2 * generations;
    long long bestCost = std::numeric_limits<long long>::max();
    for (int rows = g.height; rows >= 1; --rows) {
        const int blocks = (g.height + rows - 1) / rows;
        const long long waves = (best.strips * (long long)blocks + residentWarps - 1) / residentWarps;
        const long long cost = waves * ((rows + delay + 2) / 3 * 3);
        if (cost < bestCost) {
            bestCost = cost;
            best.rowBlocks = blocks;
            best.blockRows = rows;
        }
    }
    return best;
}

template <int G, bool Skew, class Logic>
struct PassPipeline {
    // Per level, three slots of (ones, twos, row) for its last three input rows; slot J takes the newest
    // row when the iteration number is J mod 3, so no values are ever moved between registers.
    BitWord ones[G][3], twos[G][3], rows[G][3];
    BitWord pending[G]; // Skew: each level's input for the next iteration

    // One level: takes its newest input row into slot J and returns the next generation of the row before.
    template <int J>
    __device__ __forceinline__ BitWord level(int l, BitWord row, const Logic& logic) {
        const BitWord west = __funnelshift_l(__shfl_up_sync(0xffffffffu, row, 1), row, 1);
        const BitWord east = __funnelshift_r(row, __shfl_down_sync(0xffffffffu, row, 1), 1);
        ones[l][J] = xor3(west, row, east);
        twos[l][J] = majority(west, row, east);
        rows[l][J] = row;
        constexpr int Oldest = (J + 1) % 3, Middle = (J + 2) % 3;
        return logic(
            blockCount(ones[l][Oldest], twos[l][Oldest], ones[l][Middle], twos[l][Middle], ones[l][J], twos[l][J]),
            rows[l][Middle]);
    }

    template <int J>
    __device__ __forceinline__ BitWord advance(BitWord input, const Logic& logic) {
        if constexpr (Skew) {
            BitWord out = 0;
#pragma unroll
            for (int l = G - 1; l >= 0; --l) {
                const BitWord next = level<J>(l, l == 0 ? input : pending[l], logic);
                if (l == G - 1)
                    out = next;
                else
                    pending[l + 1] = next;
            }
            return out;
        } else {
            BitWord row = input;
#pragma unroll
            for (int l = 0; l < G; ++l) row = level<J>(l, row, logic);
            return row;
        }
    }
};

template <int G, bool Skew, class Logic>
__global__ void __launch_bounds__(kPassThreads)
    bitLifePassKernel(const BitWord* __restrict__ in, BitWord* __restrict__ out, BitGeometry g, PassPlan plan,
                      Logic logic) {
    static_assert(G >= 1 && G <= kBitHaloRows && G < kBitHaloBits);
    const long long warp = blockIdx.x; // the launch has exactly plan.warps() blocks
    const int lane = threadIdx.x;
    const int strip = int(warp % plan.strips), block = int(warp / plan.strips);
    const int y0 = block * plan.blockRows;
    const int height = min(plan.blockRows, g.height - y0);
    const std::size_t pitch = std::size_t(g.pitchWords);
    const BitWord* source = in + g.rowStart(y0 - G) + strip * kStripWords + lane;
    BitWord* target = out + g.rowStart(y0) + strip * kStripWords + lane;
    const bool writes = lane >= 1 && lane <= kStripWords;
    constexpr int kDelay = Skew ? 3 * G - 1 : 2 * G; // iterations before the first finished row
    const int loads = height + 2 * G, iterations = height + kDelay;

    PassPipeline<G, Skew, Logic> pipe{};
    BitWord next = source[0];
    const auto iterate = [&](auto slot, int i) {
        const BitWord input = next;
        next = i + 1 < loads ? source[(i + 1) * pitch] : 0; // in flight during this iteration
        const BitWord row = pipe.template advance<decltype(slot)::value>(input, logic);
        if (writes && i >= kDelay && i < iterations) target[(i - kDelay) * pitch] = row;
    };
    for (int i = 0; i < iterations; i += 3) {
        iterate(std::integral_constant<int, 0>{}, i);
        iterate(std::integral_constant<int, 1>{}, i + 1);
        iterate(std::integral_constant<int, 2>{}, i + 2);
    }
}

} // namespace catlab::cuda
