#pragma once
// Conversions between the engine's small types and the Python values the module uses for them.
#include "catlab/memory_space.hpp"
#include "catlab/rule.hpp"

#include <pybind11/pybind11.h>

#include <string>
#include <utility>

namespace catlab::python {

namespace py = pybind11;

// The fixed neighbourhood shapes by name: "moore", "vonneumann", "circular", "cross", ... (also "von-neumann",
// "von neumann"; any case). Throws catlab::Error.
Neighbourhood parseNeighbourhood(const std::string& name);
std::string neighbourhoodName(Neighbourhood n);

// "host" or "device".
const char* memorySpaceName(MemorySpace space);

// A grid size from (width, height) or one int for a square; throws catlab::Error for anything else.
GridSize gridSizeOf(const py::handle& size);
py::tuple sizeTuple(GridSize size);

} // namespace catlab::python
