#include "gui/panel.hpp"
#include "gui/panel_sections.hpp"
#include "gui/scene_switch.hpp"

#include <imgui.h>

namespace catlab::gui {
namespace {

// The 2D rules or the 3D clouds.
void drawSceneChoice(Lab& lab) {
    int choice = int(lab.shownKind);
    ImGui::RadioButton("2D rules", &choice, int(SceneKind::Grid));
    ImGui::SameLine();
    ImGui::RadioButton("3D clouds", &choice, int(SceneKind::Cloud));
    const auto kind = SceneKind(choice);
    if (kind != lab.shownKind)
        tryAction(lab, kind == SceneKind::Cloud ? "cloud scene" : "2D rules", [&] { showScene(lab, kind); });
    ImGui::Separator();
}

} // namespace

void drawPanel(Lab& lab, PanelState& state) {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    const float width = 380.0f;
    ImGui::SetNextWindowPos(ImVec2(viewport->WorkPos.x + viewport->WorkSize.x - width - 8, viewport->WorkPos.y + 8),
                            ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(width, viewport->WorkSize.y - 16), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.92f);
    if (!ImGui::Begin("catlab  (Tab hides)")) {
        lab.panelCover = 0; // collapsed to its title bar
        ImGui::End();
        return;
    }
    const float rightEdge = viewport->WorkPos.x + viewport->WorkSize.x;
    lab.panelCover = int((rightEdge - ImGui::GetWindowPos().x) * ImGui::GetIO().DisplayFramebufferScale.x);
    if (!lab.status.empty()) {
        const ImVec4 colour = lab.statusIsError ? ImVec4(1.0f, 0.45f, 0.4f, 1.0f) : ImVec4(0.6f, 0.9f, 0.6f, 1.0f);
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(colour, "%s", lab.status.c_str());
        ImGui::PopTextWrapPos();
        ImGui::Separator();
    }
    if (lab.recording) { // at the top, in sight whichever sections are open
        drawRecordingState(*lab.recording);
        ImGui::Separator();
    }
    drawSceneChoice(lab);
    lab.shownScene().drawPanelSections(state);
    if (ImGui::CollapsingHeader("Record")) drawRecordSection(lab);
    ImGui::End();
}

} // namespace catlab::gui
