#include "catlab/backend_registry.hpp"
#include "cpu_fast.hpp"
#include "cpu_naive.hpp"

namespace catlab {

void registerCpuBackends(BackendRegistry& registry) {
    auto everywhere = [] { return std::optional<std::string>(); };
    auto anyRule = [](const Rule&) { return std::optional<std::string>(); };
    registry.add({"cpu-naive", "direct neighbourhood count on the CPU: the reference every backend must match",
                  "any rule", MemorySpace::Host, [] { return std::make_unique<CpuNaiveBackend>(); }, everywhere,
                  anyRule});
    registry.add({"cpu",
                  "running neighbourhood sums on the CPU, multi-threaded and vectorised: O(1) per cell for Moore and "
                  "von Neumann at any radius",
                  "any rule", MemorySpace::Host, [] { return std::make_unique<CpuFastBackend>(); }, everywhere,
                  anyRule});
}

} // namespace catlab
