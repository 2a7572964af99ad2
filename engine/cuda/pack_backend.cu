// `pack`: packet coding (Cagigas et al.): one thread per 64-bit word of 8 one-byte cells, each word's
// count built with byte-lane SWAR arithmetic over the row spans of the neighbourhood (pack_step.cuh).
// The transition (catlab::Transition's) is read from a per-count bit table in shared memory.
#include "catlab/backend_spec.hpp"
#include "compile_time_int.hpp"
#include "pack_step.cuh"
#include "padded_grid_backend.cuh"
#include "tile_grid.cuh"

#include <bit>

namespace catlab::cuda {
namespace {

using Word = PackWord;

// A thread per word of the padded grid (packWordStep's K, Small and Centred).
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
    const std::size_t at = std::size_t(y + plan.radius) * pitchWords + w + K;
    out[at] = packWordStep<K, Small, Centred>(in + at, pitchWords, plan, states, bits, tableWords, small);
}

// Halo words are a power of two: one kernel per exponent, up to the widest halo.
constexpr int kMaxHaloWordsExponent = std::countr_zero(unsigned(packHaloWordsFor(kMaxPackRadius)));

class PackBackend final : public PaddedGridBackend<RowMajorLayout> {
    void choose(const Rule& rule, GridSize size, PaddedGeometry& g, RowMajorLayout& layout) override {
        haloWords_ = packHaloWordsFor(rule.radius);
        words_ = (size.width + 7) / 8;
        pitchWords_ = words_ + 2 * haloWords_;
        g = {size.width, size.height, 8 * haloWords_, rule.radius, 8 * pitchWords_, size.height + 2 * rule.radius};
        layout = {8 * pitchWords_};
        plan_ = packPlanFor(rule);
        centred_ = isCentredRowSpans(rule.neighbourhood);

        const std::optional<Word> small = packSmallTransition(rule);
        isSmall_ = small.has_value();
        small_ = small.value_or(0);
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
