#pragma once

#include "catlab/backend_spec.hpp"
#include "catlab/named_registry.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

namespace catlab {

// Every backend built into this catlab (engine/src/backend_list.def), found by name.
class BackendRegistry : public NamedRegistry<BackendSpec> {
  public:
    static const BackendRegistry& instance();

    explicit BackendRegistry(std::vector<BackendSpec> specs) : NamedRegistry("backend", std::move(specs)) {}

    // A configured backend for the rule and size; throws catlab::Error saying why it cannot be had
    // (unknown, not available here, does not compute the rule exactly, grid too small or too large, or
    // more memory than is free, counting `alsoHeld`: what the caller holds beside it while it is made).
    std::unique_ptr<Backend> create(std::string_view name, const Rule& rule, GridSize size,
                                    MemoryNeed alsoHeld = {}) const;
};

// Throws catlab::Error, naming the backend, its limit and the grid, when the backend cannot hold a
// grid of this size (BackendSpec::maxCells; a side beyond kMaxGridSide).
void checkBackendCells(const BackendSpec& spec, GridSize size);

// Throws catlab::Error when `need` exceeds the free host or device memory (a device figure of nullopt:
// unknown, not checked), naming the backend, the rule, the grid and both figures.
void checkMemoryNeed(const BackendSpec& spec, const Rule& rule, GridSize size, MemoryNeed need,
                     std::uint64_t freeHostBytes, std::optional<std::uint64_t> freeDeviceBytes);

} // namespace catlab
