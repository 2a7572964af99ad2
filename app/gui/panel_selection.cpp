// The Selection section: what is selected and the edits of the selection (selection_actions.hpp).
#include "gui/panel_sections.hpp"
#include "gui/selection_actions.hpp"

#include <imgui.h>

#include <algorithm>
#include <exception>

namespace catlab::gui {
namespace {

// A button that runs an edit; its line (or its failure) becomes the status.
template <class Edit>
void editButton(Lab& lab, const char* label, Edit&& edit) {
    if (!ImGui::Button(label)) return;
    try {
        lab.status = edit();
        lab.statusIsError = false;
    } catch (const std::exception& e) {
        lab.status = e.what();
        lab.statusIsError = true;
    }
}

void drawSelected(Lab& lab) {
    if (const std::optional<CellRect> rect = selectedCells(lab))
        ImGui::Text("selected %d x %d cells at (%lld, %lld)", rect->width, rect->height, rect->x, rect->y);
    else
        ImGui::TextDisabled("nothing selected (Select tool: drag; Ctrl+A: all)");
    editButton(lab, "All", [&] { return selectAll(lab); });
    ImGui::SameLine();
    editButton(lab, "None", [&] { return selectNone(lab); });
    ImGui::SameLine();
    editButton(lab, "Shrink to live cells", [&] { return shrinkSelection(lab); });
}

void drawClipboard(Lab& lab) {
    editButton(lab, "Copy", [&] { return copySelection(lab); });
    ImGui::SameLine();
    editButton(lab, "Cut", [&] { return cutSelection(lab); });
    ImGui::SameLine();
    editButton(lab, "Paste", [&] { return pasteClipboardAtAnchor(lab); });
    ImGui::SameLine();
    ImGui::TextDisabled("(Ctrl+C, X, V)");

    Selection& selection = lab.selection;
    int anchor = int(selection.pasteAnchor);
    ImGui::TextUnformatted("paste at");
    ImGui::SameLine();
    ImGui::RadioButton("the mouse", &anchor, int(PasteAnchor::Mouse));
    ImGui::SameLine();
    ImGui::RadioButton("the selection", &anchor, int(PasteAnchor::Selection));
    selection.pasteAnchor = PasteAnchor(anchor);
    int mode = int(selection.pasteMode);
    ImGui::TextUnformatted("paste mode");
    for (PasteMode m : {PasteMode::Or, PasteMode::Copy, PasteMode::Xor}) {
        ImGui::SameLine();
        ImGui::RadioButton(toString(m), &mode, int(m));
    }
    selection.pasteMode = PasteMode(mode);
}

void drawEdits(Lab& lab) {
    editButton(lab, "Rotate cw", [&] { return rotateSelection(lab, true); });
    ImGui::SameLine();
    editButton(lab, "Rotate ccw", [&] { return rotateSelection(lab, false); });
    ImGui::SameLine();
    editButton(lab, "Flip h", [&] { return flipSelection(lab, true); });
    ImGui::SameLine();
    editButton(lab, "Flip v", [&] { return flipSelection(lab, false); });
    editButton(lab, "Clear inside", [&] { return clearInsideSelection(lab); });
    ImGui::SameLine();
    editButton(lab, "Clear outside", [&] { return clearOutsideSelection(lab); });

    Selection& selection = lab.selection;
    float density = float(selection.randomDensity);
    ImGui::SetNextItemWidth(140);
    ImGui::SliderFloat("density", &density, 0.0f, 1.0f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
    selection.randomDensity = std::clamp(double(density), 0.0, 1.0);
    int seed = int(std::min<std::uint64_t>(selection.randomSeed, std::uint64_t(INT32_MAX)));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(90);
    ImGui::InputInt("seed", &seed);
    selection.randomSeed = std::uint64_t(std::max(seed, 0));
    editButton(lab, "Random fill",
               [&] { return randomFillSelection(lab, selection.randomDensity, selection.randomSeed); });
}

} // namespace

void drawSelectionSection(Lab& lab) {
    ImGui::PushID("selection"); // its labels ("density", "seed") are also the Run section's
    drawSelected(lab);
    ImGui::Separator();
    drawClipboard(lab);
    ImGui::Separator();
    drawEdits(lab);
    ImGui::PopID();
}

} // namespace catlab::gui
