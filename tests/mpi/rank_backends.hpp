#pragma once

#include "mpi/rank_environment.hpp"
#include "support/backend_names.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/cuda_device.hpp"
#include "catlab/rule.hpp"

#include <string>
#include <vector>

namespace catlab::testing {

// The backends the ranks run: the GPU backends for NCCL ranks, the CPU backends otherwise (and the GPU
// ones as well when this machine has a GPU), each only for rules it computes exactly; cpu-naive left out
// when it would be too slow.
inline std::vector<std::string> rankBackendsFor(const Rule& rule, bool skipNaive = false) {
    std::vector<std::string> names;
    const BackendRegistry& registry = BackendRegistry::instance();
    std::vector<std::string> candidates = ranksUseDevices() ? deviceBackendNames() : hostBackendNames();
    if (!ranksUseDevices() && !cudaUnavailableReason())
        for (const std::string& name : deviceBackendNames()) candidates.push_back(name);
    for (const std::string& name : candidates) {
        const BackendSpec& spec = registry.find(name);
        if (spec.unavailableReason() || spec.unsupportedReason(rule)) continue;
        if (skipNaive && name == "cpu-naive") continue;
        names.push_back(name);
    }
    return names;
}

} // namespace catlab::testing
