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

} // namespace

void drawMetricsSection(Lab& lab, PanelState& state) {
    const StepMetrics& m = lab.metrics;
    const auto now = std::chrono::steady_clock::now();
    if (!state.population || now - state.populationTime > std::chrono::milliseconds(250)) {
        state.population = lab.session.simulator().population();
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
    ImGui::TextDisabled("backend %s, timed with %s", lab.session.backendName().c_str(),
                        lab.session.simulator().stepTimerMethod());
}

} // namespace catlab::gui
