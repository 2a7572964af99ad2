#pragma once

#include "catlab/backend.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catlab {

struct BackendInfo {
    std::string name;
    std::string description;
    std::string rulesSummary; // which rules it computes, in a few words
    MemorySpace memorySpace = MemorySpace::Host;
    std::function<std::unique_ptr<Backend>()> create;
    // Why the backend cannot run on this machine, or nullopt when it can.
    std::function<std::optional<std::string>()> unavailableReason;
    // Why the backend cannot compute this rule exactly, or nullopt when it can.
    std::function<std::optional<std::string>(const Rule&)> unsupportedReason;
};

// Name -> backend factory. Names are case-insensitive; registering a name twice is an error.
class BackendRegistry {
  public:
    // The process-wide registry with every backend built into this binary.
    static BackendRegistry& instance();

    void add(BackendInfo info);

    // Throws catlab::Error listing the known names when `name` is unknown.
    const BackendInfo& find(std::string_view name) const;
    bool contains(std::string_view name) const;
    std::vector<const BackendInfo*> all() const; // in registration order
    std::string knownNames() const;              // "a, b, c"

    // A configured backend for the rule and size; throws catlab::Error saying why it cannot be had.
    std::unique_ptr<Backend> create(std::string_view name, const Rule& rule, GridSize size) const;

  private:
    std::map<std::string, BackendInfo> byKey_;
    std::vector<std::string> order_;
};

// Defined by the CPU and CUDA parts of the engine; called once by BackendRegistry::instance().
void registerCpuBackends(BackendRegistry& registry);
void registerCudaBackends(BackendRegistry& registry);

} // namespace catlab
