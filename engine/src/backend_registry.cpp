#include "catlab/backend_registry.hpp"

#include "catlab/error.hpp"

#include <cctype>

namespace catlab {
namespace {

std::string key(std::string_view name) {
    std::string k(name);
    for (char& c : k) c = char(std::tolower(static_cast<unsigned char>(c)));
    return k;
}

} // namespace

BackendRegistry& BackendRegistry::instance() {
    static BackendRegistry registry = [] {
        BackendRegistry r;
        registerCpuBackends(r);
        registerCudaBackends(r);
        return r;
    }();
    return registry;
}

void BackendRegistry::add(BackendInfo info) {
    std::string k = key(info.name);
    if (byKey_.contains(k)) throw Error("backend '" + info.name + "' is registered twice");
    order_.push_back(k);
    byKey_.emplace(std::move(k), std::move(info));
}

bool BackendRegistry::contains(std::string_view name) const { return byKey_.contains(key(name)); }

const BackendInfo& BackendRegistry::find(std::string_view name) const {
    auto it = byKey_.find(key(name));
    if (it == byKey_.end()) throw Error("unknown backend '" + std::string(name) + "' (known: " + knownNames() + ")");
    return it->second;
}

std::vector<const BackendInfo*> BackendRegistry::all() const {
    std::vector<const BackendInfo*> out;
    for (const std::string& k : order_) out.push_back(&byKey_.at(k));
    return out;
}

std::string BackendRegistry::knownNames() const {
    std::string out;
    for (const std::string& k : order_) out += (out.empty() ? "" : ", ") + byKey_.at(k).name;
    return out;
}

std::unique_ptr<Backend> BackendRegistry::create(std::string_view name, const Rule& rule, GridSize size) const {
    const BackendInfo& info = find(name);
    if (auto why = info.unavailableReason()) throw Error("backend '" + info.name + "' is not available here: " + *why);
    if (auto why = info.unsupportedReason(rule))
        throw Error("backend '" + info.name + "' does not support rule " + rule.format() + ": " + *why);
    checkGridSize(size, &rule);
    std::unique_ptr<Backend> backend = info.create();
    backend->configure(rule, size);
    return backend;
}

} // namespace catlab
