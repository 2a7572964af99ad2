// `boxsum`: neighbour counts from running sums, O(1) per cell at any radius (boxsum_plan.hpp picks the
// kernel: bit-plane Moore up to radius 16, per-cell mid Moore beyond (byte column sums to 127), bit-plane von
// Neumann, bit-plane lines for the cross, saltire, star and hash, bit-plane checkerboards up to radius 16
// and per-cell ones to 254). Cells live in bit planes (bit_planes.cuh): one bit per cell with two states.
#include "bit_runs.cuh"
#include "boxsum_launch.hpp"
#include "boxsum_tuning_text.hpp"
#include "byte_grid_backend.cuh"
#include "catlab/backend_spec.hpp"
#include "cell_rect_access.cuh"
#include "device_rule.cuh"
#include "pattern_signature.cuh"
#include "staging_bands.hpp"
#include "view_export.cuh"

#include "catlab/error.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace catlab::cuda {
namespace {

struct BitGridReader {
    BitGrid g;
    __device__ unsigned operator()(int x, int y) const { return cellState(g, x, y); }
    __host__ __device__ bool hasBitRows() const { return g.statePlanes == 0; }
    __device__ const unsigned* bitRow(int y) const { return g.alive + g.rowOffset(y); }

    // The view's sums a word of 32 cells at a time. With state planes, state 1 is plane 0 alone; a
    // decaying state s >= 2 weighs states - s, so the run's decay sum is (states - 1) * live +
    // states * decaying - (the sum of the decaying states), each a popcount per plane.
    __device__ ViewRowSums rowSums(int x, int count, int y, unsigned states) const {
        if (g.statePlanes == 0) return twoStateRunSums(g.alive + g.rowOffset(y), x, count);
        const std::size_t row = g.rowOffset(y);
        ViewRowSums sums;
        unsigned decaying = 0, decayingStates = 0;
        forEachRunWord(x, count, [&](int w, unsigned mask) {
            unsigned plane[kMaxStatePlanes];
            unsigned any = 0, high = 0;
            for (int k = 0; k < g.statePlanes; ++k) {
                plane[k] = intrinsics::loadReadOnly(g.statePlane(k) + row + w) & mask;
                any |= plane[k];
                if (k > 0) high |= plane[k];
            }
            const unsigned one = plane[0] & ~high;
            const unsigned rest = any & ~one;
            sums.live += __popc(one);
            sums.nonzero += __popc(any);
            decaying += __popc(rest);
            for (int k = 0; k < g.statePlanes; ++k) decayingStates += unsigned(__popc(plane[k] & rest)) << k;
        });
        sums.decay = (states - 1) * sums.live + states * decaying - decayingStates;
        return sums;
    }
};
static_assert(ViewRowSummer<BitGridReader> && BitRowReader<BitGridReader>,
              "the view export counts boxsum's planes a word at a time");

// Neighbouring threads write bits of the same word: atomics.
struct BitGridWriter {
    BitGrid g;
    __device__ void operator()(int x, int y, Cell state) const {
        const std::size_t at = g.rowOffset(y) + std::size_t(x >> 5);
        const unsigned bit = 1u << (x & 31);
        if (state == 1)
            atomicOr(g.alive + at, bit);
        else
            atomicAnd(g.alive + at, ~bit);
        for (int k = 0; k < g.statePlanes; ++k) {
            if ((state >> k) & 1)
                atomicOr(g.statePlane(k) + at, bit);
            else
                atomicAnd(g.statePlane(k) + at, ~bit);
        }
    }
};

class BoxsumBackend final : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Device; }

    // Host cells travel in bands of rows (staging_bands.hpp): a band of a distributed grid may be too
    // large to stage at a byte per cell.
    void load(ConstCellBuffer source) override {
        if (source.size != size()) throw Error("load: state has the wrong size");
        const BitGrid g = grid(current_);
        if (source.space == MemorySpace::Device) return packOnDevice(g, source.data);
        forEachStagingBand(size(), [&](const StagingBand& band) {
            Cell* staged = staging_.get<Cell>(band.bytes);
            CATLAB_CUDA_CHECK(cudaMemcpy(staged, source.data + band.offset, band.bytes, cudaMemcpyHostToDevice));
            packRowsOnDevice(g, staged, band.firstRow, band.rows);
        });
        refreshHaloOnDevice(g);
    }

    void store(CellBuffer destination) const override {
        if (destination.size != size()) throw Error("store: destination has the wrong size");
        const BitGrid g = grid(current_);
        if (destination.space == MemorySpace::Device) return unpackOnDevice(g, destination.data);
        forEachStagingBand(size(), [&](const StagingBand& band) {
            Cell* staged = staging_.get<Cell>(band.bytes);
            unpackRowsOnDevice(g, staged, band.firstRow, band.rows);
            CATLAB_CUDA_CHECK(cudaMemcpy(destination.data + band.offset, staged, band.bytes, cudaMemcpyDeviceToHost));
        });
    }

    void step(int generations) override {
        for (int g = 0; g < generations; ++g) {
            StepArgs args = args_;
            args.in = grid(current_);
            args.out = grid(1 - current_);
            launchBoxsumStep(plan_, args);
            refreshHaloOnDevice(args.out);
            current_ = 1 - current_;
        }
    }

    std::uint64_t population() const override { return countAliveOnDevice(grid(current_)); }

    void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) override {
        randomizeOnDevice(grid(current_), density, seed, firstRow);
    }

    void synchronize() override { CATLAB_CUDA_CHECK(cudaDeviceSynchronize()); }

    void exportView(const ViewWindow& window, ViewTarget target) const override {
        exportViewOnDevice(BitGridReader{grid(current_)}, window, target, visibleSize(), rule().states, staging_);
    }
    void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const override {
        exportViewPartialsOnDevice(BitGridReader{grid(current_)}, m, rows, target, size(), staging_);
    }

    // The halo holds copies of wrapped cells, so it is refreshed after painting.
    void writeCells(const CellRect& rect, std::span<const Cell> cells) override {
        writeCellsOnDevice(BitGridWriter{grid(current_)}, rect, cells, size(), rule().states, staging_);
        if (!cells.empty()) refreshHaloOnDevice(grid(current_));
    }

    void readCells(const CellRect& rect, std::span<Cell> cells) const override {
        readCellsOnDevice(BitGridReader{grid(current_)}, rect, cells, size(), staging_);
    }

    PatternSignature signature() const override {
        return signatureOnDevice(BitGridReader{grid(current_)}, size(), staging_);
    }

    // The alive plane, then the state planes, planeWords() apart; read-only (halo words, and the alive
    // plane repeats what the state planes say).
    std::optional<StateView> stateView() override {
        const BitGrid g = grid(current_);
        return StateView{.data = g.alive + g.halo,
                         .space = MemorySpace::Device,
                         .layout = StateLayout::BitPlanes32,
                         .element = StateElement::U32,
                         .shape = {1 + g.statePlanes, g.height, g.words},
                         .strides = {std::int64_t(g.planeWords()), g.pitch, 1},
                         .size = size(),
                         .writable = false};
    }

    void readRows(int firstRow, CellBuffer rows) const override {
        readRowsOnDevice(BitGridReader{grid(current_)}, firstRow, rows, size(), staging_);
    }

    void writeRows(int firstRow, ConstCellBuffer rows) override {
        writeRowsOnDevice(BitGridWriter{grid(current_)}, firstRow, rows, size(), staging_);
        if (rows.size.height > 0) refreshHaloOnDevice(grid(current_));
    }

    // Each plane's rows are pitch words, the halo words beside them copies of that row's wrapped cells.
    std::optional<RawRows> rawRows() override { return rowsOf(grid(current_)); }

    bool stepsRowRanges() const override { return true; }

    // A plan per range height (a rank steps the same few ranges every generation); the halo words of
    // the computed rows are refreshed at once, so that they can be sent.
    void stepRows(int firstRow, int rows) override {
        if (firstRow < 0 || rows < 0 || firstRow + rows > shape_.height)
            throw Error("stepRows: rows " + std::to_string(firstRow) + " .. " + std::to_string(firstRow + rows - 1) +
                        " are outside the grid's " + std::to_string(shape_.height));
        if (rows == 0) return;
        auto plan = rangePlans_.find(rows);
        if (plan == rangePlans_.end()) plan = rangePlans_.emplace(rows, planFor(rule(), shape_, rows)).first;
        StepArgs args = stepArgs(plan->second, rule(), grid(current_), grid(1 - current_));
        args.rowBegin = firstRow;
        args.rowEnd = firstRow + rows;
        launchBoxsumStep(plan->second, args);
        refreshHaloOnDevice(args.out, firstRow, rows);
    }
    std::optional<RawRows> nextRawRows() override { return rowsOf(grid(1 - current_)); }
    void finishStep() override { current_ = 1 - current_; }

    std::string kernelName() const override { return cuda::kernelName(plan_); }

    // Each step reads and writes every bit plane once.
    double bytesPerCellStep() const override { return 2.0 * (1 + shape_.statePlanes) / 8.0; }

  protected:
    void prepare(const Rule& rule, GridSize size) override {
        const BitGrid shape = bitGridShape(size, rule.radius, rule.states, tuning().oddPitchMultiple);
        const std::size_t words = std::size_t(1 + shape.statePlanes) * shape.planeWords();
        if (words != buffers_[0].size() || shape.pitch != shape_.pitch || shape.height != shape_.height) {
            for (auto& b : buffers_) b = DeviceBuffer<unsigned>(); // free first: the grid may fill the GPU
            shape_ = {};
            for (auto& b : buffers_) b = DeviceBuffer<unsigned>(words);
        }
        shape_ = shape;
        current_ = 0;
        plan_ = planFor(rule, shape_, 0);
        rangePlans_.clear();
        args_ = stepArgs(plan_, rule, shape_, shape_);
    }

  private:
    // The plan for `rows` rows of the grid (0: all), shaped for this device.
    static BoxsumPlan planFor(const Rule& rule, const BitGrid& shape, int rows) {
        int device = 0, multiprocessors = 1;
        CATLAB_CUDA_CHECK(cudaGetDevice(&device));
        CATLAB_CUDA_CHECK(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
        const BoxsumDevice gpu{multiprocessors,
                               [&](const BoxsumPlan& p) { return boxsumResidentBlocks(p, rule.radius); }};
        const BoxsumPlan plan = planBoxsum(rule, shape, gpu, tuning(), rows);
        if (std::getenv("CATLAB_BOXSUM_PLAN") != nullptr)
            std::fprintf(stderr, "boxsum plan: %s, %d resident a multiprocessor\n", describePlan(plan).c_str(),
                         gpu.residentBlocks(plan));
        return plan;
    }

    // The measured defaults, or CATLAB_BOXSUM_TUNING's settings (benchmark sweeps; boxsum_tuning_text.hpp).
    static BoxsumTuning tuning() {
        const char* text = std::getenv("CATLAB_BOXSUM_TUNING");
        return text && *text ? parseBoxsumTuning(text) : BoxsumTuning{};
    }

    static RawRows rowsOf(const BitGrid& g) {
        RawRows rows{.planes = {}, .rowBytes = std::size_t(g.pitch) * sizeof(unsigned), .space = MemorySpace::Device};
        for (int p = 0; p <= g.statePlanes; ++p)
            rows.planes.push_back(reinterpret_cast<std::byte*>(g.alive + std::size_t(p) * g.planeWords()));
        return rows;
    }

    BitGrid grid(int i) const {
        BitGrid g = shape_;
        g.alive = const_cast<unsigned*>(buffers_[i].data()); // kernels that only read take it too
        g.state = g.statePlanes ? g.alive + g.planeWords() : nullptr;
        return g;
    }

    DeviceBuffer<unsigned> buffers_[2];
    int current_ = 0;
    BitGrid shape_{};
    BoxsumPlan plan_{};
    std::map<int, BoxsumPlan> rangePlans_; // by the height of a range of rows
    StepArgs args_{};
    mutable DeviceStaging staging_; // bytes for load and store, view pixels, painted cells
};

std::optional<std::string> boxsumUnsupported(const Rule& rule) {
    const Neighbourhood n = rule.neighbourhood;
    if (n != Neighbourhood::Moore && n != Neighbourhood::VonNeumann && !smallLinesShapeFor(n) && !isCheckerboard(n))
        return std::string("boxsum sums Moore boxes, von Neumann diamonds, the lines of the cross, saltire, "
                           "star, hash, tripod and asterisk along rows, columns and diagonals, and checkerboards; "
                           "it has no kernel for the ") +
               toString(n) + " neighbourhood";
    if (isCheckerboard(n) && rule.radius > kMaxMidCheckerboardRadius)
        return std::string("boxsum's ") + toString(n) + " kernel keeps each colour's column sums, at most r + 1 " +
               "cells, in bytes (radius up to " + std::to_string(kMaxMidCheckerboardRadius) + "); radius " +
               std::to_string(rule.radius) + " is beyond it";
    return deviceCountSetsUnsupported(rule);
}

} // namespace

} // namespace catlab::cuda

namespace catlab::backends {

BackendSpec boxsum() {
    return {.name = "boxsum",
            .memorySpace = MemorySpace::Device,
            .description = "CUDA: running box, line and diagonal sums over 1-bit cell planes",
            .rulesSummary = "radius 1..500: Moore, von Neumann, cross, saltire, star and hash; radius 1..254: "
                            "checkerboards; radius 1..8: tripod and asterisk; any states (up to 16 count "
                            "intervals per set)",
            .unsupportedReason = cuda::boxsumUnsupported,
            .create = makeBackend<cuda::BoxsumBackend>,
            .memoryNeed =
                [](const Rule& rule, GridSize size) {
                    // Two sets of bit planes (the state and the next), and the band of bytes that host
                    // loads and stores are staged through on the device; rows at their longest, whatever the
                    // tuning.
                    const cuda::BitGrid shape =
                        cuda::bitGridShape(size, rule.radius, rule.states, cuda::kEveryRowPadded);
                    const std::uint64_t words = std::uint64_t(1 + shape.statePlanes) * shape.planeWords();
                    return MemoryNeed{.deviceBytes =
                                          2 * words * sizeof(unsigned) + std::uint64_t(cuda::stagingBandBytes(size))};
                },
            .maxCells = kMaxWideGridCells};
}

} // namespace catlab::backends
