#include "gui/step_metrics.hpp"

#include "catlab/cuda_device.hpp"

namespace catlab::gui {

StepMetrics::StepMetrics() : nvml_(std::make_unique<NvmlPower>(cudaDevicePciBusId())) {}

void StepMetrics::recordSteps(const std::string& backend, int generations, double milliseconds, double cellsPerGrid) {
    if (generations <= 0) return;
    const double perStep = milliseconds / generations;
    ema_.add(perStep);
    lastByBackend_[backend] = *ema_.value();
    if (int(history_.size()) == kHistory) history_.erase(history_.begin());
    history_.push_back(float(perStep));
    cellsPerGrid_ = cellsPerGrid;
    stepsInWindow_ += std::uint64_t(generations);
}

void StepMetrics::restartSmoothing() {
    ema_.reset();
    ranks_.restartSmoothing();
}

void StepMetrics::tick() {
    const auto now = Clock::now();
    const double seconds = std::chrono::duration<double>(now - windowStart_).count();
    if (seconds >= 1.0) {
        stepsPerSecond_ = double(stepsInWindow_) / seconds;
        stepsInWindow_ = 0;
        windowStart_ = now;
    }
    // NVML queries cost a little; a few samples a second are plenty for a readout.
    if (nvml_->available() && now - lastPowerSample_ >= std::chrono::milliseconds(250)) {
        watts_ = nvml_->powerWatts();
        lastPowerSample_ = now;
    }
}

std::optional<double> StepMetrics::cellUpdatesPerSecond() const {
    const auto ms = ema_.value();
    if (!ms || *ms <= 0) return std::nullopt;
    return cellsPerGrid_ * 1e3 / *ms;
}

std::optional<double> StepMetrics::joulesPerStep() const {
    const auto ms = ema_.value();
    if (!watts_ || !ms) return std::nullopt;
    return *watts_ * *ms * 1e-3;
}

const std::string& StepMetrics::powerUnavailableReason() const { return nvml_->unavailableReason(); }

} // namespace catlab::gui
