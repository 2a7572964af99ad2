#pragma once
// Shared by `pack` and `cat`: the state lives in a padded device layout (row pitch or fragment grid
// rounded up) with a halo of wrapped cells around the W x H torus, so the step kernels never wrap.
// Cell (x, y) sits at padded (left + x, top + y); every other padded cell is a halo cell holding a
// copy of the interior cell it wraps to, refreshed after each step. Padding is never counted: it is
// only ever read as the neighbour it stands for.
#include "byte_grid_backend.cuh"
#include "cell_rect_access.cuh"
#include "fast_path.cuh" // wrapIndex
#include "pattern_signature.cuh"
#include "tile_grid.cuh" // kMaxGridY
#include "view_export.cuh"

#include "catlab/error.hpp"

#include <vector>

namespace catlab::cuda {

struct PaddedGeometry {
    int width = 0, height = 0;             // the torus
    int left = 0, top = 0;                 // padded position of cell (0, 0)
    int paddedWidth = 0, paddedHeight = 0; // cells
};

// Byte offset of padded (px, py): plain rows of `pitch` bytes.
struct RowMajorLayout {
    int pitch;
    __device__ std::size_t operator()(int px, int py) const { return std::size_t(py) * pitch + px; }
};

// Byte offset of padded (px, py): 16x16 fragments stored contiguously, fragments row-major.
struct FragmentLayout {
    int fragmentsPerRow;
    __device__ std::size_t operator()(int px, int py) const {
        const std::size_t fragment = std::size_t(py >> 4) * fragmentsPerRow + (px >> 4);
        return fragment * 256 + (py & 15) * 16 + (px & 15);
    }
};

// Row-wise kernels walk rows with a grid-stride loop over gridDim.y (rowsGrid): a grid may have more
// rows than a launch grid is high.
inline unsigned rowsGrid(int rows) { return unsigned(std::min(rows, int(kMaxGridY))); }

template <class Layout>
__global__ void packCellsKernel(const Cell* __restrict__ canonical, Cell* __restrict__ padded, PaddedGeometry g,
                                Layout layout) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= g.width) return;
    for (int y = blockIdx.y; y < g.height; y += gridDim.y)
        padded[layout(g.left + x, g.top + y)] = canonical[std::size_t(y) * g.width + x];
}

template <class Layout>
__global__ void unpackCellsKernel(const Cell* __restrict__ padded, Cell* __restrict__ canonical, PaddedGeometry g,
                                  Layout layout) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= g.width) return;
    for (int y = blockIdx.y; y < g.height; y += gridDim.y)
        canonical[std::size_t(y) * g.width + x] = padded[layout(g.left + x, g.top + y)];
}

// Halo columns of the interior rows: index i < left is column i, the rest follow the interior.
template <class Layout>
__global__ void sideHaloKernel(Cell* cells, PaddedGeometry g, Layout layout) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= g.paddedWidth - g.width) return;
    const int px = i < g.left ? i : i + g.width;
    for (int py = g.top + blockIdx.y; py < g.top + g.height; py += gridDim.y)
        cells[layout(px, py)] = cells[layout(g.left + wrapIndex(px - g.left, g.width), py)];
}

// Whole halo rows above and below the interior; they read interior cells only, as the side halos do,
// so the two kernels are independent.
template <class Layout>
__global__ void rowHaloKernel(Cell* cells, PaddedGeometry g, Layout layout) {
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    if (px >= g.paddedWidth) return;
    const int sx = g.left + wrapIndex(px - g.left, g.width);
    for (int j = blockIdx.y; j < g.paddedHeight - g.height; j += gridDim.y) {
        const int py = j < g.top ? j : j + g.height;
        const int sy = g.top + wrapIndex(py - g.top, g.height);
        cells[layout(px, py)] = cells[layout(sx, sy)];
    }
}

// Interior cell (x, y) of a padded state, for the view export and painting.
template <class Layout>
struct PaddedGridReader {
    const Cell* cells;
    PaddedGeometry g;
    Layout layout;
    __device__ unsigned operator()(int x, int y) const { return __ldg(cells + layout(g.left + x, g.top + y)); }
};

template <class Layout>
struct PaddedGridWriter {
    Cell* cells;
    PaddedGeometry g;
    Layout layout;
    __device__ void operator()(int x, int y, Cell state) const { cells[layout(g.left + x, g.top + y)] = state; }
};

// The interior of a padded state as a StateView: rows of `pitch` bytes (pack), read-only since the
// halo holds copies of wrapped cells.
inline StateView paddedStateView(Cell* cells, const PaddedGeometry& g, RowMajorLayout layout) {
    return cellsView(cells + std::size_t(g.top) * layout.pitch + g.left, {g.width, g.height}, MemorySpace::Device,
                     layout.pitch, false);
}

// 16x16 fragments (cat): the interior starts at a fragment corner, so it is a 4D strided view.
inline StateView paddedStateView(Cell* cells, const PaddedGeometry& g, FragmentLayout layout) {
    if (g.left % 16 != 0 || g.top % 16 != 0) throw Error("fragment layout: the interior does not start on a fragment");
    const std::int64_t rowOfFragments = std::int64_t(layout.fragmentsPerRow) * 256;
    Cell* origin = cells + std::size_t(g.top / 16) * std::size_t(rowOfFragments) + std::size_t(g.left / 16) * 256;
    return {.data = origin,
            .space = MemorySpace::Device,
            .layout = StateLayout::Tiles16,
            .element = StateElement::U8,
            .shape = {(g.height + 15) / 16, 16, (g.width + 15) / 16, 16},
            .strides = {rowOfFragments, 16, 256, 1},
            .size = {g.width, g.height},
            .writable = false};
}

// Double-buffered padded state; a subclass picks the geometry and layout and supplies one generation.
template <class Layout>
class PaddedGridBackend : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Device; }

    // What prepare() would allocate for a rule and grid (call on a backend not yet configured): two
    // padded states, the canonical scratch and the transition table.
    MemoryNeed memoryNeedFor(const Rule& rule, GridSize size) {
        PaddedGeometry g;
        Layout layout{};
        choose(rule, size, g, layout);
        const std::uint64_t padded = std::uint64_t(g.paddedWidth) * std::uint64_t(g.paddedHeight);
        const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
        return {.deviceBytes = 2 * padded + cells + transitionTableBytes(rule)};
    }

    void load(ConstCellBuffer source) override {
        if (source.space == MemorySpace::Device) {
            if (source.size != gridSize()) throw Error("load: state has the wrong size");
            pack(source.data); // straight from the other device buffer
        } else {
            copyCellsToDevice(source, scratch_.data(), gridSize());
            pack(scratch_.data());
        }
    }

    void store(CellBuffer destination) const override {
        if (destination.space == MemorySpace::Device) {
            if (destination.size != gridSize()) throw Error("store: state has the wrong size");
            unpack(destination.data);
        } else {
            unpack(scratch_.data());
            copyCellsFromDevice(scratch_.data(), destination, gridSize());
        }
    }

    void step(int generations) override {
        for (int g = 0; g < generations; ++g) {
            stepOnce(current_.data(), next_.data());
            refreshHalo(next_.data());
            std::swap(current_, next_);
        }
    }

    std::uint64_t population() const override {
        unpack(scratch_.data());
        return countLiveOnDevice(scratch_.data(), scratch_.size());
    }

    void randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) override {
        fillRandomOnDevice(scratch_.data(), gridSize(), density, seed, firstRow);
        pack(scratch_.data());
    }

    void synchronize() override { CATLAB_CUDA_CHECK(cudaDeviceSynchronize()); }

    void exportView(const ViewWindow& window, ViewTarget target) const override {
        exportViewOnDevice(PaddedGridReader<Layout>{current_.data(), geometry_, layout_}, window, target, visibleSize(),
                           rule().states, staging_);
    }
    void exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const override {
        exportViewPartialsOnDevice(PaddedGridReader<Layout>{current_.data(), geometry_, layout_}, m, rows, target,
                                   size(), staging_);
    }

    // The halo copies wrapped cells, so it is refreshed after painting (its cost grows with the
    // perimeter, not the area).
    void writeCells(const CellRect& rect, std::span<const Cell> cells) override {
        writeCellsOnDevice(PaddedGridWriter<Layout>{current_.data(), geometry_, layout_}, rect, cells, gridSize(),
                           rule().states, staging_);
        if (!cells.empty()) refreshHalo(current_.data());
    }

    void readCells(const CellRect& rect, std::span<Cell> cells) const override {
        readCellsOnDevice(PaddedGridReader<Layout>{current_.data(), geometry_, layout_}, rect, cells, gridSize(),
                          staging_);
    }

    PatternSignature signature() const override {
        return signatureOnDevice(PaddedGridReader<Layout>{current_.data(), geometry_, layout_}, gridSize(), staging_);
    }

    std::optional<StateView> stateView() override { return paddedStateView(current_.data(), geometry_, layout_); }

    void readRows(int firstRow, CellBuffer rows) const override {
        readRowsOnDevice(PaddedGridReader<Layout>{current_.data(), geometry_, layout_}, firstRow, rows, gridSize(),
                         staging_);
    }

    void writeRows(int firstRow, ConstCellBuffer rows) override {
        writeRowsOnDevice(PaddedGridWriter<Layout>{current_.data(), geometry_, layout_}, firstRow, rows, gridSize(),
                          staging_);
        if (rows.size.height > 0) refreshHalo(current_.data());
    }

  protected:
    // The padded geometry and layout for a grid; called by prepare().
    virtual void choose(const Rule& rule, GridSize size, PaddedGeometry& geometry, Layout& layout) = 0;
    virtual void stepOnce(const Cell* in, Cell* out) = 0;

    void prepare(const Rule& rule, GridSize size) override {
        deviceRule_ = makeDeviceRule(rule);
        PaddedGeometry g;
        Layout layout{};
        choose(rule, size, g, layout);
        const std::size_t padded = std::size_t(g.paddedWidth) * g.paddedHeight;
        if (padded != current_.size() || std::size_t(size.width) * size.height != scratch_.size()) {
            current_ = DeviceBuffer<Cell>(); // free before allocating: the grid may fill the GPU
            next_ = DeviceBuffer<Cell>();
            scratch_ = DeviceBuffer<Cell>();
            current_ = DeviceBuffer<Cell>(padded);
            next_ = DeviceBuffer<Cell>(padded);
            scratch_ = DeviceBuffer<Cell>(std::size_t(size.width) * size.height);
        }
        // Halo padding beyond what wrapping fills is never read, but keep it defined.
        CATLAB_CUDA_CHECK(cudaMemset(current_.data(), 0, padded));
        CATLAB_CUDA_CHECK(cudaMemset(next_.data(), 0, padded));
        geometry_ = g;
        layout_ = layout;
        const std::vector<unsigned> bits =
            transitionBits(deviceRule_, neighbourhoodCells(rule.neighbourhood, rule.radius), tableWords_);
        table_ = DeviceBuffer<unsigned>(bits.size());
        CATLAB_CUDA_CHECK(
            cudaMemcpy(table_.data(), bits.data(), bits.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    }

    // Birth words then survival words, tableWords() of each, for tableNextCell.
    const unsigned* table() const { return table_.data(); }
    int tableWords() const { return tableWords_; }

    const DeviceRule& deviceRule() const { return deviceRule_; }
    const PaddedGeometry& geometry() const { return geometry_; }
    const Layout& layout() const { return layout_; }

  private:
    GridSize gridSize() const { return {geometry_.width, geometry_.height}; }

    void pack(const Cell* canonical) {
        const unsigned threads = 256;
        packCellsKernel<<<dim3(blocksFor(geometry_.width, threads), rowsGrid(geometry_.height)), threads>>>(
            canonical, current_.data(), geometry_, layout_);
        CATLAB_CUDA_CHECK_LAUNCH();
        refreshHalo(current_.data());
    }

    void unpack(Cell* canonical) const {
        const unsigned threads = 256;
        unpackCellsKernel<<<dim3(blocksFor(geometry_.width, threads), rowsGrid(geometry_.height)), threads>>>(
            current_.data(), canonical, geometry_, layout_);
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    void refreshHalo(Cell* cells) const {
        const PaddedGeometry& g = geometry_;
        const unsigned threads = 128;
        sideHaloKernel<<<dim3(blocksFor(g.paddedWidth - g.width, threads), rowsGrid(g.height)), threads>>>(cells, g,
                                                                                                           layout_);
        CATLAB_CUDA_CHECK_LAUNCH();
        rowHaloKernel<<<dim3(blocksFor(g.paddedWidth, threads), rowsGrid(g.paddedHeight - g.height)), threads>>>(
            cells, g, layout_);
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    DeviceBuffer<Cell> current_, next_;
    mutable DeviceBuffer<Cell> scratch_; // canonical bytes for load/store/randomize/population
    DeviceRule deviceRule_{};
    DeviceBuffer<unsigned> table_;
    int tableWords_ = 0;
    PaddedGeometry geometry_{};
    Layout layout_{};
    mutable DeviceStaging staging_; // view pixels for host targets, painted cells
};

} // namespace catlab::cuda
