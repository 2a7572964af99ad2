#pragma once
// `cat` in 8-bit integers (u8 x u8 -> s32 WMMA), streaming: each warp owns one column of output
// fragments and walks down `rowsPerBlock` of them. For every fragment row it
//   1. computes the horizontal sums H = sum over o of A[x + o] * B_o of the row F below (the input
//      fragments are loaded straight from global memory; their bytes are the live masks once cells
//      of state > 1 are zeroed) and keeps H, as bytes, in a ring of the last 2F + 1 rows,
//   2. computes the vertical sums V = sum over o of B_o^T * H[y + o] from the ring,
//   3. applies the transition with V as the count (centre included).
// So every input fragment is read by 2F + 1 warps of a block through L1, and each row's H is computed
// once per column walk instead of once per tile. Exactness: H <= 2r + 1 must fit the u8 operand of
// the vertical product (r <= 127); the s32 accumulators hold any count.
//
// With Bits, the horizontal sums come from 1-bit products instead (m8n8k128 AND + popcount): the
// live masks of the window are packed to bits in shared memory and each 8 x 8 block of H is a
// popcount of a row's bits against a column's band mask.
#include "cat_band.cuh"

#include <mma.h>

namespace catlab::cuda {

constexpr int kCatStreamWarps = 8;

// Interior fragment columns and rows, and the rows one block walks.
struct CatStreamGeometry {
    int fragmentsPerRow; // of the padded grid
    int columns;
    int rows;
    int rowsPerBlock;
};

// Bit rows of the 1-bit horizontal pass: 128-bit segments per 8 output columns, and words per row
// (four times an odd number: the 8 rows x 4 words one product reads fall in 32 distinct banks).
template <int F>
struct CatBitRows {
    static constexpr int kSegments = (32 * F + 39 + 127) / 128; // window 2r + 8 plus up to 31 for alignment
    static constexpr int kNeeded = (16 * F + 7) / 32 + 4 * kSegments > F + 1 ? (16 * F + 7) / 32 + 4 * kSegments
                                                                             : F + 1;
    static constexpr int kWords = (kNeeded + 3) / 4 % 2 == 1 ? (kNeeded + 3) / 4 * 4 : (kNeeded + 3) / 4 * 4 + 4;
};

// Shared memory per warp: the ring of H rows, a scratch of 256 ints, and the bit rows with Bits.
template <int F, bool Bits>
constexpr int catStreamWarpBytes() {
    return (2 * F + 1) * kCatFragmentCells + kCatFragmentCells * 4 + (Bits ? 16 * CatBitRows<F>::kWords * 4 : 0);
}

template <int F, bool Bits>
constexpr std::size_t catStreamSharedBytes(int tableWords) {
    return kCatStreamWarps * catStreamWarpBytes<F, Bits>() + (2 * F + 1) * kCatFragmentCells +
           sizeof(unsigned) * 2 * tableWords;
}

// Bit i of the result: byte i of the 16 equals 1 (a live cell).
__device__ __forceinline__ unsigned catLiveMask16(uint4 q) {
    const auto nibble = [](unsigned w) {
        const unsigned m = __vcmpeq4(w, 0x01010101u) & 0x01010101u;
        return (m | m >> 7 | m >> 14 | m >> 21) & 0xFu;
    };
    return nibble(q.x) | nibble(q.y) << 4 | nibble(q.z) << 8 | nibble(q.w) << 12;
}

// d += popcount(a AND b) over one 8 x 8 x 128 bit product (this thread's two accumulators).
__device__ __forceinline__ void catBitProduct(int& d0, int& d1, unsigned a, unsigned b) {
    asm volatile("mma.sync.aligned.m8n8k128.row.col.s32.b1.b1.s32.and.popc {%0,%1}, {%2}, {%3}, {%0,%1};\n"
                 : "+r"(d0), "+r"(d1)
                 : "r"(a), "r"(b));
}

template <int F, bool Bits>
__global__ void __launch_bounds__(kCatStreamWarps * 32)
    catStreamKernel(const Cell* __restrict__ in, Cell* __restrict__ out, CatStreamGeometry g, DeviceRule rule,
                    const unsigned* __restrict__ table, int tableWords) {
    using namespace nvcuda;
    using FragmentA = wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major>;
    using FragmentAT = wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::col_major>;
    using FragmentB = wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::row_major>;
    using Accumulator = wmma::fragment<wmma::accumulator, 16, 16, 16, int>;
    using BitRows = CatBitRows<F>;
    constexpr int kBands = 2 * F + 1;

    extern __shared__ __align__(256) unsigned char shared[];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    unsigned char* ring = shared + warp * catStreamWarpBytes<F, Bits>(); // H of padded row p in slot p % kBands
    int* scratch = reinterpret_cast<int*>(ring + kBands * kCatFragmentCells);
    unsigned* rowBits = reinterpret_cast<unsigned*>(scratch + kCatFragmentCells); // Bits: 16 rows of kWords
    unsigned char* band = shared + kCatStreamWarps * catStreamWarpBytes<F, Bits>();
    unsigned* bits = reinterpret_cast<unsigned*>(band + kBands * kCatFragmentCells);

    fillCatBand(band, F, rule.radius);
    for (int i = threadIdx.x; i < 2 * tableWords; i += blockDim.x) bits[i] = table[i];
    if constexpr (Bits) // the words past the window are read (and masked off) by the last segments
        for (int i = lane; i < 16 * BitRows::kWords; i += 32) rowBits[i] = 0;
    __syncthreads(); // the last block-wide barrier: from here on each warp works alone

    const int column = blockIdx.x * kCatStreamWarps + warp;
    if (column >= g.columns) return;
    const int cx = F + column; // padded fragment column
    const bool multiState = rule.states > 2;

    FragmentAT verticalBands[kBands]; // B_o read column-major is B_o^T, the vertical band of offset o
#pragma unroll
    for (int o = 0; o < kBands; ++o) wmma::load_matrix_sync(verticalBands[o], band + o * kCatFragmentCells, 16);

    // Bits: where each half (8 columns) of the output fragment starts reading the window, in words,
    // and the band masks this thread supplies for column 8 * half + lane / 4, words lane % 4.
    [[maybe_unused]] int segmentStart[2];
    [[maybe_unused]] unsigned masks[2][BitRows::kSegments];
    [[maybe_unused]] FragmentB horizontalBands[Bits ? 1 : kBands];
    if constexpr (Bits) {
#pragma unroll
        for (int half = 0; half < 2; ++half) {
            segmentStart[half] = (16 * F + 8 * half - rule.radius) / 32;
            const int c = 8 * half + lane / 4; // window bit 16F + c is the cell of output column c
#pragma unroll
            for (int s = 0; s < BitRows::kSegments; ++s) {
                const int first = 32 * segmentStart[half] + 128 * s + 32 * (lane % 4);
                const int lo = max(16 * F + c - rule.radius - first, 0);
                const int hi = min(16 * F + c + rule.radius - first, 31);
                masks[half][s] = lo > hi ? 0u : (0xFFFFFFFFu >> (31 - (hi - lo))) << lo;
            }
        }
    } else {
#pragma unroll
        for (int o = 0; o < kBands; ++o) wmma::load_matrix_sync(horizontalBands[o], band + o * kCatFragmentCells, 16);
    }

    // H of padded fragment row p into its ring slot, as bytes.
    const auto horizontal = [&](int p) {
        const Cell* row = in + (std::size_t(p) * g.fragmentsPerRow + cx - F) * kCatFragmentCells;
        unsigned char* slot = ring + (p % kBands) * kCatFragmentCells;
        if constexpr (Bits) {
            auto* halves = reinterpret_cast<unsigned short*>(rowBits);
            for (int item = lane; item < kBands * 16; item += 32) {
                const int o = item / 16, k = item % 16;
                const uint4 q = *reinterpret_cast<const uint4*>(row + o * kCatFragmentCells + k * 16);
                halves[k * 2 * BitRows::kWords + o] = (unsigned short)catLiveMask16(q);
            }
            __syncwarp();
#pragma unroll
            for (int h = 0; h < 2; ++h) {
                const int r = 8 * h + lane / 4;
#pragma unroll
                for (int half = 0; half < 2; ++half) {
                    const unsigned* a = rowBits + r * BitRows::kWords + segmentStart[half] + lane % 4;
                    int d0 = 0, d1 = 0;
#pragma unroll
                    for (int s = 0; s < BitRows::kSegments; ++s) catBitProduct(d0, d1, a[4 * s], masks[half][s]);
                    *reinterpret_cast<unsigned short*>(slot + r * 16 + 8 * half + 2 * (lane % 4)) =
                        (unsigned short)(d0 | d1 << 8);
                }
            }
        } else {
            Accumulator acc;
            wmma::fill_fragment(acc, 0);
#pragma unroll
            for (int o = 0; o < kBands; ++o) {
                FragmentA a;
                wmma::load_matrix_sync(a, row + o * kCatFragmentCells, 16);
                if (multiState)
                    for (int t = 0; t < a.num_elements; ++t) a.x[t] = a.x[t] == 1;
                wmma::mma_sync(acc, a, horizontalBands[o], acc);
            }
            wmma::store_matrix_sync(scratch, acc, 16, wmma::mem_row_major);
            __syncwarp();
            const int4 lo = reinterpret_cast<const int4*>(scratch)[2 * lane];
            const int4 hi = reinterpret_cast<const int4*>(scratch)[2 * lane + 1];
            reinterpret_cast<uint2*>(slot)[lane] =
                make_uint2(lo.x | lo.y << 8 | lo.z << 16 | lo.w << 24, hi.x | hi.y << 8 | hi.z << 16 | hi.w << 24);
        }
        __syncwarp();
    };

    // V of padded fragment row p from the ring (rows p - F .. p + F), then the transition.
    const auto verticalAndStep = [&](int p) {
        Accumulator acc;
        wmma::fill_fragment(acc, 0);
        int slot = (p - F) % kBands;
#pragma unroll
        for (int o = 0; o < kBands; ++o) {
            FragmentB h;
            wmma::load_matrix_sync(h, ring + slot * kCatFragmentCells, 16);
            wmma::mma_sync(acc, verticalBands[o], h, acc);
            slot = slot + 1 == kBands ? 0 : slot + 1;
        }
        wmma::store_matrix_sync(scratch, acc, 16, wmma::mem_row_major);
        __syncwarp();
        const std::size_t offset = (std::size_t(p) * g.fragmentsPerRow + cx) * kCatFragmentCells + lane * 8;
        const int4 lo = reinterpret_cast<const int4*>(scratch)[2 * lane];
        const int4 hi = reinterpret_cast<const int4*>(scratch)[2 * lane + 1];
        const int counts[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
        *reinterpret_cast<uint2*>(out + offset) =
            catNext8(bits, tableWords, rule.states, *reinterpret_cast<const uint2*>(in + offset), counts);
        __syncwarp();
    };

    // Interior fragment row y is padded row y + F and needs H of padded rows y .. y + 2F.
    const int yBegin = blockIdx.y * g.rowsPerBlock, yEnd = min(yBegin + g.rowsPerBlock, g.rows);
    for (int p = yBegin; p < yBegin + 2 * F; ++p) horizontal(p);
    for (int y = yBegin; y < yEnd; ++y) {
        horizontal(y + 2 * F);
        verticalAndStep(y + F);
    }
}

} // namespace catlab::cuda
