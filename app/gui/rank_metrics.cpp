#include "gui/rank_metrics.hpp"

namespace catlab::gui {
namespace {

constexpr double kSmoothing = 0.1; // as StepMetrics smooths the whole grid's ms/step

} // namespace

void RankMetrics::follow(const std::vector<RankInfo>& ranks) {
    std::vector<std::string> devices;
    for (const RankInfo& rank : ranks) devices.push_back(std::to_string(rank.gpu) + '/' + rank.pciBusId);
    if (devices == devices_) return;
    devices_ = devices;
    ranks_.assign(ranks.size(), {});
    meters_.clear();
    meters_.resize(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (ranks[i].gpu < 0) {
            ranks_[i].device = "CPU";
            ranks_[i].powerUnavailableReason = "a CPU rank (threads transport): NVML measures GPUs only";
            continue;
        }
        ranks_[i].device = "GPU " + std::to_string(ranks[i].gpu);
        meters_[i].nvml = std::make_unique<NvmlPower>(ranks[i].pciBusId);
        ranks_[i].powerUnavailableReason = meters_[i].nvml->unavailableReason();
    }
}

void RankMetrics::tick(const DistributedGridSession* grid) {
    if (!grid) {
        ranks_.clear();
        meters_.clear();
        devices_.clear();
        return;
    }
    follow(grid->ranks());
    // NVML queries cost a little; a few samples a second are plenty for a readout.
    const auto now = std::chrono::steady_clock::now();
    if (now - lastPowerSample_ < std::chrono::milliseconds(250)) return;
    lastPowerSample_ = now;
    for (std::size_t i = 0; i < meters_.size(); ++i)
        if (meters_[i].nvml && meters_[i].nvml->available()) ranks_[i].watts = meters_[i].nvml->powerWatts();
}

void RankMetrics::recordSteps(const std::vector<RankInfo>& ranks, int generations) {
    if (generations <= 0) return;
    follow(ranks);
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const double perStep = ranks[i].lastStepMs / generations;
        Meter& m = meters_[i];
        m.smoothed = m.has ? m.smoothed + kSmoothing * (perStep - m.smoothed) : perStep;
        m.has = true;
        ranks_[i].msPerStep = m.smoothed;
    }
}

void RankMetrics::restartSmoothing() {
    for (Meter& m : meters_) m.has = false;
}

} // namespace catlab::gui
