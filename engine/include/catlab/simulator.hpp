#pragma once

#include "catlab/backend.hpp"
#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/rule.hpp"
#include "catlab/view.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace catlab {

// Owns the state of one automaton and the backend that advances it. Switching backends (or rules)
// keeps the state: the next generation is the same whichever backend computes it. The backend name
// "auto" picks the fastest exact backend (chooseBackend) and picks again when the rule changes.
class Simulator {
  public:
    Simulator(const Rule& rule, const Grid& initial, const std::string& backend);
    // A random start, filled by the backend itself (on the device for GPU backends).
    Simulator(const Rule& rule, GridSize size, double density, std::uint64_t seed, const std::string& backend);

    void step(int generations = 1);
    void switchBackend(const std::string& name); // a registered name or "auto"
    void setRule(const Rule& rule);
    void load(const Grid& grid);

    Grid snapshot() const;

    // The visible window at screen resolution, into host or device memory (view.hpp defines the pixels).
    // Reads the backend's state in place: the grid is never copied.
    void exportView(const ViewWindow& window, ViewTarget target) const { backend_->exportView(window, target); }

    // Painting: overwrite the cells of a rectangle (coordinates wrap) from a row-major host buffer of
    // rect.width x rect.height cells, or read them; only those cells travel. Throws catlab::Error for a
    // rectangle larger than the grid, a buffer of the wrong length or a state the rule does not have.
    void writeCells(const CellRect& rect, std::span<const Cell> cells) { backend_->writeCells(rect, cells); }
    std::vector<Cell> readCells(const CellRect& rect) const;
    std::uint64_t population() const { return backend_->population(); }
    std::uint64_t generation() const { return generation_; }
    const Rule& rule() const { return rule_; }
    GridSize size() const { return size_; }
    const std::string& backendName() const { return backendName_; } // never "auto": the backend running
    bool autoBackend() const { return autoBackend_; }
    const std::string& backendReason() const { return backendReason_; } // why auto picked it, or empty
    Backend& backend() { return *backend_; }
    const Backend& backend() const { return *backend_; }

  private:
    Rule rule_;
    GridSize size_;
    std::string backendName_;
    std::unique_ptr<Backend> backend_;
    std::uint64_t generation_ = 0;
    bool autoBackend_ = false;
    std::string backendReason_;

    struct Pick; // a registered backend name, and whether and why "auto" chose it
    static Pick pick(const std::string& requested, const Rule& rule, GridSize size);
    void adopt(std::unique_ptr<Backend> backend, Pick pick);
};

} // namespace catlab
