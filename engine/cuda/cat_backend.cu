// `cat`: the CAT method (Navarro et al.): neighbourhood sums as matrix products on tensor cores.
// The state is kept one byte per cell in a fragment-contiguous layout (each 16x16 fragment is 256
// consecutive bytes) with a halo of wrapped cells, one fragment wide (r <= 16). A block owns a tile of
// TX x TY output fragments (out-halo: it reads the ring of fragments around the tile), and
//   1. converts the live masks (state == 1) of the tile and its ring to half in shared memory,
//   2. horizontal reduction: H = A_left * B_left + A * B_mid + A_right * B_right (WMMA),
//   3. vertical reduction: V = B_left^T * H_up + B_mid * H + B_right^T * H_down (WMMA),
//   4. applies the transition (catlab::Transition's, through a per-count bit table) on the regular cores with V
//      as the count (centre included).
// The three band fragments B[k][c] = (|k + 16 * o - c| <= r), o = -1, 0, 1, are built in shared memory.
// Every value is an integer <= 33^2 = 1089 < 2048, so half inputs with half accumulators are exact.
#include "cuda_backends.hpp"
#include "padded_grid_backend.cuh"

#include <cuda_fp16.h>
#include <mma.h>

#include <cstdlib>
#include <cstring>

namespace catlab::cuda {
namespace {

using namespace nvcuda;
constexpr int kFragment = 16;
constexpr int kWarps = 8;
constexpr int kMaxTableWords = 33 * 33 / 32 + 1; // counts 0..(2 * 16 + 1)^2
using HalfFragmentA = wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major>;
using HalfFragmentAT = wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major>;
using HalfFragmentB = wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major>;
using HalfAccumulator = wmma::fragment<wmma::accumulator, 16, 16, 16, half>;

template <int TX, int TY>
__global__ void __launch_bounds__(kWarps * 32)
    catStepKernel(const Cell* __restrict__ in, Cell* __restrict__ out, int fragmentsPerRow, DeviceRule rule,
                  const unsigned* __restrict__ table, int tableWords) {
    constexpr int IX = TX + 2, IY = TY + 2;
    __shared__ __align__(128) half live[IY * IX * 256]; // input live masks; later the counts V
    __shared__ __align__(128) half horizontal[IY * TX * 256];
    __shared__ __align__(128) half band[3 * 256]; // left, middle, right
    __shared__ unsigned bits[2 * kMaxTableWords]; // transition table: birth words, then survival words
    const int fx0 = 1 + blockIdx.x * TX, fy0 = 1 + blockIdx.y * TY; // first output fragment

    for (int i = threadIdx.x; i < 3 * 256; i += blockDim.x) {
        const int o = i / 256 - 1, k = (i / 16) % 16, c = i % 16;
        band[i] = abs(k + 16 * o - c) <= rule.radius ? __float2half(1.0f) : __float2half(0.0f);
    }
    for (int i = threadIdx.x; i < 2 * tableWords; i += blockDim.x) bits[i] = table[i];
    // 8 cells per thread: the global loads coalesce (fragments are contiguous) and the 16-byte shared
    // stores of consecutive threads are contiguous, free of bank conflicts.
    for (int i = threadIdx.x; i < IY * IX * 32; i += blockDim.x) {
        const int f = i / 32, part = i % 32;
        const std::size_t fragment = std::size_t(fy0 - 1 + f / IX) * fragmentsPerRow + (fx0 - 1 + f % IX);
        const uint2 v = *reinterpret_cast<const uint2*>(in + fragment * 256 + part * 8);
        // Two cells to one pair of halves: 1.0 (0x3C00) where the byte is 1.
        const auto halves = [](unsigned pair) {
            return ((pair & 0xFF) == 1 ? 0x3C00u : 0u) | (((pair >> 8) & 0xFF) == 1 ? 0x3C000000u : 0u);
        };
        *reinterpret_cast<uint4*>(live + f * 256 + part * 8) =
            make_uint4(halves(v.x), halves(v.x >> 16), halves(v.y), halves(v.y >> 16));
    }
    __syncthreads();

    const int warp = threadIdx.x / 32;
    {
        HalfFragmentB left, mid, right;
        wmma::load_matrix_sync(left, band, 16);
        wmma::load_matrix_sync(mid, band + 256, 16);
        wmma::load_matrix_sync(right, band + 512, 16);
        for (int t = warp; t < IY * TX; t += kWarps) {
            const int i = t / TX, j = t % TX;
            HalfAccumulator acc;
            wmma::fill_fragment(acc, __float2half(0.0f));
            HalfFragmentA a;
            wmma::load_matrix_sync(a, live + (i * IX + j) * 256, 16);
            wmma::mma_sync(acc, a, left, acc);
            wmma::load_matrix_sync(a, live + (i * IX + j + 1) * 256, 16);
            wmma::mma_sync(acc, a, mid, acc);
            wmma::load_matrix_sync(a, live + (i * IX + j + 2) * 256, 16);
            wmma::mma_sync(acc, a, right, acc);
            wmma::store_matrix_sync(horizontal + t * 256, acc, 16, wmma::mem_row_major);
        }
    }
    __syncthreads(); // `live` is free from here on: it receives the counts

    {
        // Read column-major, the left/right bands are their transposes: the up/down vertical bands.
        HalfFragmentAT up, mid, down;
        wmma::load_matrix_sync(up, band, 16);
        wmma::load_matrix_sync(mid, band + 256, 16);
        wmma::load_matrix_sync(down, band + 512, 16);
        for (int t = warp; t < TY * TX; t += kWarps) {
            const int i = t / TX, j = t % TX;
            HalfAccumulator acc;
            wmma::fill_fragment(acc, __float2half(0.0f));
            HalfFragmentB h;
            wmma::load_matrix_sync(h, horizontal + (i * TX + j) * 256, 16);
            wmma::mma_sync(acc, up, h, acc);
            wmma::load_matrix_sync(h, horizontal + ((i + 1) * TX + j) * 256, 16);
            wmma::mma_sync(acc, mid, h, acc);
            wmma::load_matrix_sync(h, horizontal + ((i + 2) * TX + j) * 256, 16);
            wmma::mma_sync(acc, down, h, acc);
            wmma::store_matrix_sync(live + t * 256, acc, 16, wmma::mem_row_major);
        }
    }
    __syncthreads();

    // Cells past the torus edge are computed too; they are halo and get overwritten by the refresh.
    for (int i = threadIdx.x; i < TY * TX * 32; i += blockDim.x) {
        const int f = i / 32, part = i % 32;
        const std::size_t offset = (std::size_t(fy0 + f / TX) * fragmentsPerRow + (fx0 + f % TX)) * 256 + part * 8;
        const uint2 v = *reinterpret_cast<const uint2*>(in + offset);
        const uint4 c = *reinterpret_cast<const uint4*>(live + f * 256 + part * 8); // 8 exact integer counts
        const auto next2 = [&](unsigned cells, unsigned counts) {
            const int lo = __half2int_rn(__ushort_as_half((unsigned short)(counts & 0xFFFF)));
            const int hi = __half2int_rn(__ushort_as_half((unsigned short)(counts >> 16)));
            return unsigned(tableNextCell(bits, bits + tableWords, rule.states, Cell(cells), lo)) |
                   unsigned(tableNextCell(bits, bits + tableWords, rule.states, Cell(cells >> 8), hi)) << 8;
        };
        const uint2 result =
            make_uint2(next2(v.x, c.x) | next2(v.x >> 16, c.y) << 16, next2(v.y, c.z) | next2(v.y >> 16, c.w) << 16);
        *reinterpret_cast<uint2*>(out + offset) = result;
    }
}

struct Tile {
    int x, y;
};

// Fragments per block, CATLAB_CAT_TILE=XxY overrides the default for tuning (4x4, 8x2 or 2x8).
Tile chooseTile() {
    const char* env = std::getenv("CATLAB_CAT_TILE");
    if (env && std::strcmp(env, "8x2") == 0) return {8, 2};
    if (env && std::strcmp(env, "2x8") == 0) return {2, 8};
    return {4, 4};
}

int roundUp(int n, int m) { return (n + m - 1) / m * m; }

class CatBackend final : public PaddedGridBackend<FragmentLayout> {
    void choose(const Rule&, GridSize size, PaddedGeometry& g, FragmentLayout& layout) override {
        tile_ = chooseTile();
        // Interior fragments rounded up to whole tiles, plus a ring of halo fragments.
        tilesX_ = roundUp((size.width + kFragment - 1) / kFragment, tile_.x) / tile_.x;
        tilesY_ = roundUp((size.height + kFragment - 1) / kFragment, tile_.y) / tile_.y;
        fragmentsPerRow_ = tilesX_ * tile_.x + 2;
        g = {size.width,
             size.height,
             kFragment,
             kFragment,
             kFragment * fragmentsPerRow_,
             kFragment * (tilesY_ * tile_.y + 2)};
        layout = {fragmentsPerRow_};
    }

    template <int TX, int TY>
    void launch(const Cell* in, Cell* out) {
        catStepKernel<TX, TY>
            <<<dim3(tilesX_, tilesY_), kWarps * 32>>>(in, out, fragmentsPerRow_, deviceRule(), table(), tableWords());
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    void stepOnce(const Cell* in, Cell* out) override {
        if (tile_.x == 8) return launch<8, 2>(in, out);
        if (tile_.x == 2) return launch<2, 8>(in, out);
        launch<4, 4>(in, out);
    }

    Tile tile_{4, 4};
    int tilesX_ = 0, tilesY_ = 0, fragmentsPerRow_ = 0;
};

std::optional<std::string> catUnsupported(const Rule& rule) {
    if (auto why = deviceRuleUnsupported(rule)) return why;
    if (rule.radius > kFragment) return "cat handles radius 1..16 (the tensor-core fragment size)";
    if (rule.neighbourhood != Neighbourhood::Moore)
        return std::string("cat computes Moore neighbourhoods only: its two band-matrix products sum a square, "
                           "and the ") +
               toString(rule.neighbourhood) + " neighbourhood is not separable into row and column sums";
    return std::nullopt;
}

} // namespace

CudaBackendFactory catBackendFactory() {
    return {[]() -> std::unique_ptr<Backend> { return std::make_unique<CatBackend>(); }, catUnsupported,
            "Moore neighbourhoods, radius 1..16 (up to 16 count intervals per set)"};
}

} // namespace catlab::cuda
