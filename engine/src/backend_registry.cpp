#include "catlab/backend_registry.hpp"

#include "catlab/cuda_device.hpp"

namespace catlab {
namespace backends {

#define CATLAB_HOST_BACKEND(id) BackendSpec id();
#ifdef CATLAB_HAVE_CUDA
#define CATLAB_DEVICE_BACKEND(id) BackendSpec id();
#else
#define CATLAB_DEVICE_BACKEND(id)
#endif
#include "backend_list.def"
#undef CATLAB_HOST_BACKEND
#undef CATLAB_DEVICE_BACKEND

namespace {

// Without CUDA a device backend is listed by its name, never available.
[[maybe_unused]] BackendSpec notBuilt(const char* name) {
    return {.name = name,
            .memorySpace = MemorySpace::Device,
            .description = "CUDA backend, not in this build",
            .rulesSummary = "-",
            .unsupportedReason = computesEveryRule,
            .create = []() -> std::unique_ptr<Backend> { throw Error(*cudaUnavailableReason()); }};
}

// With CUDA a device backend's spec must carry the name builds without CUDA list it by.
[[maybe_unused]] BackendSpec named(std::string_view id, BackendSpec spec) {
    if (spec.name != id)
        throw Error("backend list: the spec of '" + std::string(id) + "' is named '" + spec.name + "'");
    return spec;
}

std::vector<BackendSpec> builtIn() {
    std::vector<BackendSpec> specs;
#define CATLAB_HOST_BACKEND(id) specs.push_back(id());
#ifdef CATLAB_HAVE_CUDA
#define CATLAB_DEVICE_BACKEND(id) specs.push_back(named(#id, id()));
#else
#define CATLAB_DEVICE_BACKEND(id) specs.push_back(notBuilt(#id));
#endif
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
