#include "gui/lab_actions.hpp"
#include "gui/panel_sections.hpp"

#include "catlab/backend_registry.hpp"

#include <imgui.h>

#include <map>
#include <optional>

namespace catlab::gui {
namespace {

// Whether each backend runs on this machine does not change while catlab runs; asked once.
const std::optional<std::string>& unavailableReason(const BackendSpec& spec) {
    static std::map<std::string, std::optional<std::string>> cache;
    auto it = cache.find(spec.name);
    if (it == cache.end()) it = cache.emplace(spec.name, spec.unavailableReason()).first;
    return it->second;
}

} // namespace

void drawBackendSection(Lab& lab) {
    const Rule& rule = lab.session.rule();
    const auto& lastMs = lab.metrics.lastMsPerBackend();
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("backends", 3, flags)) return;
    ImGui::TableSetupColumn("backend");
    ImGui::TableSetupColumn("here / this rule");
    ImGui::TableSetupColumn("ms/step");
    ImGui::TableHeadersRow();
    for (const BackendSpec& spec : BackendRegistry::instance().all()) {
        const auto& unavailable = unavailableReason(spec);
        const auto unsupported = unavailable ? std::nullopt : spec.unsupportedReason(rule);
        const bool usable = !unavailable && !unsupported;
        const bool current = spec.name == lab.session.backendName();

        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::BeginDisabled(!usable);
        const std::string label = spec.name + (spec.memorySpace == MemorySpace::Device ? "  (GPU)" : "  (CPU)");
        if (ImGui::Selectable(label.c_str(), current, ImGuiSelectableFlags_SpanAllColumns) && !current)
            tryAction(lab, "backend: " + spec.name, [&] { switchBackend(lab, spec.name); });
        ImGui::EndDisabled();
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("%s\n%s", spec.description.c_str(), spec.rulesSummary.c_str());

        ImGui::TableNextColumn();
        if (unavailable)
            ImGui::TextDisabled("not here");
        else if (unsupported)
            ImGui::TextDisabled("not this rule");
        else
            ImGui::TextUnformatted(current ? "running" : "ready");
        if ((unavailable || unsupported) && ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", (unavailable ? *unavailable : *unsupported).c_str());

        ImGui::TableNextColumn();
        if (const auto ms = lastMs.find(spec.name); ms != lastMs.end())
            ImGui::Text("%.3f", ms->second);
        else
            ImGui::TextDisabled("-");
    }
    ImGui::EndTable();
}

} // namespace catlab::gui
