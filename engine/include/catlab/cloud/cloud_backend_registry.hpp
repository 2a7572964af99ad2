#pragma once

#include "catlab/cloud/cloud_simulation.hpp"
#include "catlab/named_registry.hpp"

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
    // An empty volume on that backend; throws catlab::Error when it is unknown or cannot run here.
    std::unique_ptr<CloudSimulation> create(std::string_view name, CloudSize size, const CloudParams& params) const;
};

} // namespace catlab::cloud
