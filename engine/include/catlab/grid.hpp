#pragma once

#include "catlab/rule.hpp"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace catlab {

using Cell = std::uint8_t;

// Largest side and cell count catlab accepts; memory is checked separately.
inline constexpr int kMaxGridSide = 1 << 20;
inline constexpr std::uint64_t kMaxGridCells = std::uint64_t(1) << 36;

// A toroidal W x H grid of cell states (0 dead, 1 alive, 2.. decaying), row-major, one byte per cell.
class Grid {
  public:
    Grid() = default;
    // Throws catlab::Error when the size is invalid or does not fit in host memory.
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

// Throws catlab::Error naming the problem when a grid of this size is impossible for the rule
// (side below 2r+1, beyond kMaxGridSide) or cannot be held in host memory.
void checkGridSize(GridSize size, const Rule* rule = nullptr);

// Each cell alive (state 1) with probability `density`, from randomBits(seed, x, y): identical on every backend.
// With `firstRow`, row y draws as row firstRow + y (mod 2^32) of a taller grid would (a band of a distributed grid).
void fillRandom(Grid& grid, double density, std::uint64_t seed, std::uint32_t firstRow = 0);

// Index of the first differing cell, or -1 when equal (sizes must match).
long long firstDifference(const Grid& a, const Grid& b);

} // namespace catlab
