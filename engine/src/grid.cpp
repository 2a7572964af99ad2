#include "catlab/grid.hpp"
#include "catlab/grid_size_text.hpp"

#include "catlab/error.hpp"
#include "catlab/host_memory.hpp"
#include "catlab/random.hpp"

#include <algorithm>
#include <bit>
#include <new>

namespace catlab {

std::string cellLimitText(std::uint64_t cells) {
    std::string text = std::to_string(cells);
    if (cells != 0 && (cells & (cells - 1)) == 0) text += " (2^" + std::to_string(std::countr_zero(cells)) + ")";
    return text;
}

void checkGridSize(GridSize size, const Rule* rule, std::uint64_t maxCells) {
    if (size.width < 1 || size.height < 1) throw Error("grid size " + formatGridSize(size) + " must be positive");
    if (size.width > kMaxGridSide || size.height > kMaxGridSide)
        throw Error("grid size " + formatGridSize(size) + " exceeds the largest side, " + std::to_string(kMaxGridSide));
    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
    if (cells > maxCells)
        throw Error("grid size " + formatGridSize(size) + " has " + std::to_string(cells) + " cells, more than " +
                    cellLimitText(maxCells));
    if (rule && rule->topology.kind != TopologyKind::Plane) { // a plane's edges join nothing: any size
        const int minSide = 2 * rule->radius + 1;
        if (size.width < minSide || size.height < minSide)
            throw Error("grid size " + formatGridSize(size) + " is too small for radius " +
                        std::to_string(rule->radius) + ": each side needs at least 2r+1 = " + std::to_string(minSide) +
                        " cells");
        // The triangular neighbourhood reaches 2r columns either side.
        const int minWidth = 4 * rule->radius + 1;
        if (rule->neighbourhood == Neighbourhood::Triangular && size.width < minWidth)
            throw Error("grid size " + formatGridSize(size) +
                        " is too narrow for the triangular neighbourhood of radius " + std::to_string(rule->radius) +
                        ": it needs at least 4r+1 = " + std::to_string(minWidth) + " columns");
    }
}

void checkHostGridSize(GridSize size) {
    checkGridSize(size);
    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
    const std::uint64_t available = availableHostBytes();
    if (cells > available)
        throw Error("grid size " + formatGridSize(size) + " needs " + std::to_string(cells >> 20) + " MiB but only " +
                    std::to_string(available >> 20) + " MiB of host memory is free");
}

Grid::Grid(GridSize size) : size_(size) {
    checkHostGridSize(size);
    try {
        cells_.assign(std::size_t(size.width) * std::size_t(size.height), Cell{0});
    } catch (const std::bad_alloc&) {
        throw Error("out of host memory allocating a " + formatGridSize(size) + " grid");
    }
}

Cell Grid::wrappedAt(long long x, long long y) const {
    const long long w = size_.width, h = size_.height;
    x %= w;
    y %= h;
    if (x < 0) x += w;
    if (y < 0) y += h;
    return at(int(x), int(y));
}

std::uint64_t Grid::population() const {
    return std::uint64_t(cells_.size()) - std::uint64_t(std::count(cells_.begin(), cells_.end(), Cell{0}));
}

void Grid::clear() { std::fill(cells_.begin(), cells_.end(), Cell{0}); }

void fillRandom(Grid& grid, double density, std::uint64_t seed, std::uint32_t firstRow) {
    if (!(density >= 0.0 && density <= 1.0)) throw Error("density " + std::to_string(density) + " is outside 0..1");
    const std::uint64_t threshold = probabilityThreshold(density);
    for (int y = 0; y < grid.height(); ++y) {
        Cell* row = grid.row(y);
        for (int x = 0; x < grid.width(); ++x)
            row[x] = randomChance(threshold, seed, std::uint32_t(x), firstRow + std::uint32_t(y));
    }
}

long long firstDifference(const Grid& a, const Grid& b) {
    if (a.size() != b.size()) throw Error("cannot compare grids of different sizes");
    auto [ia, ib] = std::mismatch(a.cells().begin(), a.cells().end(), b.cells().begin());
    return ia == a.cells().end() ? -1 : static_cast<long long>(ia - a.cells().begin());
}

} // namespace catlab
