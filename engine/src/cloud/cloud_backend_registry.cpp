#include "catlab/cloud/cloud_backend_registry.hpp"

#include "catlab/cuda_device.hpp"
#include "catlab/host_memory.hpp"
#include "spec_list.hpp"

namespace catlab::cloud {
namespace backends {

#define CATLAB_HOST_BACKEND(id) CloudBackendSpec id();
#define CATLAB_DEVICE_BACKEND(id) CATLAB_IF_CUDA(CloudBackendSpec id();)
#include "cloud_backend_list.def"
#undef CATLAB_HOST_BACKEND
#undef CATLAB_DEVICE_BACKEND

namespace {

[[maybe_unused]] CloudBackendSpec notBuilt(const char* name) {
    return {.name = name,
            .memorySpace = MemorySpace::Device,
            .description = "CUDA cloud backend, not in this build",
            .create = [](CloudSize, const CloudParams&) -> std::unique_ptr<CloudSimulation> {
                throw Error(*cudaUnavailableReason());
            },
            .memoryNeed = [](CloudSize) { return MemoryNeed{}; }};
}

std::vector<CloudBackendSpec> builtIn() {
    std::vector<CloudBackendSpec> specs;
#define CATLAB_HOST_BACKEND(id) specs.push_back(id());
#define CATLAB_DEVICE_BACKEND(id) specs.push_back(CATLAB_DEVICE_SPEC(id, notBuilt));
#include "cloud_backend_list.def"
#undef CATLAB_HOST_BACKEND
#undef CATLAB_DEVICE_BACKEND
    return specs;
}

} // namespace
} // namespace backends

std::optional<std::string> CloudBackendSpec::unavailableReason() const {
    if (memorySpace == MemorySpace::Host) return std::nullopt;
    return cudaUnavailableReason();
}

const CloudBackendRegistry& CloudBackendRegistry::instance() {
    static const CloudBackendRegistry registry(backends::builtIn());
    return registry;
}

const CloudBackendSpec& CloudBackendRegistry::resolve(std::string_view name) const {
    if (!sameName(name, "auto")) return find(name, "auto");
    for (MemorySpace space : {MemorySpace::Device, MemorySpace::Host})
        for (const CloudBackendSpec& spec : all())
            if (spec.memorySpace == space && !spec.unavailableReason()) return spec;
    throw Error("no cloud backend runs here");
}

std::unique_ptr<CloudSimulation> CloudBackendRegistry::create(std::string_view name, CloudSize size,
                                                              const CloudParams& params) const {
    const CloudBackendSpec& spec = resolve(name);
    if (auto why = spec.unavailableReason()) throw Error("cloud backend " + spec.name + ": " + *why);
    checkCloudSize(size);
    checkCloudMemoryNeed(spec, size, spec.memoryNeed(size), availableHostBytes(),
                         spec.memorySpace == MemorySpace::Device ? cudaFreeDeviceBytes() : std::nullopt);
    return spec.create(size, params);
}

void checkCloudMemoryNeed(const CloudBackendSpec& spec, CloudSize size, MemoryNeed need, std::uint64_t freeHostBytes,
                          std::optional<std::uint64_t> freeDeviceBytes) {
    const auto refuse = [&](const char* memory, std::uint64_t needed, std::uint64_t free) {
        throw Error("cloud backend '" + spec.name + "' needs " + gibibytesText(needed) + " of " + memory +
                    " memory for a " + sizeText(size) + " volume, but only " + gibibytesText(free) + " is free");
    };
    if (need.hostBytes > freeHostBytes) refuse("host", need.hostBytes, freeHostBytes);
    if (freeDeviceBytes && need.deviceBytes > *freeDeviceBytes) refuse("GPU", need.deviceBytes, *freeDeviceBytes);
}

} // namespace catlab::cloud
