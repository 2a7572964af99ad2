#pragma once

#include "catlab/backend_registry.hpp"

#include <string>
#include <vector>

namespace catlab::testing {

// The registered backends that keep their state in this memory space, in registry order.
inline std::vector<std::string> backendNames(MemorySpace space) {
    std::vector<std::string> names;
    for (const BackendSpec& spec : BackendRegistry::instance().all())
        if (spec.memorySpace == space) names.push_back(spec.name);
    return names;
}

inline std::vector<std::string> deviceBackendNames() { return backendNames(MemorySpace::Device); }
inline std::vector<std::string> hostBackendNames() { return backendNames(MemorySpace::Host); }

} // namespace catlab::testing
