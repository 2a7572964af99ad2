#include "catlab/backend.hpp"

namespace catlab {

void Backend::randomize(double density, std::uint64_t seed) {
    Grid grid(size());
    fillRandom(grid, density, seed);
    load(hostBuffer(grid));
}

} // namespace catlab
