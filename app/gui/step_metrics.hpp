#pragma once

#include "gui/rank_metrics.hpp"

#include "catlab/nvml_power.hpp"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace catlab::gui {

// Exponential moving average; the first sample sets it.
class Ema {
  public:
    explicit Ema(double weight) : weight_(weight) {}
    void add(double sample) {
        value_ = has_ ? value_ + weight_ * (sample - value_) : sample;
        has_ = true;
    }
    void reset() { has_ = false; }
    std::optional<double> value() const { return has_ ? std::optional(value_) : std::nullopt; }

  private:
    double weight_;
    double value_ = 0;
    bool has_ = false;
};

// What the metrics panel shows: time per step (smoothed, with a history), throughput, population
// and GPU power. Fed once per frame that stepped.
class StepMetrics {
  public:
    static constexpr int kHistory = 240;

    StepMetrics();

    // `generations` were stepped on `backend` in `milliseconds` (timed by the session's StepTimer).
    void recordSteps(const std::string& backend, int generations, double milliseconds, double cellsPerGrid);
    // Forgets the smoothing (e.g. after a rule, size or backend change, when old times mean nothing).
    void restartSmoothing();
    // Call every frame: updates the wall-clock throughput once a second has passed.
    void tick();

    std::optional<double> msPerStep() const { return ema_.value(); }
    const std::vector<float>& history() const { return history_; } // ms per step, oldest first
    double stepsPerSecond() const { return stepsPerSecond_; }
    std::optional<double> cellUpdatesPerSecond() const;
    // The last smoothed ms/step of every backend that has run, by name.
    const std::map<std::string, double>& lastMsPerBackend() const { return lastByBackend_; }

    // GPU board power (NVML) and the energy per step it implies at the current ms/step.
    std::optional<double> watts() const { return watts_; }
    std::optional<double> joulesPerStep() const;
    const std::string& powerUnavailableReason() const;

    // Each rank's figures when the grid is distributed (empty otherwise); restartSmoothing() restarts theirs.
    RankMetrics& ranks() { return ranks_; }
    const RankMetrics& ranks() const { return ranks_; }

  private:
    Ema ema_{0.1};
    std::vector<float> history_;
    std::map<std::string, double> lastByBackend_;
    double cellsPerGrid_ = 0;

    using Clock = std::chrono::steady_clock;
    Clock::time_point windowStart_ = Clock::now();
    std::uint64_t stepsInWindow_ = 0;
    double stepsPerSecond_ = 0;

    std::unique_ptr<NvmlPower> nvml_;
    std::optional<double> watts_;
    RankMetrics ranks_;
    Clock::time_point lastPowerSample_{};
};

} // namespace catlab::gui
