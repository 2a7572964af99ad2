#pragma once
// `cat` in half precision, the CAT paper's scheme: a block owns a tile of 4 x 4 output fragments and
// reads the ring of F fragments around it (out-halo):
//   1. converts the live masks (state == 1) of the tile and its ring to half in shared memory,
//   2. horizontal reduction: H = sum over o of A[x + o] * B_o (WMMA),
//   3. vertical reduction: V = sum over o of B_o^T * H[y + o] (WMMA),
//   4. applies the transition to every cell with V as its count (centre included).
// Half inputs are exact integers up to 2048: H <= 2r + 1 always fits, and V <= (2r + 1)^2 fits a half
// accumulator up to r = 22; a float accumulator (Acc = float) holds any count.
#include "cat_band.cuh"

#include <cuda_fp16.h>
#include <mma.h>

#include <type_traits>

namespace catlab::cuda {

constexpr int kCatTileWarps = 8;
constexpr int kCatTile = 4; // output fragments per tile side

// Shared memory of catTileKernel<F, Acc>.
template <int F, class Acc>
constexpr std::size_t catTileSharedBytes(int tableWords) {
    constexpr int IX = kCatTile + 2 * F, IY = kCatTile + 2 * F;
    constexpr bool floatAcc = std::is_same_v<Acc, float>;
    return sizeof(half) * kCatFragmentCells * (IY * IX + IY * kCatTile + 2 * F + 1) +
           (floatAcc ? sizeof(float) * kCatFragmentCells * kCatTileWarps : 0) + sizeof(unsigned) * 2 * tableWords;
}

template <int F, class Acc>
__global__ void __launch_bounds__(kCatTileWarps * 32)
    catTileKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int fragmentsPerRow, DeviceRule rule,
                  const unsigned* __restrict__ table, int tableWords) {
    using namespace nvcuda;
    using FragmentA = wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major>;
    using FragmentAT = wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major>;
    using FragmentB = wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major>;
    using Accumulator = wmma::fragment<wmma::accumulator, 16, 16, 16, Acc>;
    constexpr int TX = kCatTile, TY = kCatTile, IX = TX + 2 * F, IY = TY + 2 * F, kBands = 2 * F + 1;
    constexpr bool floatAcc = std::is_same_v<Acc, float>;

    extern __shared__ __align__(128) unsigned char shared[];
    half* live = reinterpret_cast<half*>(shared); // input live masks; later the counts V
    half* horizontal = live + IY * IX * kCatFragmentCells;
    half* band = horizontal + IY * TX * kCatFragmentCells;
    float* scratch = reinterpret_cast<float*>(band + kBands * kCatFragmentCells); // float accumulators, per warp
    unsigned* bits = reinterpret_cast<unsigned*>(scratch + (floatAcc ? kCatTileWarps * kCatFragmentCells : 0));
    const int fx0 = F + blockIdx.x * TX, fy0 = F + blockIdx.y * TY; // first output fragment
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;

    fillCatBand(band, F, rule.radius);
    for (int i = threadIdx.x; i < 2 * tableWords; i += blockDim.x) bits[i] = table[i];
    // 8 cells per thread: the global loads coalesce (fragments are contiguous) and the 16-byte shared
    // stores of consecutive threads are contiguous, free of bank conflicts.
    for (int i = threadIdx.x; i < IY * IX * 32; i += blockDim.x) {
        const int f = i / 32, part = i % 32;
        const std::size_t fragment = std::size_t(fy0 - F + f / IX) * fragmentsPerRow + (fx0 - F + f % IX);
        const uint2 v = *reinterpret_cast<const uint2*>(in + fragment * kCatFragmentCells + part * 8);
        // Two cells to one pair of halves: 1.0 (0x3C00) where the byte is 1.
        const auto halves = [](unsigned pair) {
            return ((pair & 0xFF) == 1 ? 0x3C00u : 0u) | (((pair >> 8) & 0xFF) == 1 ? 0x3C000000u : 0u);
        };
        *reinterpret_cast<uint4*>(live + f * kCatFragmentCells + part * 8) =
            make_uint4(halves(v.x), halves(v.x >> 16), halves(v.y), halves(v.y >> 16));
    }
    __syncthreads();

    // A float accumulator goes through this warp's scratch to become half (H) again.
    const auto storeHalf = [&](half* destination, const Accumulator& acc) {
        if constexpr (floatAcc) {
            float* mine = scratch + warp * kCatFragmentCells;
            wmma::store_matrix_sync(mine, acc, 16, wmma::mem_row_major);
            __syncwarp();
            const float4 a = reinterpret_cast<const float4*>(mine)[lane * 2];
            const float4 b = reinterpret_cast<const float4*>(mine)[lane * 2 + 1];
            const auto pair = [](float x, float y) {
                const __half2 h = __floats2half2_rn(x, y);
                return *reinterpret_cast<const unsigned*>(&h);
            };
            reinterpret_cast<uint4*>(destination)[lane] =
                make_uint4(pair(a.x, a.y), pair(a.z, a.w), pair(b.x, b.y), pair(b.z, b.w));
            __syncwarp();
        } else {
            wmma::store_matrix_sync(destination, acc, 16, wmma::mem_row_major);
        }
    };

    {
        FragmentB bands[kBands];
#pragma unroll
        for (int o = 0; o < kBands; ++o) wmma::load_matrix_sync(bands[o], band + o * kCatFragmentCells, 16);
        for (int t = warp; t < IY * TX; t += kCatTileWarps) {
            const int i = t / TX, j = t % TX;
            Accumulator acc;
            wmma::fill_fragment(acc, Acc(0));
#pragma unroll
            for (int o = 0; o < kBands; ++o) {
                FragmentA a;
                wmma::load_matrix_sync(a, live + (i * IX + j + o) * kCatFragmentCells, 16);
                wmma::mma_sync(acc, a, bands[o], acc);
            }
            storeHalf(horizontal + t * kCatFragmentCells, acc);
        }
    }
    __syncthreads(); // `live` is free from here on: it receives the counts

    {
        // Read column-major, band fragment o is B_o^T: the vertical band of offset o.
        FragmentAT bands[kBands];
#pragma unroll
        for (int o = 0; o < kBands; ++o) wmma::load_matrix_sync(bands[o], band + o * kCatFragmentCells, 16);
        for (int t = warp; t < TY * TX; t += kCatTileWarps) {
            const int i = t / TX, j = t % TX;
            Accumulator acc;
            wmma::fill_fragment(acc, Acc(0));
#pragma unroll
            for (int o = 0; o < kBands; ++o) {
                FragmentB h;
                wmma::load_matrix_sync(h, horizontal + ((i + o) * TX + j) * kCatFragmentCells, 16);
                wmma::mma_sync(acc, bands[o], h, acc);
            }
            wmma::store_matrix_sync(reinterpret_cast<Acc*>(live) + t * kCatFragmentCells, acc, 16, wmma::mem_row_major);
        }
    }
    __syncthreads();

    // Cells past the torus edge are computed too; they are halo and get overwritten by the refresh.
    const Acc* counts = reinterpret_cast<const Acc*>(live);
    for (int i = threadIdx.x; i < TY * TX * 32; i += blockDim.x) {
        const int f = i / 32, part = i % 32;
        const std::size_t offset =
            (std::size_t(fy0 + f / TX) * fragmentsPerRow + (fx0 + f % TX)) * kCatFragmentCells + part * 8;
        const Acc* mine = counts + f * kCatFragmentCells + part * 8; // 8 exact integer counts
        int c[8];
        if constexpr (floatAcc) {
            const float4 a = reinterpret_cast<const float4*>(mine)[0], b = reinterpret_cast<const float4*>(mine)[1];
            const float v[8] = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
#pragma unroll
            for (int k = 0; k < 8; ++k) c[k] = __float2int_rn(v[k]);
        } else {
            const uint4 q = *reinterpret_cast<const uint4*>(mine);
            const unsigned v[4] = {q.x, q.y, q.z, q.w};
#pragma unroll
            for (int k = 0; k < 4; ++k) {
                c[2 * k] = __half2int_rn(__ushort_as_half((unsigned short)(v[k] & 0xFFFF)));
                c[2 * k + 1] = __half2int_rn(__ushort_as_half((unsigned short)(v[k] >> 16)));
            }
        }
        *reinterpret_cast<uint2*>(out + offset) =
            catNext8(bits, tableWords, rule.states, *reinterpret_cast<const uint2*>(in + offset), c);
    }
}

} // namespace catlab::cuda
