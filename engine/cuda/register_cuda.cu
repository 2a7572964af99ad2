#include "catlab/backend_registry.hpp"
#include "catlab/gpu_backends.hpp"
#include "cuda_backends.hpp"
#include "cuda_check.hpp"

#include <cstring>

namespace catlab {

void registerCudaBackends(BackendRegistry& registry) {
    using namespace cuda;
    // Same order as kGpuBackendDescriptions.
    const CudaBackendFactory factories[] = {baseBackendFactory(),   sharedBackendFactory(), coarseBackendFactory(),
                                            mcellBackendFactory(),  packBackendFactory(),   catBackendFactory(),
                                            boxsumBackendFactory(), bitlifeBackendFactory()};
    static_assert(std::size(factories) == kGpuBackendDescriptions.size());
    for (size_t i = 0; i < kGpuBackendDescriptions.size(); ++i) {
        const CudaBackendFactory f = factories[i];
        registry.add({kGpuBackendDescriptions[i].name, kGpuBackendDescriptions[i].description, f.rulesSummary,
                      MemorySpace::Device, f.create,
                      []() -> std::optional<std::string> {
                          const char* why = cuda::unavailableReason();
                          return *why ? std::optional<std::string>(why) : std::nullopt;
                      },
                      f.unsupportedReason});
    }
}

} // namespace catlab
