#pragma once

#include "session/simulation_session.hpp"

#include "catlab/population_csv.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace catlab::gui {

// The population of the 2D automaton over generations, for the panel's plot and its exports: a sample
// where each run of steps starts and where it ends (a frame that steps N generations records the last
// of them, not the ones between). A new grid, a loaded pattern or a reset starts it again; other edits
// at the same generation update its sample.
class PopulationHistory {
  public:
    // Beyond this many samples every other one is dropped, so a long run keeps its whole shape.
    static constexpr std::size_t kMaxSamples = std::size_t(1) << 20;

    void record(const SimulationSession& session);
    std::span<const PopulationSample> samples() const { return samples_; }

  private:
    std::vector<PopulationSample> samples_;
    std::uint64_t gridSerial_ = 0;
    std::uint64_t revision_ = 0;
};

} // namespace catlab::gui
