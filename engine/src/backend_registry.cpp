#include "catlab/backend_registry.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/host_memory.hpp"
#include "edge_frame_backend.hpp"
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
            .create = []() -> std::unique_ptr<Backend> { throw Error(*cudaUnavailableReason()); },
            .memoryNeed = [](const Rule&, GridSize) { return MemoryNeed{}; },
            .built = false};
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

bool needsEdgeFrame(const BackendSpec& spec, const Rule& rule) {
    return !rule.topology.plainTorus() && !spec.joinsEveryTopology;
}

MemoryNeed memoryNeedFor(const BackendSpec& spec, const Rule& rule, GridSize size) {
    if (!needsEdgeFrame(spec, rule)) return spec.memoryNeed(rule, size);
    Rule torusRule = rule;
    torusRule.topology = Topology{};
    MemoryNeed need = spec.memoryNeed(torusRule, EdgeFrameBackend::framedSize(rule, size));
    need.hostBytes += EdgeFrameBackend::frameHostBytes(rule, size);
    return need;
}

const BackendRegistry& BackendRegistry::instance() {
    static const BackendRegistry registry(backends::builtIn());
    return registry;
}

void checkMemoryNeed(const BackendSpec& spec, const Rule& rule, GridSize size, MemoryNeed need,
                     std::uint64_t freeHostBytes, std::optional<std::uint64_t> freeDeviceBytes) {
    const auto refuse = [&](const char* memory, std::uint64_t needed, std::uint64_t free) {
        throw Error("backend '" + spec.name + "' needs " + gibibytesText(needed) + " of " + memory +
                    " memory for rule " + rule.format() + " on a " + formatGridSize(size) + " grid, but only " +
                    gibibytesText(free) + " is free");
    };
    if (need.hostBytes > freeHostBytes) refuse("host", need.hostBytes, freeHostBytes);
    if (freeDeviceBytes && need.deviceBytes > *freeDeviceBytes) refuse("GPU", need.deviceBytes, *freeDeviceBytes);
}

void checkBackendCells(const BackendSpec& spec, GridSize size) {
    checkGridSize(size, nullptr, kMaxWideGridCells);
    const std::uint64_t cells = std::uint64_t(size.width) * std::uint64_t(size.height);
    if (cells > spec.maxCells)
        throw Error("backend '" + spec.name + "' holds grids of up to " + cellLimitText(spec.maxCells) +
                    " cells; grid size " + formatGridSize(size) + " has " + std::to_string(cells) + ", more than that");
}

std::unique_ptr<Backend> BackendRegistry::create(std::string_view name, const Rule& rule, GridSize size,
                                                 MemoryNeed alsoHeld) const {
    const BackendSpec& spec = find(name);
    if (auto why = spec.unavailableReason()) throw Error("backend '" + spec.name + "' is not available here: " + *why);
    if (auto why = spec.unsupportedReason(rule))
        throw Error("backend '" + spec.name + "' does not support rule " + rule.format() + ": " + *why);
    checkGridSize(size, &rule, kMaxWideGridCells);
    const bool framed = needsEdgeFrame(spec, rule);
    if (!rule.topology.plainTorus()) validateTopology(rule.topology, size, neighbourhoodReach(rule));
    checkBackendCells(spec, framed ? EdgeFrameBackend::framedSize(rule, size) : size);
    MemoryNeed need = memoryNeedFor(spec, rule, size);
    need.hostBytes += alsoHeld.hostBytes;
    need.deviceBytes += alsoHeld.deviceBytes;
    checkMemoryNeed(spec, rule, size, need, availableHostBytes(),
                    spec.memorySpace == MemorySpace::Device ? cudaFreeDeviceBytes() : std::nullopt);
    std::unique_ptr<Backend> backend = spec.create();
    if (framed) backend = std::make_unique<EdgeFrameBackend>(std::move(backend));
    backend->configure(rule, size);
    return backend;
}

} // namespace catlab
