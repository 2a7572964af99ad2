#include "gui/lab_actions.hpp"
#include "gui/panel_sections.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace catlab::gui {

void drawEditSection(Lab& lab, PanelState& state) {
    int tool = int(lab.brush.tool);
    ImGui::RadioButton("navigate", &tool, int(MouseTool::Navigate));
    ImGui::SameLine();
    ImGui::RadioButton("draw (left paints, right erases)", &tool, int(MouseTool::Draw));
    ImGui::RadioButton("select (drag a rectangle; Selection below)", &tool, int(MouseTool::Select));
    lab.brush.tool = MouseTool(tool);
    ImGui::SliderInt("brush", &lab.brush.size, 1, Brush::kMaxSize, "%d cells", ImGuiSliderFlags_AlwaysClamp);
    const int states = lab.session.rule().states;
    if (states > 2)
        ImGui::SliderInt("paint state", &lab.brush.state, 1, states - 1, "%d", ImGuiSliderFlags_AlwaysClamp);
    else
        lab.brush.state = 1;

    ImGui::Separator();
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##pattern", &state.patternPath);
    if (ImGui::Button("Load RLE"))
        tryAction(lab, "loaded " + state.patternPath, [&] { loadPattern(lab, state.patternPath); });
    ImGui::SameLine();
    if (ImGui::Button("Save RLE"))
        tryAction(lab, "saved " + state.patternPath, [&] { savePattern(lab, state.patternPath); });
    ImGui::SameLine();
    ImGui::TextDisabled("(or drop a file)");

    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##screenshot", &state.screenshotPath);
    if (ImGui::Button("Screenshot PNG"))
        tryAction(lab, "screenshot " + state.screenshotPath, [&] { requestScreenshot(lab, state.screenshotPath); });
    ImGui::SameLine();
    ImGui::TextDisabled("(F12: timestamped)");
}

} // namespace catlab::gui
