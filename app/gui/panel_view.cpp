#include "gui/lab_actions.hpp"
#include "gui/panel_sections.hpp"

#include <imgui.h>

namespace catlab::gui {

void drawViewSection(Lab& lab) {
    using render::ColourMap;
    if (ImGui::BeginCombo("colour map", render::toString(lab.style.colourMap))) {
        for (ColourMap map : {ColourMap::TwoState, ColourMap::Decay, ColourMap::NeighbourDensity})
            if (ImGui::Selectable(render::toString(map), map == lab.style.colourMap)) lab.style.colourMap = map;
        ImGui::EndCombo();
    }
    ImGui::Checkbox("grid lines", &lab.style.gridLines);
    ImGui::SameLine();
    ImGui::Checkbox("follow the population", &lab.follow);
    if (ImGui::Button("Fit (F)")) fitView(lab);
    ImGui::SameLine();
    if (ImGui::Button("1:1")) lab.view.oneToOne();
    ImGui::SameLine();
    const double zoom = lab.view.zoom();
    if (zoom >= 1)
        ImGui::Text("%.0f pixels per cell", zoom);
    else
        ImGui::Text("%.1f cells per pixel", 1.0 / zoom);
    ImGui::TextDisabled("centre (%.1f, %.1f)", lab.view.centreX(), lab.view.centreY());
}

} // namespace catlab::gui
