#include "catlab/backend_registry.hpp"

#include "catlab/cuda_device.hpp"
#include "spec_list.hpp"

namespace catlab {
namespace backends {

#define CATLAB_HOST_BACKEND(id) BackendSpec id();
#define CATLAB_DEVICE_BACKEND(id) CATLAB_IF_CUDA(BackendSpec id();)
#include "backend_list.def"
#undef CATLAB_HOST_BACKEND
#undef CATLAB_DEVICE_BACKEND

namespace {

[[maybe_unused]] BackendSpec notBuilt(const char* name) {
    return {.name = name,
            .memorySpace = MemorySpace::Device,
            .description = "CUDA backend, not in this build",
            .rulesSummary = "-",
            .unsupportedReason = computesEveryRule,
            .create = []() -> std::unique_ptr<Backend> { throw Error(*cudaUnavailableReason()); }};
}

std::vector<BackendSpec> builtIn() {
    std::vector<BackendSpec> specs;
#define CATLAB_HOST_BACKEND(id) specs.push_back(id());
#define CATLAB_DEVICE_BACKEND(id) specs.push_back(CATLAB_DEVICE_SPEC(id, notBuilt));
#include "backend_list.def"
#undef CATLAB_HOST_BACKEND
#undef CATLAB_DEVICE_BACKEND
    return specs;
}

} // namespace
} // namespace backends

std::optional<std::string> BackendSpec::unavailableReason() const {
    if (memorySpace == MemorySpace::Host) return std::nullopt;
    return cudaUnavailableReason();
}

const BackendRegistry& BackendRegistry::instance() {
    static const BackendRegistry registry(backends::builtIn());
    return registry;
}

std::unique_ptr<Backend> BackendRegistry::create(std::string_view name, const Rule& rule, GridSize size) const {
    const BackendSpec& spec = find(name);
    if (auto why = spec.unavailableReason()) throw Error("backend '" + spec.name + "' is not available here: " + *why);
    if (auto why = spec.unsupportedReason(rule))
        throw Error("backend '" + spec.name + "' does not support rule " + rule.format() + ": " + *why);
    checkGridSize(size, &rule);
    std::unique_ptr<Backend> backend = spec.create();
    backend->configure(rule, size);
    return backend;
}

} // namespace catlab
