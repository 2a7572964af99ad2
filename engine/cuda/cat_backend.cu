// `cat`: the CAT method (Navarro et al.): neighbourhood sums as matrix products on tensor cores, here in
// 8-bit integers (cat_stream_kernel.cuh). The state is kept one byte per cell in a fragment-contiguous
// layout (each 16x16 fragment is 256 consecutive bytes) with a halo of wrapped cells F = ceil(r / 16)
// fragments wide: one more band fragment on each side per 16 of radius (the paper's section VI).
// Measurement switches (to be settled): CATLAB_CAT_ROWS (rows per block), CATLAB_CAT_SPLIT=1 (two
// accumulator chains), CATLAB_CAT_BINARY=0 (the general transition for two-state rules too).
#include "cat_stream_kernel.cuh"
#include "cuda_backends.hpp"
#include "padded_grid_backend.cuh"

#include <cstdlib>
#include <cstring>

namespace catlab::cuda {
namespace {

// Largest radius computed exactly: the horizontal sums (at most 2r + 1) are the u8 operands of the
// vertical products.
constexpr int kCatMaxRadius = 127;

int envInt(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v && *v ? std::atoi(v) : fallback;
}

class CatBackend final : public PaddedGridBackend<FragmentLayout> {
    void choose(const Rule& rule, GridSize size, PaddedGeometry& g, FragmentLayout& layout) override {
        bands_ = catBandFragments(rule.radius);
        columns_ = (size.width + kCatFragment - 1) / kCatFragment;
        rows_ = (size.height + kCatFragment - 1) / kCatFragment;
        fragmentsPerRow_ = columns_ + 2 * bands_;
        rowsPerBlock_ = std::max(1, envInt("CATLAB_CAT_ROWS", 64));
        split_ = envInt("CATLAB_CAT_SPLIT", 0) == 1;
        binary_ = envInt("CATLAB_CAT_BINARY", 1) == 1;
        g = {size.width,
             size.height,
             kCatFragment * bands_,
             kCatFragment * bands_,
             kCatFragment * fragmentsPerRow_,
             kCatFragment * (rows_ + 2 * bands_)};
        layout = {fragmentsPerRow_};
    }

    template <int F, bool Split>
    void launch(const Cell* in, Cell* out) {
        // Past 48 KB a kernel's dynamic shared memory needs raising once.
        static std::size_t allowed = 48 * 1024;
        const std::size_t bytes = catStreamSharedBytes<F>(tableWords());
        if (bytes > allowed) {
            CATLAB_CUDA_CHECK(cudaFuncSetAttribute(catStreamKernel<F, Split>,
                                                   cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
            allowed = bytes;
        }
        const CatStreamGeometry g{fragmentsPerRow_, columns_, rows_, rowsPerBlock_, binary_};
        const dim3 blocks((columns_ + kCatStreamWarps - 1) / kCatStreamWarps,
                          (rows_ + rowsPerBlock_ - 1) / rowsPerBlock_);
        catStreamKernel<F, Split>
            <<<blocks, kCatStreamWarps * 32, bytes>>>(in, out, g, deviceRule(), table(), tableWords());
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    template <bool Split>
    void stepWith(const Cell* in, Cell* out) {
        switch (bands_) {
        case 1: return launch<1, Split>(in, out);
        case 2: return launch<2, Split>(in, out);
        case 3: return launch<3, Split>(in, out);
        case 4: return launch<4, Split>(in, out);
        case 5: return launch<5, Split>(in, out);
        case 6: return launch<6, Split>(in, out);
        case 7: return launch<7, Split>(in, out);
        case 8: return launch<8, Split>(in, out);
        default: throw Error("cat: no kernel for " + std::to_string(bands_) + " band fragments");
        }
    }

    void stepOnce(const Cell* in, Cell* out) override {
        if (split_) return stepWith<true>(in, out);
        stepWith<false>(in, out);
    }

    int bands_ = 1, columns_ = 0, rows_ = 0, fragmentsPerRow_ = 0, rowsPerBlock_ = 64;
    bool split_ = false, binary_ = true;
};

std::optional<std::string> catUnsupported(const Rule& rule) {
    if (auto why = deviceRuleUnsupported(rule)) return why;
    if (rule.radius > kCatMaxRadius)
        return "cat handles radius 1.." + std::to_string(kCatMaxRadius) +
               ": its horizontal sums (up to 2r + 1) must fit the 8-bit operands of the vertical products";
    if (rule.neighbourhood != Neighbourhood::Moore)
        return std::string("cat computes Moore neighbourhoods only: its two band-matrix products sum a square, "
                           "and the ") +
               toString(rule.neighbourhood) + " neighbourhood is not separable into row and column sums";
    return std::nullopt;
}

} // namespace

CudaBackendFactory catBackendFactory() {
    return {[]() -> std::unique_ptr<Backend> { return std::make_unique<CatBackend>(); }, catUnsupported,
            "Moore neighbourhoods, radius 1..127 (up to 16 count intervals per set)"};
}

} // namespace catlab::cuda
