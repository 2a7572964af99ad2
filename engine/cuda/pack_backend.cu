// `pack`: packet coding (Cagigas et al.): one thread per 64-bit word of 8 one-byte cells. The
// neighbourhood count is built with byte-lane SWAR arithmetic:
//   T_d = sum of the live masks of the rows whose half-width is >= d (column sums, 8-bit lanes),
//   count = T_0 + sum_{d>=1} (T_d shifted left by d + T_d shifted right by d),
// processing d from r down to 0, so any union of centred row spans (Moore, von Neumann, circular)
// costs 2r+1 row loads and 2r+1 shift-adds per word. Column sums stay below 256 (r <= 127) and the
// counts are accumulated in 16-bit lanes (at most 255^2). The transition (catlab::Transition's) is read from a
// per-count bit table in shared memory.
#include "catlab/backend_spec.hpp"
#include "compile_time_int.hpp"
#include "padded_grid_backend.cuh"
#include "tile_grid.cuh"

#include <algorithm>
#include <bit>
#include <numeric>

namespace catlab::cuda {
namespace {

using Word = unsigned long long;
constexpr int kMaxPackRadius = 127;
constexpr Word kOnes = 0x0101010101010101ull;
constexpr Word kLow7 = 0x7F7F7F7F7F7F7F7Full;
constexpr Word kEvenLanes = 0x00FF00FF00FF00FFull;

// The rows of the neighbourhood ordered by half-width, widest first.
struct PackPlan {
    int radius;
    int rows;
    short dy[2 * kMaxPackRadius + 1];
    short halfWidth[2 * kMaxPackRadius + 1];
};

// 0x01 in every byte equal to 1 (exact zero-byte test of word ^ 0x01..01, no carries between bytes).
__device__ __forceinline__ Word liveMask(Word w) {
    const Word t = w ^ kOnes;
    const Word y = ~(((t & kLow7) + kLow7) | t | kLow7);
    return y >> 7;
}

// Bytes s..s+7 of the 16-byte little-endian pair (lo, hi), 1 <= s <= 7.
__device__ __forceinline__ Word funnel(Word lo, Word hi, int s) { return (lo >> (8 * s)) | (hi << (64 - 8 * s)); }

__device__ __forceinline__ void widenAdd(Word bytes, Word& even, Word& odd) {
    even += bytes & kEvenLanes;
    odd += (bytes >> 8) & kEvenLanes;
}

// K: words of halo on each side (8K >= r). T[k] covers padded word w + k; the thread's word is T[K].
// Small: 2 states and counts below 32 (r <= 2 for Moore). Cells are then 0 or 1 and are summed as
// they are; counts fit byte lanes, so no widening; and the transition is one 64-bit table held in a
// register (bit c: birth at count c, bit 32 + c: survival) instead of the shared-memory table.
template <int K, bool Small>
__global__ void packStepKernel(const Word* __restrict__ in, Word* __restrict__ out, int pitchWords, int words,
                               int height, const __grid_constant__ PackPlan plan, int states,
                               const unsigned* __restrict__ table, int tableWords, Word small) {
    extern __shared__ unsigned bits[]; // birth words, then survival words
    if constexpr (!Small) {
        const int thread = threadIdx.y * blockDim.x + threadIdx.x;
        for (int i = thread; i < 2 * tableWords; i += blockDim.x * blockDim.y) bits[i] = table[i];
        __syncthreads();
    }
    const int w = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = tileRow() * blockDim.y + threadIdx.y;
    if (w >= words || y >= height) return;
    const Word* base = in + std::size_t(y + plan.radius) * pitchWords + w;

    Word T[2 * K + 1];
#pragma unroll
    for (int k = 0; k <= 2 * K; ++k) T[k] = 0;
    Word even = 0, odd = 0; // counts of cells 0,2,4,6 and 1,3,5,7 in 16-bit lanes
    int next = 0;
#pragma unroll
    for (int q = K; q >= 0; --q) {
#pragma unroll 1
        for (int s = min(7, plan.radius - 8 * q); s >= 0; --s) { // d = 8q + s <= r
            const int d = 8 * q + s;
            for (; next < plan.rows && plan.halfWidth[next] == d; ++next) {
                const Word* row = base + std::ptrdiff_t(plan.dy[next]) * pitchWords;
#pragma unroll
                for (int k = 0; k <= 2 * K; ++k) T[k] += Small ? row[k] : liveMask(row[k]);
            }
            // Lane i gets T at offsets i + d and i - d; each is widened to 16-bit lanes before adding.
            Word right, left;
            if (s == 0) {
                right = T[K + q];
                left = q > 0 ? T[K - q] : 0;
            } else {
                right = funnel(T[K + q], T[K + q + 1 <= 2 * K ? K + q + 1 : 2 * K], s);
                left = funnel(T[K - q - 1 >= 0 ? K - q - 1 : 0], T[K - q], 8 - s);
            }
            if constexpr (Small) {
                even += right + left; // byte lanes: the counts stay below 32
            } else {
                widenAdd(right, even, odd);
                widenAdd(left, even, odd);
            }
        }
    }
    const Word centre = base[K];
    Word result = 0;
    if constexpr (Small) {
        const Word index = even + (centre << 5); // lane i: count + 32 * state, below 64
#pragma unroll
        for (int i = 0; i < 8; ++i) result |= ((small >> ((index >> (8 * i)) & 63)) & 1) << (8 * i);
    } else {
#pragma unroll
        for (int i = 0; i < 8; ++i) {
            const int count = int((((i & 1) ? odd : even) >> (16 * (i >> 1))) & 0xFFFF);
            result |= Word(tableNextCell(bits, bits + tableWords, states, Cell(centre >> (8 * i)), count)) << (8 * i);
        }
    }
    out[std::size_t(y + plan.radius) * pitchWords + w + K] = result;
}

constexpr int haloWordsFor(int radius) {
    const int needed = (radius + 7) / 8;
    int k = 1;
    while (k < needed) k *= 2;
    return k;
}

// Halo words are a power of two: one kernel per exponent, up to the widest halo.
constexpr int kMaxHaloWordsExponent = std::countr_zero(unsigned(haloWordsFor(kMaxPackRadius)));

class PackBackend final : public PaddedGridBackend<RowMajorLayout> {
    void choose(const Rule& rule, GridSize size, PaddedGeometry& g, RowMajorLayout& layout) override {
        haloWords_ = haloWordsFor(rule.radius);
        words_ = (size.width + 7) / 8;
        pitchWords_ = words_ + 2 * haloWords_;
        g = {size.width, size.height, 8 * haloWords_, rule.radius, 8 * pitchWords_, size.height + 2 * rule.radius};
        layout = {8 * pitchWords_};

        plan_ = {};
        plan_.radius = rule.radius;
        plan_.rows = 2 * rule.radius + 1;
        std::vector<int> dys(plan_.rows);
        std::iota(dys.begin(), dys.end(), -rule.radius);
        std::stable_sort(dys.begin(), dys.end(), [&](int a, int b) {
            return rowHalfWidth(rule.neighbourhood, rule.radius, a) > rowHalfWidth(rule.neighbourhood, rule.radius, b);
        });
        for (int i = 0; i < plan_.rows; ++i) {
            plan_.dy[i] = short(dys[i]);
            plan_.halfWidth[i] = short(rowHalfWidth(rule.neighbourhood, rule.radius, dys[i]));
        }

        const int maxCount = neighbourhoodCells(rule.neighbourhood, rule.radius);
        isSmall_ = rule.states == 2 && maxCount < 32 && haloWords_ == 1;
        small_ = 0;
        if (isSmall_) {
            int tableWords = 0; // 1: birth word, then survival word
            const std::vector<unsigned> bits = transitionBits(makeDeviceRule(rule), maxCount, tableWords);
            small_ = bits[0] | Word(bits[1]) << 32;
        }
    }

    template <int K, bool Small = false>
    void launch(const Word* in, Word* out) {
        const dim3 threads(64, 4);
        const dim3 blocks = tileGridForRows(blocksFor(words_, threads.x), geometry().height, threads.y);
        const std::size_t shared = Small ? 0 : 2 * std::size_t(tableWords()) * sizeof(unsigned);
        packStepKernel<K, Small><<<blocks, threads, shared>>>(in, out, pitchWords_, words_, geometry().height, plan_,
                                                              deviceRule().states, table(), tableWords(), small_);
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    void stepOnce(const Cell* in, Cell* out) override {
        // Rows are 8-byte aligned: the pitch is a multiple of 8 cells and cudaMalloc aligns the base.
        const Word* i = reinterpret_cast<const Word*>(in);
        Word* o = reinterpret_cast<Word*>(out);
        if (isSmall_) return launch<1, true>(i, o);
        withCompileTimeInt<0, kMaxHaloWordsExponent>(std::countr_zero(unsigned(haloWords_)), "pack",
                                                     "halo-word exponent", [&]<int E>() { launch<1 << E>(i, o); });
    }

    PackPlan plan_{};
    int haloWords_ = 1, words_ = 0, pitchWords_ = 0;
    bool isSmall_ = false;
    Word small_ = 0;
};

std::optional<std::string> packUnsupported(const Rule& rule) {
    if (auto why = deviceRuleUnsupported(rule)) return why;
    if (rule.radius > kMaxPackRadius)
        return "pack handles radius 1.." + std::to_string(kMaxPackRadius) + " (column sums in 8-bit lanes)";
    return std::nullopt;
}

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec pack() {
    return {
        .name = "pack",
        .memorySpace = MemorySpace::Device,
        .description = "CUDA: 8 one-byte cells packed in a 64-bit word, bitwise neighbourhood work",
        .rulesSummary = "radius 1..127, row-span neighbourhoods (M, N, C, 2, +) (up to 16 count intervals per set)",
        .unsupportedReason = cuda::packUnsupported,
        .create = makeBackend<cuda::PackBackend>,
        .memoryNeed = [](const Rule& rule, GridSize size) { return cuda::PackBackend().memoryNeedFor(rule, size); }};
}

} // namespace catlab::backends
