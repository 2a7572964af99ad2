#pragma once

#include "session/distributed_grid_session.hpp"

#include "catlab/nvml_power.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catlab::gui {

// The metrics panel's figures for each rank of a distributed grid: its smoothed milliseconds per step
// (stepping its band and exchanging halos) and its GPU's board power from NVML, one device per rank,
// or why there is no power figure.
class RankMetrics {
  public:
    struct Rank {
        std::string device; // "GPU 1", or "CPU" for a threads rank
        std::optional<double> msPerStep;
        std::optional<double> watts;
        std::string powerUnavailableReason; // when watts is empty
    };

    // Call every frame with the session's ranks (nullptr for one grid): follows their number and devices
    // and samples power a few times a second.
    void tick(const DistributedGridSession* grid);
    // The ranks stepped `generations` in their lastStepMs.
    void recordSteps(const std::vector<RankInfo>& ranks, int generations);
    void restartSmoothing();

    const std::vector<Rank>& ranks() const { return ranks_; }

  private:
    struct Meter {
        double smoothed = 0;
        bool has = false;
        std::unique_ptr<NvmlPower> nvml; // GPU ranks only
    };
    void follow(const std::vector<RankInfo>& ranks);

    std::vector<Rank> ranks_;
    std::vector<Meter> meters_;
    std::vector<std::string> devices_; // the PCI bus ids followed, by rank
    std::chrono::steady_clock::time_point lastPowerSample_{};
};

} // namespace catlab::gui
