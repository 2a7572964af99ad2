// `bitlife`: radius-1 two-state Moore rules (Life, ANNEAL, any B/S rule, B0 included, centre in or out)
// at one bit per cell, 16 generations per pass over memory (bitlife_pass.cuh). Well-known rules get a
// kernel with the rule compiled in (a few LOP3s per 32 cells); any other table runs through the
// run-time evaluator. A step that is not a multiple of 16 generations ends with shorter passes
// (8, 4, 2, 1) of the run-time evaluator.
#include "bit_grid.cuh"
#include "bitlife_pass.cuh"
#include "catlab/backend_spec.hpp"
#include "cell_rect_access.cuh"
#include "device_staging.hpp"
#include "pattern_signature.cuh"
#include "staging_bands.hpp"
#include "view_export.cuh"

#include "catlab/error.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace catlab::cuda {

static_assert(ViewRowSummer<BitGridReader> && BitRowReader<BitGridReader>,
              "the view export counts bitlife's words 32 cells at a time");

LifeTable lifeTable(const Rule& rule) {
    LifeTable table;
    for (int count = 0; count <= 9; ++count) {
        // A dead centre adds nothing to its count; a live one is in it and only M1 rules count it.
        if (count <= 8 && rule.birth.contains(count)) table.birth |= 1u << count;
        if (count >= 1 && rule.survival.contains(rule.includeCentre ? count : count - 1)) table.survival |= 1u << count;
    }
    return table;
}

namespace {

constexpr int kGenerations = 16; // per pass of the main kernel: the halo's depth

struct PassKernel {
    int generations;
    bool skew;
    void (*launch)(const BitWord* in, BitWord* out, const BitGeometry& g, const PassPlan& plan,
                   const TableLifeLogic& table);
    long long (*residentWarps)();
};

template <int G, bool Skew, class Logic>
void launchPass(const BitWord* in, BitWord* out, const BitGeometry& g, const PassPlan& plan,
                const TableLifeLogic& table) {
    Logic logic{};
    if constexpr (std::is_same_v<Logic, TableLifeLogic>) logic = table;
    bitLifePassKernel<G, Skew, Logic><<<unsigned(plan.warps()), kPassThreads>>>(in, out, g, plan, logic);
    CATLAB_CUDA_CHECK_LAUNCH();
}

template <int G, bool Skew, class Logic>
long long residentWarps() {
    int blocksPerSm = 0, device = 0, sms = 0;
    CATLAB_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, bitLifePassKernel<G, Skew, Logic>,
                                                                    kPassThreads, 0));
    CATLAB_CUDA_CHECK(cudaGetDevice(&device));
    CATLAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return std::max(1LL, (long long)blocksPerSm * sms * (kPassThreads / 32));
}

// Compiled rules run the skewed pipeline (bitlife_pass.cuh: 16% faster for Life on an H200). The run-time
// evaluator stays unskewed: skewed, it takes 254 of a thread's 255 registers, one change away from spilling.
template <int G, class Logic, bool Skew = !std::is_same_v<Logic, TableLifeLogic>>
constexpr PassKernel passKernel() {
    return {G, Skew, &launchPass<G, Skew, Logic>, &residentWarps<G, Skew, Logic>};
}

template <unsigned Birth, unsigned Survival>
constexpr PassKernel fixedKernel() {
    return passKernel<kGenerations, FixedLifeLogic<Birth, Survival>>();
}

struct FixedRule {
    LifeTable table;
    PassKernel kernel;
};

// Rules with their own compiled kernel (the presets among them); the table decides, so M1 spellings match too.
constexpr LifeTable kLife = lifeLikeTable("3", "23");
constexpr LifeTable kAnneal = lifeLikeTable("4678", "35678");
constexpr LifeTable kHighLife = lifeLikeTable("36", "23");
constexpr LifeTable kDayNight = lifeLikeTable("3678", "34678");
constexpr LifeTable kSeeds = lifeLikeTable("2", "");
constexpr FixedRule kFixedRules[] = {
    {kLife, fixedKernel<kLife.birth, kLife.survival>()},
    {kAnneal, fixedKernel<kAnneal.birth, kAnneal.survival>()},
    {kHighLife, fixedKernel<kHighLife.birth, kHighLife.survival>()},
    {kDayNight, fixedKernel<kDayNight.birth, kDayNight.survival>()},
    {kSeeds, fixedKernel<kSeeds.birth, kSeeds.survival>()},
};

// The run-time evaluator: the main pass for other tables and every shorter pass.
constexpr PassKernel kTableKernels[] = {
    passKernel<1, TableLifeLogic>(), passKernel<2, TableLifeLogic>(),  passKernel<4, TableLifeLogic>(),
    passKernel<8, TableLifeLogic>(), passKernel<16, TableLifeLogic>(),
};
static_assert(kGenerations == 16);

struct Pass {
    PassKernel kernel{};
    PassPlan plan{};
};

class BitLifeBackend final : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Device; }

    void load(ConstCellBuffer source) override {
        if (source.size != size()) throw Error("load: state has the wrong size");
        if (source.space == MemorySpace::Device) {
            packBits(source.data, current_.data(), geometry_, 0, geometry_.height);
        } else {
            forEachStagingBand(size(), [&](const StagingBand& band) {
                Cell* staged = staging_.get<Cell>(band.bytes);
                CATLAB_CUDA_CHECK(cudaMemcpy(staged, source.data + band.offset, band.bytes, cudaMemcpyHostToDevice));
                packBits(staged, current_.data(), geometry_, band.firstRow, band.rows);
            });
        }
        refreshBitHalo(current_.data(), geometry_);
    }

    void store(CellBuffer destination) const override {
        if (destination.size != size()) throw Error("store: state has the wrong size");
        if (destination.space == MemorySpace::Device) {
            unpackBits(current_.data(), destination.data, geometry_, 0, geometry_.height);
            return;
        }
        forEachStagingBand(size(), [&](const StagingBand& band) {
            Cell* staged = staging_.get<Cell>(band.bytes);
            unpackBits(current_.data(), staged, geometry_, band.firstRow, band.rows);
            CATLAB_CUDA_CHECK(cudaMemcpy(destination.data + band.offset, staged, band.bytes, cudaMemcpyDeviceToHost));
        });
    }

    void step(int generations) override {
        while (generations > 0) {
            const Pass& pass = generations >= kGenerations ? main_ : shorter(generations);
            pass.kernel.launch(current_.data(), next_.data(), geometry_, pass.plan, tableLogic_);
            refreshBitHalo(next_.data(), geometry_);
            std::swap(current_, next_);
            generations -= pass.kernel.generations;
        }
    }

    std::uint64_t population() const override { return countBits(current_.data(), geometry_); }

    void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) override {
        randomizeBits(current_.data(), geometry_, density, seed, firstRow);
        refreshBitHalo(current_.data(), geometry_);
    }

    void synchronize() override { CATLAB_CUDA_CHECK(cudaDeviceSynchronize()); }

    // The interior words of the padded rows; read-only, since the halo holds copies of wrapped cells.
    std::optional<StateView> stateView() override {
        const BitGeometry& g = geometry_;
        return StateView{.data = current_.data() + g.wordOf(0, 0),
                         .space = MemorySpace::Device,
                         .layout = StateLayout::Bits32,
                         .element = StateElement::U32,
                         .shape = {g.height, g.interiorWords()},
                         .strides = {g.pitchWords, 1},
                         .size = size(),
                         .writable = false};
    }

    // Whole padded rows (their side halos depend on the row alone); the rows above and below the torus
    // copy wrapped rows, so they are rebuilt after a copy.
    std::optional<RawRows> rawRows() override {
        const BitGeometry& g = geometry_;
        return RawRows{.planes = {reinterpret_cast<std::byte*>(current_.data() + g.rowStart(0))},
                       .rowBytes = std::size_t(g.pitchWords) * sizeof(BitWord),
                       .space = MemorySpace::Device};
    }
    void rawRowsWritten() override { refreshBitHalo(current_.data(), geometry_); }

    void exportView(const ViewWindow& window, ViewTarget target) const override {
        exportViewOnDevice(BitGridReader{current_.data(), geometry_}, window, target, visibleSize(), rule().states,
                           staging_);
    }
    void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const override {
        exportViewPartialsOnDevice(BitGridReader{current_.data(), geometry_}, m, rows, target, size(), staging_);
    }

    void writeCells(const CellRect& rect, std::span<const Cell> cells) override {
        writeCellsOnDevice(BitGridWriter{current_.data(), geometry_}, rect, cells, size(), rule().states, staging_);
        if (!cells.empty()) refreshBitHalo(current_.data(), geometry_);
    }

    void readCells(const CellRect& rect, std::span<Cell> cells) const override {
        readCellsOnDevice(BitGridReader{current_.data(), geometry_}, rect, cells, size(), staging_);
    }

    PatternSignature signature() const override {
        return signatureOnDevice(BitGridReader{current_.data(), geometry_}, size(), staging_);
    }

    void readRows(int firstRow, CellBuffer rows) const override {
        readRowsOnDevice(BitGridReader{current_.data(), geometry_}, firstRow, rows, size(), staging_);
    }

    void writeRows(int firstRow, ConstCellBuffer rows) override {
        writeRowsOnDevice(BitGridWriter{current_.data(), geometry_}, firstRow, rows, size(), staging_);
        if (rows.size.height > 0) refreshBitHalo(current_.data(), geometry_);
    }

    // A 16-generation pass reads the bit grid once and writes it once (the rows and words that
    // neighbouring warps both read, a few per cent, come from the L2 cache), so a generation moves
    // 2 bits / 16 per cell. Steps of fewer generations move more: one generation costs a whole pass.
    double bytesPerCellStep() const override { return 2.0 / 8.0 / kGenerations; }

    // Device bytes for a grid: two padded bit grids (the state and the next) and the band of bytes that
    // host loads and stores are staged through.
    static std::uint64_t memoryNeed(GridSize size) {
        return 2 * std::uint64_t(geometryFor(size).paddedWords()) * sizeof(BitWord) +
               std::uint64_t(stagingBandBytes(size));
    }

  protected:
    void prepare(const Rule& rule, GridSize size) override {
        tableLogic_ = TableLifeLogic::from(lifeTable(rule));
        const BitGeometry g = geometryFor(size);
        if (g.paddedWords() != current_.size()) {
            current_ = DeviceBuffer<BitWord>(); // free before allocating: the grid may fill the GPU
            next_ = DeviceBuffer<BitWord>();
            current_ = DeviceBuffer<BitWord>(g.paddedWords());
            next_ = DeviceBuffer<BitWord>(g.paddedWords());
        }
        // Words beyond the halo are read but never matter; keep them defined.
        CATLAB_CUDA_CHECK(cudaMemset(current_.data(), 0, current_.bytes()));
        CATLAB_CUDA_CHECK(cudaMemset(next_.data(), 0, next_.bytes()));
        geometry_ = g;

        const LifeTable table = lifeTable(rule);
        main_.kernel = kTableKernels[4];
        for (const FixedRule& fixed : kFixedRules)
            if (fixed.table == table) main_.kernel = fixed.kernel;
        main_.plan = planFor(main_.kernel);
        for (int i = 0; i < 4; ++i) shorter_[i] = {kTableKernels[i], planFor(kTableKernels[i])};
    }

  private:
    PassPlan planFor(const PassKernel& kernel) const {
        return planPass(geometry_, kernel.generations, kernel.skew, kernel.residentWarps());
    }

    // The longest shorter pass that fits in `generations` (< 16).
    const Pass& shorter(int generations) const {
        int i = 3;
        while ((1 << i) > generations) --i;
        return shorter_[i];
    }

    static BitGeometry geometryFor(GridSize size) {
        BitGeometry g;
        g.width = size.width;
        g.height = size.height;
        // Every strip's 32 lanes read a word: the last one reads up to two words past its written ones.
        g.pitchWords = (g.interiorWords() + kStripWords - 1) / kStripWords * kStripWords + 2;
        return g;
    }

    DeviceBuffer<BitWord> current_, next_;
    BitGeometry geometry_{};
    TableLifeLogic tableLogic_{};
    Pass main_{};
    Pass shorter_[4]{};             // 1, 2, 4 and 8 generations
    mutable DeviceStaging staging_; // view pixels, painted cells, bands of loaded and stored cells
};

std::optional<std::string> bitlifeUnsupported(const Rule& rule) {
    if (rule.radius != 1)
        return "bitlife computes radius 1 only (this rule has radius " + std::to_string(rule.radius) + ")";
    if (rule.states != 2)
        return "bitlife keeps one bit per cell: two states only (this rule has " + std::to_string(rule.states) + ")";
    // Any shape whose radius-1 cells are the 3x3 block, each weighing 1 (Moore, circular, star, hash).
    if (!isFixedShape(rule.neighbourhood) || rule.neighbourhood == Neighbourhood::Gaussian ||
        neighbourhoodCells(rule.neighbourhood, 1) != 9)
        return std::string("bitlife computes the 3x3 Moore block only (not the ") + toString(rule.neighbourhood) +
               " neighbourhood)";
    return std::nullopt;
}

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec bitlife() {
    return {
        .name = "bitlife",
        .memorySpace = MemorySpace::Device,
        .description = "CUDA: one bit per cell, bit-sliced counts, 16 generations per pass in registers (radius 1)",
        .rulesSummary = "radius 1, 2 states, the 3x3 block (any B/S rule, B0 and M1 included)",
        .unsupportedReason = cuda::bitlifeUnsupported,
        .create = makeBackend<cuda::BitLifeBackend>,
        .memoryNeed = [](const Rule&,
                         GridSize size) { return MemoryNeed{.deviceBytes = cuda::BitLifeBackend::memoryNeed(size)}; },
        .maxCells = kMaxWideGridCells};
}

} // namespace catlab::backends
