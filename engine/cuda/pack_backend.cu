// `pack`: packet coding (Cagigas et al.): one thread per 64-bit word of 8 one-byte cells. The
// neighbourhood count is built with byte-lane SWAR arithmetic. Each row's span is cut at the centre
// column into a right part (offsets 0..hi) and a left part (lo..-1):
//   R_d = sum of the live masks of the rows whose span reaches d to the right (column sums, 8-bit lanes),
//   L_d = the same for the rows reaching d to the left,
//   count = sum_{d>=0} R_d shifted left by d + sum_{d>=1} L_d shifted right by d,
// processing d from r down to 0, so any union of row spans holding the centre column (Moore, von
// Neumann, circular, hexagonal) costs 2r+1 row loads and 2r+1 shift-adds per word. For centred spans
// (every shape but the hexagonal) L_d = R_d, kept once. Column sums stay below 256 (r <= 127) and the
// counts are accumulated in 16-bit lanes (at most 255^2). The transition (catlab::Transition's) is read
// from a per-count bit table in shared memory.
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

// The rows of the neighbourhood ordered by how far their spans reach, farthest first: to the right
// (and, for centred spans, to the left too), and to the left.
struct PackPlan {
    int radius;
    int rows;
    short rightDy[2 * kMaxPackRadius + 1], rightReach[2 * kMaxPackRadius + 1];
    short leftDy[2 * kMaxPackRadius + 1], leftReach[2 * kMaxPackRadius + 1];
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

// K: words of halo on each side (8K >= r). R[k] covers padded word w + k and L[k] word w - K + k; the
// thread's word is R[0] (and L[K]: for centred spans the same sum, so L[K] is never kept apart).
// Small: 2 states and counts below 32 (r <= 2 for Moore). Cells are then 0 or 1 and are summed as
// they are; counts fit byte lanes, so no widening; and the transition is one 64-bit table held in a
// register (bit c: birth at count c, bit 32 + c: survival) instead of the shared-memory table.
template <int K, bool Small, bool Centred>
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
    const Word* base = in + std::size_t(y + plan.radius) * pitchWords + w + K;

    Word R[K + 1], L[K + 1];
#pragma unroll
    for (int k = 0; k <= K; ++k) R[k] = L[k] = 0;
    auto cells = [](Word word) { return Small ? word : liveMask(word); };
    Word even = 0, odd = 0; // counts of cells 0,2,4,6 and 1,3,5,7 in 16-bit lanes
    int nextRight = 0, nextLeft = 0;
#pragma unroll
    for (int q = K; q >= 0; --q) {
#pragma unroll 1
        for (int s = min(7, plan.radius - 8 * q); s >= 0; --s) { // d = 8q + s <= r
            const int d = 8 * q + s;
            for (; nextRight < plan.rows && plan.rightReach[nextRight] == d; ++nextRight) {
                const Word* row = base + std::ptrdiff_t(plan.rightDy[nextRight]) * pitchWords;
#pragma unroll
                for (int k = 0; k <= K; ++k) R[k] += cells(row[k]);
                if constexpr (Centred) {
#pragma unroll
                    for (int k = 0; k < K; ++k) L[k] += cells(row[k - K]);
                }
            }
            if constexpr (!Centred) {
                for (; nextLeft < plan.rows && plan.leftReach[nextLeft] == d; ++nextLeft) {
                    const Word* row = base + std::ptrdiff_t(plan.leftDy[nextLeft]) * pitchWords;
#pragma unroll
                    for (int k = 0; k <= K; ++k) L[k] += cells(row[k - K]);
                }
            }
            auto left = [&](int k) { return Centred && k == K ? R[0] : L[k]; };
            // Lane i gets R at offset i + d and (d >= 1) L at i - d; each is widened to 16-bit lanes before
            // adding.
            Word right, leftward;
            if (s == 0) {
                right = R[q];
                leftward = q > 0 ? left(K - q) : 0;
            } else {
                right = funnel(R[q], R[q + 1 <= K ? q + 1 : K], s);
                leftward = funnel(left(K - q - 1 >= 0 ? K - q - 1 : 0), left(K - q), 8 - s);
            }
            if constexpr (Small) {
                even += right + leftward; // byte lanes: the counts stay below 32
            } else {
                widenAdd(right, even, odd);
                widenAdd(leftward, even, odd);
            }
        }
    }
    const Word centre = base[0];
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
        centred_ = isCentredRowSpans(rule.neighbourhood);
        // Each list of rows by reach, farthest first.
        auto byReach = [&](short* dys, short* reaches, auto reach) {
            std::vector<int> rows(std::size_t(plan_.rows));
            std::iota(rows.begin(), rows.end(), -rule.radius);
            std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) { return reach(a) > reach(b); });
            for (int i = 0; i < plan_.rows; ++i) {
                dys[i] = short(rows[std::size_t(i)]);
                reaches[i] = short(reach(rows[std::size_t(i)]));
            }
        };
        byReach(plan_.rightDy, plan_.rightReach,
                [&](int dy) { return rowSpan(rule.neighbourhood, rule.radius, dy).hi; });
        byReach(plan_.leftDy, plan_.leftReach,
                [&](int dy) { return -rowSpan(rule.neighbourhood, rule.radius, dy).lo; });

        const int maxCount = neighbourhoodCells(rule.neighbourhood, rule.radius);
        isSmall_ = rule.states == 2 && maxCount < 32 && haloWords_ == 1;
        small_ = 0;
        if (isSmall_) {
            int tableWords = 0; // 1: birth word, then survival word
            const std::vector<unsigned> bits = transitionBits(makeDeviceRule(rule), maxCount, tableWords);
            small_ = bits[0] | Word(bits[1]) << 32;
        }
    }

    template <int K, bool Small, bool Centred>
    void launch(const Word* in, Word* out) {
        const dim3 threads(64, 4);
        const dim3 blocks = tileGridForRows(blocksFor(words_, threads.x), geometry().height, threads.y);
        const std::size_t shared = Small ? 0 : 2 * std::size_t(tableWords()) * sizeof(unsigned);
        packStepKernel<K, Small, Centred><<<blocks, threads, shared>>>(
            in, out, pitchWords_, words_, geometry().height, plan_, deviceRule().states, table(), tableWords(), small_);
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    template <bool Centred>
    void stepWith(const Word* in, Word* out) {
        if (isSmall_) return launch<1, true, Centred>(in, out);
        withCompileTimeInt<0, kMaxHaloWordsExponent>(std::countr_zero(unsigned(haloWords_)), "pack",
                                                     "halo-word exponent",
                                                     [&]<int E>() { launch<1 << E, false, Centred>(in, out); });
    }

    void stepOnce(const Cell* in, Cell* out) override {
        // Rows are 8-byte aligned: the pitch is a multiple of 8 cells and cudaMalloc aligns the base.
        const Word* i = reinterpret_cast<const Word*>(in);
        Word* o = reinterpret_cast<Word*>(out);
        if (centred_) return stepWith<true>(i, o);
        stepWith<false>(i, o);
    }

    PackPlan plan_{};
    int haloWords_ = 1, words_ = 0, pitchWords_ = 0;
    bool centred_ = true;
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
        .rulesSummary = "radius 1..127, row-span neighbourhoods (M, N, C, 2, +, H) (up to 16 count intervals per set)",
        .unsupportedReason = cuda::packUnsupported,
        .create = makeBackend<cuda::PackBackend>,
        .memoryNeed = [](const Rule& rule, GridSize size) { return cuda::PackBackend().memoryNeedFor(rule, size); }};
}

} // namespace catlab::backends
