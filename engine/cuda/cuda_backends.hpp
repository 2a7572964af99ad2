#pragma once

#include "catlab/backend.hpp"

#include <memory>
#include <optional>
#include <string>

namespace catlab::cuda {

// What each CUDA backend file provides to the registry (register_cuda.cu).
struct CudaBackendFactory {
    std::unique_ptr<Backend> (*create)();
    // Why the backend cannot compute a rule exactly, or nullopt.
    std::optional<std::string> (*unsupportedReason)(const Rule& rule);
    const char* rulesSummary;
};

CudaBackendFactory baseBackendFactory();
CudaBackendFactory sharedBackendFactory();
CudaBackendFactory coarseBackendFactory();
CudaBackendFactory mcellBackendFactory();
CudaBackendFactory packBackendFactory();
CudaBackendFactory catBackendFactory();
CudaBackendFactory boxsumBackendFactory();
CudaBackendFactory bitlifeBackendFactory();

} // namespace catlab::cuda
