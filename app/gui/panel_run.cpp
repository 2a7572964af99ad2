#include "gui/lab_actions.hpp"
#include "gui/panel_sections.hpp"
#include "gui/undo_actions.hpp"

#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace catlab::gui {
namespace {

// Undo and Redo named after the change they take back or make again, and Reset to generation 0.
void drawUndoButtons(Lab& lab) {
    const EditHistory& history = lab.history;
    ImGui::BeginDisabled(!history.canUndo());
    const std::string undoLabel = history.canUndo() ? "Undo " + history.undoName() + " (Ctrl+Z)###undo" : "Undo###undo";
    if (ImGui::Button(undoLabel.c_str())) undoWithStatus(lab);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!history.canRedo());
    const std::string redoLabel = history.canRedo() ? "Redo " + history.redoName() + "###redo" : "Redo###redo";
    if (ImGui::Button(redoLabel.c_str())) redoWithStatus(lab);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(lab.session.generation() == 0);
    if (ImGui::Button("Reset (R)")) tryAction(lab, "reset to generation 0", [&] { resetToGeneration0(lab); });
    ImGui::EndDisabled();
}

} // namespace

void drawRunSection(Lab& lab, PanelState& state) {
    RunSettings& run = lab.run;
    if (ImGui::Button(run.playing ? "Pause (space)" : "Play (space)", ImVec2(130, 0))) run.playing = !run.playing;
    ImGui::SameLine();
    if (ImGui::Button("Step (N)")) {
        run.playing = false;
        ++lab.pendingSteps;
    }
    ImGui::SameLine();
    ImGui::Text("generation %llu", static_cast<unsigned long long>(lab.session.generation()));

    ImGui::SliderInt("steps/frame (+/-)", &run.stepsPerFrame, 1, RunSettings::kMaxStepsPerFrame, "%d",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    float fps = float(run.targetFps);
    if (ImGui::SliderFloat("target fps", &fps, 1.0f, 240.0f, "%.0f", ImGuiSliderFlags_AlwaysClamp) && !std::isnan(fps))
        run.targetFps = fps; // clamping keeps typed values in range, but not NaN

    drawUndoButtons(lab);

    ImGui::Separator();
    if (!state.randomFieldsFilled) {
        state.randomDensity = float(lab.session.density());
        state.randomSeed = int(lab.session.seed());
        state.randomFieldsFilled = true;
    }
    ImGui::SliderFloat("density", &state.randomDensity, 0.0f, 1.0f, "%.3f", ImGuiSliderFlags_AlwaysClamp);
    ImGui::InputInt("seed", &state.randomSeed);
    if (ImGui::Button("Random start"))
        tryAction(lab, "new random start", [&] {
            if (state.randomSeed < 0)
                throw Error("the seed must be 0 or more, not " + std::to_string(state.randomSeed));
            randomStart(lab, state.randomDensity, std::uint64_t(state.randomSeed));
        });
    ImGui::SameLine();
    if (ImGui::Button("Clear")) tryAction(lab, "cleared", [&] { clearGrid(lab); });

    ImGui::Separator();
    const GridSize size = lab.session.size();
    if (state.shownSize != size) {
        state.gridWidth = size.width;
        state.gridHeight = size.height;
        state.shownSize = size;
    }
    ImGui::SetNextItemWidth(100);
    ImGui::InputInt("##width", &state.gridWidth, 0);
    ImGui::SameLine();
    ImGui::TextUnformatted("x");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100);
    ImGui::InputInt("##height", &state.gridHeight, 0);
    ImGui::SameLine();
    if (ImGui::Button("Resize")) {
        const GridSize wanted{state.gridWidth, state.gridHeight};
        tryAction(lab, "grid " + formatGridSize(wanted), [&] { resizeGrid(lab, wanted); });
    }
    ImGui::TextDisabled("now %s %s", formatGridSize(size).c_str(),
                        describeTopology(lab.session.rule().topology).c_str());
}

} // namespace catlab::gui
