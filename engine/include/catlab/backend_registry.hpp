#pragma once

#include "catlab/backend_spec.hpp"
#include "catlab/named_registry.hpp"

#include <memory>
#include <string_view>

namespace catlab {

// Every backend built into this catlab (engine/src/backend_list.def), found by name.
class BackendRegistry : public NamedRegistry<BackendSpec> {
  public:
    static const BackendRegistry& instance();

    explicit BackendRegistry(std::vector<BackendSpec> specs) : NamedRegistry("backend", std::move(specs)) {}

    // A configured backend for the rule and size; throws catlab::Error saying why it cannot be had
    // (unknown, not available here, does not compute the rule exactly, grid too small or too large).
    std::unique_ptr<Backend> create(std::string_view name, const Rule& rule, GridSize size) const;
};

} // namespace catlab
