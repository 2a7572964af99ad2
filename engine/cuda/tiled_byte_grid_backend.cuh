#pragma once
// Shared by `shared`, `coarse` and `mcell`: a byte grid stepped one tile per block, by the general
// kernel (any rule and radius: the halo tile streamed through dynamic shared memory in bands of whole
// rows or columns, halo_band.cuh) or, where fast_path.cuh applies, by the fast kernel compiled for the
// radius. A backend names its tiles and kernels in a struct; this class fits the band and launches.
#include "byte_grid_backend.cuh"
#include "fast_path.cuh"
#include "halo_band.cuh"
#include "tile_grid.cuh"

namespace catlab::cuda {

// (in, out, width, height, rule, band lines, table, table words)
using GeneralTileKernel = void(const Cell*, Cell*, int, int, DeviceRule, int, const unsigned*, int);
// (in, out, width, height, table, table words)
using FastTileKernel = void(const Cell*, Cell*, int, int, const unsigned*, int);

// The lines of the halo tile that the general kernel's bands are made of.
enum class BandLines { Rows, Columns };

// How a backend cuts the grid: a block of threads per tile of cells.
struct Tiling {
    const char* backend;    // names the backend in errors
    int threadsX, threadsY; // per block
    int width, height;      // cells per tile
    BandLines bandLines;
};

// `Tiles` supplies
//   static constexpr Tiling kTiling;
//   static GeneralTileKernel* general();
//   template <int R> static FastTileKernel* fast(); // R = 1..kMaxFastRadius
template <class Tiles>
class TiledByteGridBackend final : public ByteGridBackend {
    static constexpr Tiling kTiling = Tiles::kTiling;

    void prepareKernel() override {
        const DeviceRule& rule = deviceRule();
        const int r = rule.radius, reachX = deviceReachX(rule);
        const int rows = kTiling.height + 2 * r, columns = kTiling.width + 2 * reachX;
        const int tableBytes = int(sizeof(DeviceSpan)) * deviceSpanTableEntries(rule);
        band_ = kTiling.bandLines == BandLines::Rows
                    ? fitHaloBand(Tiles::general(), kTiling.backend, r, tableBytes, columns, rows)
                    : fitHaloBand(Tiles::general(), kTiling.backend, r, tableBytes, rows, columns);
    }

    void stepOnce(const Cell* in, Cell* out) override {
        const GridSize s = gridSize();
        const dim3 threads(kTiling.threadsX, kTiling.threadsY);
        const dim3 blocks = tileGridForRows(blocksFor(s.width, kTiling.width), s.height, kTiling.height);
        withFastRadius(deviceRule(), [&]<int R>() {
            if constexpr (R == 0)
                Tiles::general()<<<blocks, threads, band_.sharedBytes>>>(in, out, s.width, s.height, deviceRule(),
                                                                         band_.lines, table(), tableWords());
            else
                Tiles::template fast<R>()<<<blocks, threads>>>(in, out, s.width, s.height, table(), tableWords());
        });
        CATLAB_CUDA_CHECK_LAUNCH();
    }

    HaloBand band_; // the general kernel's, fitted to the rule's radius
};

} // namespace catlab::cuda
