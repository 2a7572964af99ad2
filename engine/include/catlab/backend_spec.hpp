#pragma once

#include "catlab/backend.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace catlab {

// Bytes a backend holds at most for a rule and a grid: its state and every buffer it allocates, staging
// included, from configure() through load, step, store and population.
struct MemoryNeed {
    std::uint64_t hostBytes = 0;
    std::uint64_t deviceBytes = 0;
};

// Everything catlab knows of one backend. Each backend's own file defines its spec (a function
// catlab::backends::<id>() returning it), and engine/src/backend_list.def names every spec once.
struct BackendSpec {
    std::string name;          // what users type (matched case-insensitively)
    MemorySpace memorySpace{}; // Device: needs a CUDA device
    std::string description;   // one line for `catlab backends` and the panel
    std::string rulesSummary;  // the rules it computes exactly, in a few words
    // Why the backend cannot compute this rule exactly, or nullopt when it can.
    std::optional<std::string> (*unsupportedReason)(const Rule& rule) = nullptr;
    // A new backend, configured by BackendRegistry::create before use.
    std::unique_ptr<Backend> (*create)() = nullptr;
    // What the backend will allocate for this rule and grid; the registry refuses, before allocating
    // anything, what the machine cannot hold.
    MemoryNeed (*memoryNeed)(const Rule& rule, GridSize size) = nullptr;
    // Computes every topology itself. The others compute tori, and the registry runs any other topology
    // on them inside an edge frame (edge_frame_backend.hpp).
    bool joinsEveryTopology = false;
    // Most cells of a grid the backend holds: beyond kMaxGridCells only where every index into its
    // state, on the host and on the device, is 64-bit.
    std::uint64_t maxCells = kMaxGridCells;
    // False for a CUDA backend left out of this build: its name is listed, but nothing about its rules
    // is known here.
    bool built = true;

    // Why the backend cannot run on this machine, or nullopt: device backends need a usable CUDA device.
    std::optional<std::string> unavailableReason() const;
};

// True when the registry runs this rule on the backend inside an edge frame.
bool needsEdgeFrame(const BackendSpec& spec, const Rule& rule);

// What the backend, with its edge frame when the rule needs one, will allocate for this rule and grid.
MemoryNeed memoryNeedFor(const BackendSpec& spec, const Rule& rule, GridSize size);

// BackendSpec::create for a backend class.
template <class B>
std::unique_ptr<Backend> makeBackend() {
    return std::make_unique<B>();
}

// BackendSpec::unsupportedReason of a backend that computes every rule.
inline std::optional<std::string> computesEveryRule(const Rule&) { return std::nullopt; }

} // namespace catlab
