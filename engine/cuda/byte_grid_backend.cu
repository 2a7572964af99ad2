#include "byte_grid_backend.cuh"
#include "cell_rect_access.cuh"
#include "pattern_signature.cuh"
#include "tile_grid.cuh"
#include "view_export.cuh"

#include "catlab/cell_storage.hpp"
#include "catlab/error.hpp"
#include "catlab/random.hpp"

namespace catlab::cuda {
namespace {

std::size_t cellCount(GridSize s) { return std::size_t(s.width) * std::size_t(s.height); }

void checkSize(GridSize expected, GridSize given, const char* what) {
    if (expected != given) throw Error(std::string(what) + ": state has the wrong size");
}

__global__ void fillRandomKernel(Cell* cells, int width, int height, std::uint64_t threshold, std::uint64_t seed,
                                 std::uint32_t firstRow) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= width) return;
    for (int y = blockIdx.y; y < height; y += gridDim.y) // grids may have more rows than gridDim.y allows
        cells[std::size_t(y) * width + x] =
            randomChance(threshold, seed, std::uint32_t(x), firstRow + std::uint32_t(y));
}

__global__ void countLiveKernel(const Cell* cells, std::size_t count, unsigned long long* total) {
    unsigned long long mine = 0;
    for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < count;
         i += std::size_t(gridDim.x) * blockDim.x)
        mine += cells[i] != 0; // every non-zero state, as Golly counts
    for (int offset = 16; offset > 0; offset /= 2) mine += __shfl_down_sync(0xffffffffu, mine, offset);
    if ((threadIdx.x & 31) == 0 && mine) atomicAdd(total, mine);
}

} // namespace

MemoryNeed byteGridMemoryNeed(const Rule& rule, GridSize size) {
    return {.deviceBytes = 2 * std::uint64_t(cellCount(size)) + transitionTableBytes(rule)};
}

void copyCellsToDevice(ConstCellBuffer source, Cell* device, GridSize size) {
    checkSize(size, source.size, "load");
    const cudaMemcpyKind kind = source.space == MemorySpace::Device ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice;
    CATLAB_CUDA_CHECK(cudaMemcpy(device, source.data, cellCount(size), kind));
}

void copyCellsFromDevice(const Cell* device, CellBuffer destination, GridSize size) {
    checkSize(size, destination.size, "store");
    const cudaMemcpyKind kind =
        destination.space == MemorySpace::Device ? cudaMemcpyDeviceToDevice : cudaMemcpyDeviceToHost;
    CATLAB_CUDA_CHECK(cudaMemcpy(destination.data, device, cellCount(size), kind));
}

void fillRandomOnDevice(Cell* device, GridSize size, double density, std::uint64_t seed, std::uint32_t firstRow) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    const unsigned threads = 256;
    fillRandomKernel<<<dim3(blocksFor(size.width, threads), std::min(unsigned(size.height), kMaxGridY)), threads>>>(
        device, size.width, size.height, probabilityThreshold(density), seed, firstRow);
    CATLAB_CUDA_CHECK_LAUNCH();
}

std::uint64_t countLiveOnDevice(const Cell* device, std::size_t count) {
    DeviceBuffer<unsigned long long> total(1);
    CATLAB_CUDA_CHECK(cudaMemset(total.data(), 0, sizeof(unsigned long long)));
    const unsigned threads = 256;
    const unsigned blocks = unsigned(std::min<std::size_t>(blocksFor(count, threads), 65536));
    countLiveKernel<<<blocks, threads>>>(device, count, total.data());
    CATLAB_CUDA_CHECK_LAUNCH();
    unsigned long long result = 0;
    CATLAB_CUDA_CHECK(cudaMemcpy(&result, total.data(), sizeof result, cudaMemcpyDeviceToHost));
    return result;
}

void ByteGridBackend::prepare(const Rule& rule, GridSize size) {
    if (size != gridSize_ || !current_.data()) {
        current_ = DeviceBuffer<Cell>(); // free before allocating: the grid may fill the GPU
        next_ = DeviceBuffer<Cell>();
        gridSize_ = {};
        current_ = DeviceBuffer<Cell>(cellCount(size));
        next_ = DeviceBuffer<Cell>(cellCount(size));
        gridSize_ = size;
    }
    prepareRule(rule);
    prepareKernel();
}

void ByteGridBackend::prepareRule(const Rule& rule) {
    deviceRule_ = makeDeviceRule(rule);
    const std::vector<unsigned> bits =
        transitionBits(deviceRule_, neighbourhoodCells(rule.neighbourhood, rule.radius), tableWords_);
    table_ = DeviceBuffer<unsigned>(bits.size());
    CATLAB_CUDA_CHECK(cudaMemcpy(table_.data(), bits.data(), bits.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
}

void ByteGridBackend::load(ConstCellBuffer source) { copyCellsToDevice(source, current_.data(), gridSize_); }

void ByteGridBackend::store(CellBuffer destination) const {
    copyCellsFromDevice(current_.data(), destination, gridSize_);
}

void ByteGridBackend::step(int generations) {
    for (int g = 0; g < generations; ++g) {
        stepOnce(current_.data(), next_.data());
        std::swap(current_, next_);
    }
}

std::uint64_t ByteGridBackend::population() const { return countLiveOnDevice(current_.data(), current_.size()); }

void ByteGridBackend::randomizeBand(double density, std::uint64_t seed, std::uint32_t firstRow) {
    fillRandomOnDevice(current_.data(), gridSize_, density, seed, firstRow);
}

void ByteGridBackend::synchronize() { CATLAB_CUDA_CHECK(cudaDeviceSynchronize()); }

void ByteGridBackend::exportView(const ViewWindow& window, ViewTarget target) const {
    exportViewOnDevice(ByteGridReader{current_.data(), gridSize_.width}, window, target, visibleSize(), rule().states,
                       staging_);
}

void ByteGridBackend::exportViewPartials(const ViewMapping& m, ViewRows rows, ViewPartialTarget target) const {
    exportViewPartialsOnDevice(ByteGridReader{current_.data(), gridSize_.width}, m, rows, target, gridSize_, staging_);
}

void ByteGridBackend::writeCells(const CellRect& rect, std::span<const Cell> cells) {
    writeCellsOnDevice(ByteGridWriter{current_.data(), gridSize_.width}, rect, cells, gridSize_, rule().states,
                       staging_);
}

std::optional<StateView> ByteGridBackend::stateView() {
    return cellsView(current_.data(), gridSize_, MemorySpace::Device, gridSize_.width, true);
}

PatternSignature ByteGridBackend::signature() const {
    return signatureOnDevice(ByteGridReader{current_.data(), gridSize_.width}, gridSize_, staging_);
}

void ByteGridBackend::readCells(const CellRect& rect, std::span<Cell> cells) const {
    readCellsOnDevice(ByteGridReader{current_.data(), gridSize_.width}, rect, cells, gridSize_, staging_);
}

// Rows are contiguous in this layout: one copy each way.
void ByteGridBackend::readRows(int firstRow, CellBuffer rows) const {
    checkRowAccess("readRows", firstRow, rows.size, gridSize_);
    copyRows(rows.data, std::size_t(rows.size.width), rows.space,
             current_.data() + std::size_t(firstRow) * std::size_t(gridSize_.width), std::size_t(gridSize_.width),
             MemorySpace::Device, std::size_t(rows.size.width), std::size_t(rows.size.height));
}

void ByteGridBackend::writeRows(int firstRow, ConstCellBuffer rows) {
    checkRowAccess("writeRows", firstRow, rows.size, gridSize_);
    copyRows(current_.data() + std::size_t(firstRow) * std::size_t(gridSize_.width), std::size_t(gridSize_.width),
             MemorySpace::Device, rows.data, std::size_t(rows.size.width), rows.space, std::size_t(rows.size.width),
             std::size_t(rows.size.height));
}

} // namespace catlab::cuda
