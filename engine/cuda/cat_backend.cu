// `cat`: the CAT method (Navarro et al.): neighbourhood sums as matrix products on tensor cores.
// The state is kept one byte per cell in a fragment-contiguous layout (each 16x16 fragment is 256
// consecutive bytes) with a halo of wrapped cells F = ceil(r / 16) fragments wide: one more band
// fragment on each side per 16 of radius (the paper's section VI).
// Kernels (variants under measurement, CATLAB_CAT_VARIANT picks one):
//   fp16     half products, half accumulators, 4x4-fragment tiles (cat_tile_kernel.cuh), r <= 22
//   fp16f32  the same with float accumulators, r <= 64 (shared memory)
//   int8     u8 products, s32 accumulators, column walks (cat_stream_kernel.cuh), r <= 127
//   b1       int8 with 1-bit horizontal products, r <= 127
#include "cat_stream_kernel.cuh"
#include "cat_tile_kernel.cuh"
#include "cuda_backends.hpp"
#include "padded_grid_backend.cuh"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace catlab::cuda {
namespace {

// Largest radius computed exactly: the horizontal sums (at most 2r + 1) are the u8 operands of the
// vertical products.
constexpr int kCatMaxRadius = 127;
constexpr int kCatRowsPerBlock = 64;

enum class CatVariant { Fp16, Fp16Float, Int8, Bits };

int maxRadius(CatVariant v) {
    switch (v) {
    case CatVariant::Fp16: return 22; // (2r + 1)^2 < 2048
    case CatVariant::Fp16Float: return 64;
    default: return kCatMaxRadius;
    }
}

CatVariant defaultVariant(int radius) { return radius <= kCatFragment ? CatVariant::Fp16 : CatVariant::Int8; }

CatVariant chooseVariant(int radius) {
    const char* env = std::getenv("CATLAB_CAT_VARIANT");
    CatVariant v = defaultVariant(radius);
    if (env && std::strcmp(env, "fp16") == 0) v = CatVariant::Fp16;
    if (env && std::strcmp(env, "fp16f32") == 0) v = CatVariant::Fp16Float;
    if (env && std::strcmp(env, "int8") == 0) v = CatVariant::Int8;
    if (env && std::strcmp(env, "b1") == 0) v = CatVariant::Bits;
    if (radius > maxRadius(v)) {
        std::fprintf(stderr, "cat: variant %s cannot do r=%d, using the default\n", env, radius);
        v = defaultVariant(radius);
    }
    return v;
}

bool isTiled(CatVariant v) { return v == CatVariant::Fp16 || v == CatVariant::Fp16Float; }

int roundUp(int n, int m) { return (n + m - 1) / m * m; }

// Raises a kernel's dynamic shared memory limit once it needs more than the default 48 KB.
template <class Kernel>
void allowSharedBytes(Kernel kernel, std::size_t bytes, std::size_t& allowed) {
    if (bytes <= allowed) return;
    CATLAB_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
    allowed = bytes;
}

class CatBackend final : public PaddedGridBackend<FragmentLayout> {
    void choose(const Rule& rule, GridSize size, PaddedGeometry& g, FragmentLayout& layout) override {
        variant_ = chooseVariant(rule.radius);
        bands_ = catBandFragments(rule.radius);
        columns_ = (size.width + kCatFragment - 1) / kCatFragment;
        rows_ = (size.height + kCatFragment - 1) / kCatFragment;
        if (isTiled(variant_)) { // whole tiles
            columns_ = roundUp(columns_, kCatTile);
            rows_ = roundUp(rows_, kCatTile);
        }
        fragmentsPerRow_ = columns_ + 2 * bands_;
        g = {size.width,
             size.height,
             kCatFragment * bands_,
             kCatFragment * bands_,
             kCatFragment * fragmentsPerRow_,
             kCatFragment * (rows_ + 2 * bands_)};
        layout = {fragmentsPerRow_};
    }

    template <int F, class Acc>
    void launchTile(const Cell* in, Cell* out) {
        static std::size_t allowed = 48 * 1024;
        const std::size_t bytes = catTileSharedBytes<F, Acc>(tableWords());
        allowSharedBytes(catTileKernel<F, Acc>, bytes, allowed);
        catTileKernel<F, Acc><<<dim3(columns_ / kCatTile, rows_ / kCatTile), kCatTileWarps * 32, bytes>>>(
            in, out, fragmentsPerRow_, deviceRule(), table(), tableWords());
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    template <int F, bool Bits>
    void launchStream(const Cell* in, Cell* out) {
        static std::size_t allowed = 48 * 1024;
        const std::size_t bytes = catStreamSharedBytes<F, Bits>(tableWords());
        allowSharedBytes(catStreamKernel<F, Bits>, bytes, allowed);
        const CatStreamGeometry g{fragmentsPerRow_, columns_, rows_, kCatRowsPerBlock};
        const dim3 blocks((columns_ + kCatStreamWarps - 1) / kCatStreamWarps,
                          (rows_ + kCatRowsPerBlock - 1) / kCatRowsPerBlock);
        catStreamKernel<F, Bits>
            <<<blocks, kCatStreamWarps * 32, bytes>>>(in, out, g, deviceRule(), table(), tableWords());
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    template <bool Bits>
    void stream(const Cell* in, Cell* out) {
        switch (bands_) {
        case 1: return launchStream<1, Bits>(in, out);
        case 2: return launchStream<2, Bits>(in, out);
        case 3: return launchStream<3, Bits>(in, out);
        case 4: return launchStream<4, Bits>(in, out);
        case 5: return launchStream<5, Bits>(in, out);
        case 6: return launchStream<6, Bits>(in, out);
        case 7: return launchStream<7, Bits>(in, out);
        case 8: return launchStream<8, Bits>(in, out);
        default: throw Error("cat: no kernel for " + std::to_string(bands_) + " band fragments");
        }
    }

    void stepOnce(const Cell* in, Cell* out) override {
        switch (variant_) {
        case CatVariant::Fp16:
            if (bands_ == 1) return launchTile<1, half>(in, out);
            return launchTile<2, half>(in, out);
        case CatVariant::Fp16Float:
            switch (bands_) {
            case 1: return launchTile<1, float>(in, out);
            case 2: return launchTile<2, float>(in, out);
            case 3: return launchTile<3, float>(in, out);
            default: return launchTile<4, float>(in, out);
            }
        case CatVariant::Int8: return stream<false>(in, out);
        case CatVariant::Bits: return stream<true>(in, out);
        }
        throw Error("cat: unknown kernel variant");
    }

    CatVariant variant_ = CatVariant::Fp16;
    int bands_ = 1, columns_ = 0, rows_ = 0, fragmentsPerRow_ = 0;
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
