#pragma once

#include "catlab/backend_spec.hpp"
#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/named_registry.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace catlab::cloud {

// One way of running the cloud automaton. Each backend's file defines its spec (a function
// catlab::cloud::backends::<id>() returning it), and engine/src/cloud/cloud_backend_list.def names it.
struct CloudBackendSpec {
    std::string name;          // what users type (matched case-insensitively)
    MemorySpace memorySpace{}; // Device: needs a CUDA device
    std::string description;   // one line
    // An empty volume; throws catlab::Error for a bad size or parameters.
    std::unique_ptr<CloudSimulation> (*create)(CloudSize size, const CloudParams& params) = nullptr;
    // What a simulation of this size holds at most, host and device, every buffer and copy included (a
    // step, the density, cells(), new parameters); the registry refuses what the machine cannot hold.
    MemoryNeed (*memoryNeed)(CloudSize size) = nullptr;

    // Why the backend cannot run on this machine, or nullopt: device backends need a usable CUDA device.
    std::optional<std::string> unavailableReason() const;
};

// Every cloud backend built into this catlab, found by name; "auto" stands for the first device
// backend that runs here, else the first host one.
class CloudBackendRegistry : public NamedRegistry<CloudBackendSpec> {
  public:
    static const CloudBackendRegistry& instance();

    explicit CloudBackendRegistry(std::vector<CloudBackendSpec> specs)
        : NamedRegistry("cloud backend", std::move(specs)) {}

    // The spec a name (or "auto") stands for; throws catlab::Error for an unknown name.
    const CloudBackendSpec& resolve(std::string_view name) const;
    // An empty volume on that backend; throws catlab::Error when it is unknown, cannot run here, or needs
    // more memory than is free.
    std::unique_ptr<CloudSimulation> create(std::string_view name, CloudSize size, const CloudParams& params) const;
};

// Throws catlab::Error when `need` exceeds the free host or device memory (a device figure of nullopt:
// unknown, not checked), naming the backend, the volume and both figures.
void checkCloudMemoryNeed(const CloudBackendSpec& spec, CloudSize size, MemoryNeed need, std::uint64_t freeHostBytes,
                          std::optional<std::uint64_t> freeDeviceBytes);

} // namespace catlab::cloud
