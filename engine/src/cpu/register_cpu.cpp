#include "catlab/backend_registry.hpp"
#include "cpu_naive.hpp"

namespace catlab {

void registerCpuBackends(BackendRegistry& registry) {
    auto everywhere = [] { return std::optional<std::string>(); };
    auto anyRule = [](const Rule&) { return std::optional<std::string>(); };
    registry.add({"cpu-naive", "direct neighbourhood count on the CPU: the reference every backend must match",
                  "any rule", MemorySpace::Host, [] { return std::make_unique<CpuNaiveBackend>(); }, everywhere,
                  anyRule});
}

} // namespace catlab
