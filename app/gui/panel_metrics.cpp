#include "gui/panel_sections.hpp"

#include <imgui.h>

#include <cstdio>

namespace catlab::gui {
namespace {

// "1.23e+09" style for large rates, "n/a" when there is no figure.
void row(const char* label, const char* text) {
    ImGui::TextUnformatted(label);
    ImGui::SameLine(150);
    ImGui::TextUnformatted(text);
}

std::string format(const char* pattern, std::optional<double> value) {
    if (!value) return "n/a";
    char text[64];
    std::snprintf(text, sizeof text, pattern, *value);
    return text;
}

// One line per rank of a distributed grid: where it runs, its ms/step and its GPU's power.
void drawRanks(const DistributedGridSession& grid, const RankMetrics& metrics) {
    ImGui::Separator();
    ImGui::TextDisabled("%d rank(s), %s transport", int(grid.ranks().size()), grid.transport().c_str());
    const auto& ranks = metrics.ranks();
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const RankMetrics::Rank& r = ranks[i];
        const std::string label = "rank " + std::to_string(i) + " " + r.device;
        row(label.c_str(), (format("%.3f ms/step", r.msPerStep) + ", " + format("%.1f W", r.watts)).c_str());
        if (!r.watts && !r.powerUnavailableReason.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextDisabled("power n/a: %s", r.powerUnavailableReason.c_str());
            ImGui::PopTextWrapPos();
        }
    }
}

} // namespace

void drawMetricsSection(Lab& lab, PanelState& state) {
    const StepMetrics& m = lab.metrics;
    const auto now = std::chrono::steady_clock::now();
    if (!state.population || now - state.populationTime > std::chrono::milliseconds(250)) {
        state.population = lab.session.population();
        state.populationTime = now;
    }
    row("ms/step", format("%.3f", m.msPerStep()).c_str());
    const auto& history = m.history();
    if (!history.empty())
        ImGui::PlotLines("##history", history.data(), int(history.size()), 0, "ms/step, last frames", 0.0f, FLT_MAX,
                         ImVec2(-1, 60));
    row("steps/s", format("%.1f", m.stepsPerSecond()).c_str());
    row("cell updates/s", format("%.3g", m.cellUpdatesPerSecond()).c_str());
    row("population", std::to_string(*state.population).c_str());
    row("GPU power", format("%.1f W", m.watts()).c_str());
    if (!m.watts() && ImGui::IsItemHovered() && !m.powerUnavailableReason().empty())
        ImGui::SetTooltip("%s", m.powerUnavailableReason().c_str());
    row("energy/step", format("%.4g J", m.joulesPerStep()).c_str());
    if (const DistributedGridSession* grid = lab.session.distributed()) drawRanks(*grid, m.ranks());
    ImGui::TextDisabled("backend %s, timed with %s", lab.session.backendName().c_str(), lab.session.stepTimerMethod());
}

} // namespace catlab::gui
