#pragma once

#include "catlab/memory_space.hpp"
#include "catlab/rule.hpp"

#include <cstdint>
#include <vector>

namespace catlab {

// How a backend lays out its state in memory. For a view `v` of the shape and strides a StateView
// gives, cell (x, y) of the W x H torus is:
enum class StateLayout : std::uint8_t {
    // v[y, x], one byte per cell holding its state (cpu-naive, cpu, base, shared, coarse, mcell; pack
    // with its padded row pitch as the row stride).
    Cells,
    // v[y / 16, y % 16, x / 16, x % 16], one byte per cell in 16x16 tiles (cat); shape
    // (ceil(H / 16), 16, ceil(W / 16), 16). Cells past W or H in the last tiles are halo copies, not state.
    Tiles16,
    // (v[y, x / 32] >> (x % 32)) & 1, one bit per cell in 32-bit words, least significant bit first
    // (bitlife, two states only); shape (H, ceil(W / 32)). Bits past W are halo copies.
    Bits32,
    // Bit planes of 32-bit words, each addressed as Bits32: plane 0 holds whether a cell is alive (state
    // 1); with more than two states, planes 1..P hold the bits of the state, plane 1 + k bit k (boxsum);
    // shape (1 + P, H, ceil(W / 32)).
    BitPlanes32,
};

enum class StateElement : std::uint8_t { U8, U32 };

// A backend's current state in place: the memory the next step reads. It stays valid while the
// backend lives and keeps its rule and size; a step may swap it with the next-state buffer, so after
// one it may hold another generation.
struct StateView {
    void* data = nullptr; // element [0, 0, ...] of the view (not necessarily the start of an allocation)
    MemorySpace space = MemorySpace::Host;
    StateLayout layout = StateLayout::Cells;
    StateElement element = StateElement::U8;
    std::vector<std::int64_t> shape;
    std::vector<std::int64_t> strides; // in elements
    GridSize size{};                   // the torus
    // Whether writing states through the view is a valid change of state. Layouts with halo copies of
    // wrapped cells (or a separate alive plane) would go out of step, so they are read-only.
    bool writable = false;
};

const char* toString(StateLayout layout); // "cells", "tiles16", "bits32", "bitplanes32"
std::size_t elementBytes(StateElement element);

// A plain row-major byte-per-cell view of `cells` (W x H, rows `pitch` bytes apart).
StateView cellsView(void* cells, GridSize size, MemorySpace space, std::int64_t pitch, bool writable);

} // namespace catlab
