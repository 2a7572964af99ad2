#pragma once
// Shared by the view export and painting tests.
#include "catlab/backend.hpp"
#include "catlab/backend_registry.hpp"
#include "catlab/error.hpp"
#include "catlab/random.hpp"
#include "support/backend_names.hpp"
#include "support/error_of.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace catlab::testing {

using testing::errorOf;

// Cells in random states 0..states-1, about half of them 0.
inline Grid randomGrid(GridSize size, int states, std::uint64_t seed) {
    Grid g(size);
    for (int y = 0; y < size.height; ++y)
        for (int x = 0; x < size.width; ++x) {
            const std::uint64_t bits = randomBits(seed, std::uint32_t(x), std::uint32_t(y));
            g.at(x, y) = (bits & 1) ? Cell(1 + (bits >> 8) % std::uint64_t(states - 1)) : Cell(0);
        }
    return g;
}

// A backend that only loads and stores: exportView, writeCells and readCells take Backend's defaults.
class StoreOnlyBackend final : public Backend {
  public:
    MemorySpace memorySpace() const override { return MemorySpace::Host; }
    void load(ConstCellBuffer source) override {
        ++loads;
        std::copy_n(source.data, grid_.cellCount(), grid_.cells().data());
    }
    void store(CellBuffer destination) const override {
        std::copy_n(grid_.cells().data(), grid_.cellCount(), destination.data);
    }
    void step(int) override {}
    std::uint64_t population() const override { return grid_.population(); }
    int loads = 0;

  protected:
    void prepare(const Rule&, GridSize size) override { grid_ = Grid(size); }

  private:
    Grid grid_;
};

using testing::hostBackendNames;

} // namespace catlab::testing
