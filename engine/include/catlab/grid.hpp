#pragma once

#include "catlab/rule.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace catlab {

using Cell = std::uint8_t;

// Largest side of any grid.
inline constexpr int kMaxGridSide = 1 << 20;
// Most cells of a grid held whole in one place: a host Grid, and a backend's state unless the backend
// allows more (BackendSpec::maxCells). Memory is checked separately, where it is allocated.
inline constexpr std::uint64_t kMaxGridCells = std::uint64_t(1) << 36;
// Most cells of any grid, every side within kMaxGridSide: a grid cut into bands over several ranks (each
// band within its backend's limit), or one on a backend whose indexing is 64-bit throughout (the
// bit-plane backends, whose word offsets pass 2^32 from 2^37 cells on). Memory is the limit that binds.
inline constexpr std::uint64_t kMaxWideGridCells = std::uint64_t(kMaxGridSide) * std::uint64_t(kMaxGridSide);

// A toroidal W x H grid of cell states (0 dead, 1 alive, 2.. decaying), row-major, one byte per cell.
class Grid {
  public:
    Grid() = default;
    // Throws catlab::Error when the size is invalid (checkHostGridSize) or does not fit in host memory.
    explicit Grid(GridSize size);

    GridSize size() const { return size_; }
    int width() const { return size_.width; }
    int height() const { return size_.height; }
    std::size_t cellCount() const { return cells_.size(); }

    Cell& at(int x, int y) { return cells_[index(x, y)]; }
    Cell at(int x, int y) const { return cells_[index(x, y)]; }
    // Coordinates wrap around the torus.
    Cell wrappedAt(long long x, long long y) const;

    std::span<Cell> cells() { return cells_; }
    std::span<const Cell> cells() const { return cells_; }
    Cell* row(int y) { return cells_.data() + std::size_t(y) * std::size_t(size_.width); }
    const Cell* row(int y) const { return cells_.data() + std::size_t(y) * std::size_t(size_.width); }

    std::uint64_t population() const; // cells in any non-zero state, as Golly counts them
    void clear();

    friend bool operator==(const Grid&, const Grid&) = default;

  private:
    std::size_t index(int x, int y) const { return std::size_t(y) * std::size_t(size_.width) + std::size_t(x); }

    GridSize size_{};
    std::vector<Cell> cells_;
};

// Throws catlab::Error naming the problem when a grid of this size is impossible for the rule (side
// below 2r+1, beyond kMaxGridSide) or has more than `maxCells` cells. Memory is not looked at: where the
// cells live (host, GPU, several ranks) is for the code that allocates them to check.
void checkGridSize(GridSize size, const Rule* rule = nullptr, std::uint64_t maxCells = kMaxGridCells);

// checkGridSize() for a whole grid in host memory (a Grid), and whether the free host memory holds it.
void checkHostGridSize(GridSize size);

// "68719476736 (2^36)": a cell limit as errors name it.
std::string cellLimitText(std::uint64_t cells);

// Each cell alive (state 1) with probability `density`, from randomBits(seed, x, y): identical on every backend.
// With `firstRow`, row y draws as row firstRow + y (mod 2^32) of a taller grid would (a band of a distributed grid).
void fillRandom(Grid& grid, double density, std::uint64_t seed, std::uint32_t firstRow = 0);

// Index of the first differing cell, or -1 when equal (sizes must match).
long long firstDifference(const Grid& a, const Grid& b);

} // namespace catlab
