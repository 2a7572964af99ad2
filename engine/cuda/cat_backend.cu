// `cat`: the CAT method (Navarro et al.): neighbourhood sums as matrix products on tensor cores, here in
// 8-bit integers (cat_stream_kernel.cuh). The state is kept one byte per cell in a fragment-contiguous
// layout (each 16x16 fragment is 256 consecutive bytes) with a halo of wrapped cells F = ceil(r / 16)
// fragments wide: one more band fragment on each side per 16 of radius (the paper's section VI).
// docs/benchmarks.md ("cat beyond the paper") has the measured alternatives: half-precision tiles (the
// paper's kernel), float accumulators and 1-bit products were slower.
#include "cat_stream_kernel.cuh"
#include "catlab/backend_spec.hpp"
#include "compile_time_int.hpp"
#include "dynamic_shared_memory.hpp"
#include "padded_grid_backend.cuh"

namespace catlab::cuda {
namespace {

// Largest radius computed exactly: the horizontal sums (at most 2r + 1) are the u8 operands of the
// vertical products.
constexpr int kCatMaxRadius = 127;
constexpr int kCatMaxBandFragments = catBandFragments(kCatMaxRadius);
constexpr int kCatRowsPerBlock = 64; // fragment rows one block walks (32 and 128 measured: docs/benchmarks.md)

class CatBackend final : public PaddedGridBackend<FragmentLayout> {
    void choose(const Rule& rule, GridSize size, PaddedGeometry& g, FragmentLayout& layout) override {
        bands_ = catBandFragments(rule.radius);
        columns_ = (size.width + kCatFragment - 1) / kCatFragment;
        rows_ = (size.height + kCatFragment - 1) / kCatFragment;
        fragmentsPerRow_ = columns_ + 2 * bands_;
        g = {size.width,
             size.height,
             kCatFragment * bands_,
             kCatFragment * bands_,
             kCatFragment * fragmentsPerRow_,
             kCatFragment * (rows_ + 2 * bands_)};
        layout = {fragmentsPerRow_};
    }

    template <int F>
    void launch(const Cell* in, Cell* out) {
        const std::size_t bytes = catStreamSharedBytes<F>(tableWords());
        if (bytes > 48 * 1024) allowDynamicSharedMemory(reinterpret_cast<const void*>(catStreamKernel<F>), bytes);
        const CatStreamGeometry g{fragmentsPerRow_, columns_, rows_, kCatRowsPerBlock};
        const dim3 blocks((columns_ + kCatStreamWarps - 1) / kCatStreamWarps,
                          (rows_ + kCatRowsPerBlock - 1) / kCatRowsPerBlock);
        catStreamKernel<F><<<blocks, kCatStreamWarps * 32, bytes>>>(in, out, g, deviceRule(), table(), tableWords());
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    // One kernel per band-fragment count (a run-time radius to a compile-time F).
    void stepOnce(const Cell* in, Cell* out) override {
        withCompileTimeInt<1, kCatMaxBandFragments>(bands_, "cat", "band fragments",
                                                    [&]<int F>() { launch<F>(in, out); });
    }

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

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec cat() {
    return {.name = "cat",
            .memorySpace = MemorySpace::Device,
            .description = "CUDA: neighbourhood sums as 8-bit matrix products on tensor cores (WMMA)",
            .rulesSummary = "Moore neighbourhoods, radius 1..127 (up to 16 count intervals per set)",
            .unsupportedReason = cuda::catUnsupported,
            .create = makeBackend<cuda::CatBackend>,
            .memoryNeed = [](const Rule& rule, GridSize size) { return cuda::CatBackend().memoryNeedFor(rule, size); }};
}

} // namespace catlab::backends
