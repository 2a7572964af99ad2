#pragma once
// `cat` in 8-bit integers (u8 x u8 -> s32 WMMA), in column walks: each warp owns one column of output
// fragments and walks down `rowsPerBlock` of them. For every fragment row it
//   1. computes the horizontal sums H = sum over o of A[x + o] * B_o of the row F below (the input
//      fragments are loaded straight from global memory; their bytes are the live masks once cells
//      of state > 1 are zeroed) and keeps H, as bytes, in a ring of the last 2F + 1 rows,
//   2. computes the vertical sums V = sum over o of B_o^T * H[y + o] from the ring,
//   3. applies the transition with V as the count (centre included).
// So every input fragment is read by 2F + 1 warps of a block through L1, and each row's H is computed
// once per column walk instead of once per tile. Exactness: H <= 2r + 1 must fit the u8 operand of
// the vertical product (r <= 127); the s32 accumulators hold any count.
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

// Shared memory per warp: the ring of H rows and a scratch of 256 ints.
template <int F>
constexpr int catStreamWarpBytes() {
    return (2 * F + 1) * kCatFragmentCells + kCatFragmentCells * 4;
}

template <int F>
constexpr std::size_t catStreamSharedBytes(int tableWords) {
    return kCatStreamWarps * catStreamWarpBytes<F>() + (2 * F + 1) * kCatFragmentCells +
           sizeof(unsigned) * 2 * tableWords;
}

template <int F>
__global__ void __launch_bounds__(kCatStreamWarps * 32)
    catStreamKernel(const Cell* __restrict__ in, Cell* __restrict__ out, CatStreamGeometry g, DeviceRule rule,
                    const unsigned* __restrict__ table, int tableWords) {
    using namespace nvcuda;
    using FragmentA = wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major>;
    using FragmentAT = wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::col_major>;
    using FragmentB = wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::row_major>;
    using Accumulator = wmma::fragment<wmma::accumulator, 16, 16, 16, int>;
    constexpr int kBands = 2 * F + 1;

    extern __shared__ __align__(128) unsigned char shared[];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    unsigned char* ring = shared + warp * catStreamWarpBytes<F>(); // H of padded row p in slot p % kBands
    int* scratch = reinterpret_cast<int*>(ring + kBands * kCatFragmentCells);
    unsigned char* band = shared + kCatStreamWarps * catStreamWarpBytes<F>();
    unsigned* bits = reinterpret_cast<unsigned*>(band + kBands * kCatFragmentCells);

    fillCatBand(band, F, rule.radius);
    for (int i = threadIdx.x; i < 2 * tableWords; i += blockDim.x) bits[i] = table[i];
    __syncthreads(); // the last block-wide barrier: from here on each warp works alone

    const int column = blockIdx.x * kCatStreamWarps + warp;
    if (column >= g.columns) return;
    const int cx = F + column; // padded fragment column
    const bool multiState = rule.states > 2;

    // Band fragment o read row-major is B_o (horizontal), read column-major B_o^T (vertical).
    FragmentB horizontalBands[kBands];
    FragmentAT verticalBands[kBands];
#pragma unroll
    for (int o = 0; o < kBands; ++o) {
        wmma::load_matrix_sync(horizontalBands[o], band + o * kCatFragmentCells, 16);
        wmma::load_matrix_sync(verticalBands[o], band + o * kCatFragmentCells, 16);
    }

    // H of padded fragment row p into its ring slot, as bytes.
    const auto horizontal = [&](int p) {
        const Cell* row = in + (std::size_t(p) * g.fragmentsPerRow + cx - F) * kCatFragmentCells;
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
        reinterpret_cast<uint2*>(ring + (p % kBands) * kCatFragmentCells)[lane] =
            make_uint2(lo.x | lo.y << 8 | lo.z << 16 | lo.w << 24, hi.x | hi.y << 8 | hi.z << 16 | hi.w << 24);
        __syncwarp();
    };

    // V of padded fragment row p from the ring (rows p - F .. p + F), then the transition.
    const auto verticalAndStep = [&](int p) {
        const int first = (p - F) % kBands; // ring slot of row p - F
        Accumulator acc;
        wmma::fill_fragment(acc, 0);
#pragma unroll
        for (int o = 0; o < kBands; ++o) {
            const int slot = first + o < kBands ? first + o : first + o - kBands;
            FragmentB h;
            wmma::load_matrix_sync(h, ring + slot * kCatFragmentCells, 16);
            wmma::mma_sync(acc, verticalBands[o], h, acc);
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
