#include "gui/lab_actions.hpp"
#include "gui/panel_sections.hpp"

#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/presets.hpp"
#include "catlab/rule_scaling.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>

namespace catlab::gui {
namespace {

bool containsIgnoringCase(const std::string& text, const std::string& part) {
    const auto it = std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
        return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
    });
    return it != text.end();
}

bool matches(const Preset& preset, const std::string& search) {
    return search.empty() || containsIgnoringCase(preset.name, search) || containsIgnoringCase(preset.id, search) ||
           containsIgnoringCase(preset.note, search) || containsIgnoringCase(preset.rule.format(), search);
}

void drawPresets(Lab& lab, PanelState& state) {
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##search", "search presets (name, rule, note)", &state.ruleSearch);
    if (!ImGui::BeginListBox("##presets", ImVec2(-1, 7 * ImGui::GetTextLineHeightWithSpacing()))) return;
    for (const Preset& preset : presets()) {
        if (!matches(preset, state.ruleSearch)) continue;
        const bool selected = lab.session.ruleName() == preset.name;
        if (ImGui::Selectable(preset.name.c_str(), selected))
            tryAction(lab, "rule: " + preset.name, [&] { applyRuleText(lab, preset.id); });
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", preset.rule.format().c_str(), preset.note.c_str());
    }
    ImGui::EndListBox();
}

void drawCustomRule(Lab& lab, PanelState& state) {
    ImGui::SetNextItemWidth(-70);
    const bool entered = ImGui::InputText("##rule", &state.ruleText, ImGuiInputTextFlags_EnterReturnsTrue);
    if (ImGui::IsItemEdited()) {
        // Checked as it is typed; only valid text can be applied.
        try {
            resolveRule(state.ruleText);
            state.ruleTextError.clear();
        } catch (const Error& e) {
            state.ruleTextError = e.what();
        }
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!state.ruleTextError.empty());
    const bool apply = ImGui::Button("Apply", ImVec2(-1, 0));
    ImGui::EndDisabled();
    if ((entered || apply) && state.ruleTextError.empty())
        tryAction(lab, "rule: " + state.ruleText, [&] { applyRuleText(lab, state.ruleText); });
    if (!state.ruleTextError.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", state.ruleTextError.c_str());
        ImGui::PopTextWrapPos();
    }
}

void drawShape(Lab& lab, PanelState& state) {
    const Rule& rule = lab.session.rule();
    if (!state.radiusEditing) state.radiusField = rule.radius;
    ImGui::SliderInt("radius", &state.radiusField, 1, kMaxRadius, "%d", ImGuiSliderFlags_Logarithmic);
    state.radiusEditing = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit() && state.radiusField != rule.radius) {
        RuleShape shape = shapeOf(rule);
        shape.radius = state.radiusField;
        tryAction(lab, "radius " + std::to_string(shape.radius), [&] { applyRuleShape(lab, shape); });
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("birth and survival ranges scale with the neighbourhood");

    if (!state.statesEditing) state.statesField = rule.states;
    ImGui::InputInt("states", &state.statesField);
    state.statesEditing = ImGui::IsItemActive();
    if (ImGui::IsItemDeactivatedAfterEdit() && state.statesField != rule.states)
        tryAction(lab, "states " + std::to_string(state.statesField), [&] { applyStates(lab, state.statesField); });

    // The fixed shapes; weighted and custom ones are drawn cell by cell and come from rule strings.
    if (ImGui::BeginCombo("neighbourhood", toString(rule.neighbourhood))) {
        for (Neighbourhood kind : kNeighbourhoods)
            if (isFixedShape(kind) && ImGui::Selectable(toString(kind), kind == rule.neighbourhood) &&
                kind != rule.neighbourhood) {
                RuleShape shape = shapeOf(rule);
                shape.neighbourhood = kind;
                tryAction(lab, std::string("neighbourhood ") + toString(kind), [&] { applyRuleShape(lab, shape); });
            }
        ImGui::EndCombo();
    }
    bool centre = rule.includeCentre;
    if (ImGui::Checkbox("count the centre cell", &centre)) {
        RuleShape shape = shapeOf(rule);
        shape.includeCentre = centre;
        tryAction(lab, centre ? "centre counted" : "centre not counted", [&] { applyRuleShape(lab, shape); });
    }
}

} // namespace

void drawRuleSection(Lab& lab, PanelState& state) {
    const std::string current = lab.session.rule().format();
    if (state.shownRule != current) {
        // The rule changed (here, by a key, a file or a script): show it in the custom field.
        state.ruleText = current;
        state.ruleTextError.clear();
        state.shownRule = current;
    }
    ImGui::PushTextWrapPos(0.0f);
    if (lab.session.ruleName().empty())
        ImGui::Text("%s", current.c_str());
    else
        ImGui::Text("%s  (%s)", current.c_str(), lab.session.ruleName().c_str());
    if (const std::string golly = gollyDisplayDifference(lab.session.rule()); !golly.empty())
        ImGui::TextDisabled("%s", golly.c_str());
    ImGui::PopTextWrapPos();
    drawPresets(lab, state);
    drawCustomRule(lab, state);
    drawShape(lab, state);
}

} // namespace catlab::gui
