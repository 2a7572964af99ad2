#pragma once
// The steppers behind the cpu backend: row-span running sums (cpu_fast.cpp) and any other shape
// (cpu_shape_stepper.cpp).

#include "cpu_fast.hpp"

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <cstdint>
#include <memory>

namespace catlab {

class CpuFastBackend::Stepper {
  public:
    virtual ~Stepper() = default;
    virtual void step(const Grid& from, Grid& to) = 0;
    // The state was replaced by other means than step(): what the stepper knows about it is stale.
    virtual void stateReplaced() = 0;
};

// Any neighbourhood, weighted or not, from its NeighbourhoodShape: each offset adds its weight times a
// shifted row of live cells to the row's counts, a loop the compiler vectorises. O(offsets) per cell.
std::unique_ptr<CpuFastBackend::Stepper> makeShapeStepper(const Rule& rule, GridSize size);
// What makeShapeStepper's stepper allocates.
std::uint64_t shapeStepperBytes(const Rule& rule, GridSize size);

} // namespace catlab
