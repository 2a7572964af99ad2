// The Population section: the plot over generations with its zoom and exports, and Identify.
#include "gui/panel_sections.hpp"
#include "gui/population_actions.hpp"
#include "gui/population_plot.hpp"
#include "gui/selection_actions.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <string>

namespace catlab::gui {
namespace {

struct Zoom {
    const char* label;
    std::optional<std::uint64_t> generations; // nullopt: all of them
};
constexpr std::array<Zoom, 4> kZooms = {
    {{"all", std::nullopt}, {"last 100", 100}, {"last 1000", 1000}, {"last 10000", 10000}}};

void drawPlot(Lab& lab, PanelState& state) {
    ImGui::SetNextItemWidth(120);
    std::array<const char*, kZooms.size()> labels{};
    for (std::size_t i = 0; i < kZooms.size(); ++i) labels[i] = kZooms[i].label;
    ImGui::Combo("generations shown", &state.populationZoom, labels.data(), int(labels.size()));
    state.populationZoom = std::clamp(state.populationZoom, 0, int(kZooms.size()) - 1);
    const auto shown =
        lastGenerations(lab.populationHistory.samples(), kZooms[std::size_t(state.populationZoom)].generations);
    if (shown.empty()) return;
    const float width = std::max(ImGui::GetContentRegionAvail().x, 16.0f);
    const std::vector<float> values = plotValues(shown, int(width));
    const auto [least, most] = std::minmax_element(values.begin(), values.end());
    const std::string overlay =
        "generations " + std::to_string(shown.front().generation) + ".." + std::to_string(shown.back().generation);
    ImGui::PlotLines("##population", values.data(), int(values.size()), 0, overlay.c_str(), 0.0f, std::max(*most, 1.0f),
                     ImVec2(-1, 90));
    ImGui::TextDisabled("population %.0f..%.0f over %zu samples (one a frame)", double(*least), double(*most),
                        shown.size());
}

} // namespace

void drawPopulationSection(Lab& lab, PanelState& state) {
    drawPlot(lab, state);
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##populationCsv", &state.populationCsvPath);
    if (ImGui::Button("Export CSV"))
        tryAction(lab, "wrote " + state.populationCsvPath, [&] { exportPopulationCsv(lab, state.populationCsvPath); });
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##populationPng", &state.populationPngPath);
    if (ImGui::Button("Export PNG"))
        tryAction(lab, "wrote " + state.populationPngPath, [&] { exportPopulationPng(lab, state.populationPngPath); });

    ImGui::Separator();
    ImGui::SetNextItemWidth(120);
    ImGui::InputInt("generations at most", &state.identifyGenerations, 100, 1000);
    state.identifyGenerations = std::clamp(state.identifyGenerations, 1, 100'000'000);
    ImGui::Checkbox("only the cells at x, y, w, h", &state.identifyRegionOnly);
    if (state.identifyRegionOnly) ImGui::InputInt4("##identifyRegion", state.identifyRegion);
    if (ImGui::Button("Identify")) {
        std::optional<CellRect> region = selectedCells(lab); // the selection alone, when there is one
        if (state.identifyRegionOnly)
            region = CellRect{state.identifyRegion[0], state.identifyRegion[1], state.identifyRegion[2],
                              state.identifyRegion[3]};
        std::string summary; // identifyPattern's status line, which tryAction would overwrite
        tryAction(lab, "identify", [&] {
            identifyPattern(lab, state.identifyGenerations, region);
            summary = lab.status;
        });
        if (!lab.statusIsError) lab.status = summary;
    }
    ImGui::SameLine();
    ImGui::TextDisabled(selectedCells(lab) && !state.identifyRegionOnly ? "(on a copy of the selection alone)"
                                                                        : "(on a copy of the grid)");
    if (!lab.identifyReport.empty()) ImGui::TextUnformatted(lab.identifyReport.c_str());
}

} // namespace catlab::gui
