#include "gui/grid_window_scene.hpp"
#include "gui/lab.hpp"
#include "gui/lab_actions.hpp"
#include "gui/panel_sections.hpp"
#include "gui/selection_actions.hpp"
#include "gui/selection_overlay.hpp"
#include "gui/undo_actions.hpp"

#include "catlab/grid_size_text.hpp"

#include <imgui.h>

#include <sstream>

namespace catlab::gui {

void GridWindowScene::draw(const recording::FrameTarget& target) {
    const ViewWindow view = lab_.view.window(target.width, target.height);
    const Rule& rule = lab_.session.rule();
    GLuint pixels = 0;
    if (lab_.session.distributed()) {                            // the ranks finish the pixels on rank 0's host
        makeViewMapping(view, lab_.session.size(), rule.states); // a bad window fails before the ranks see it
        pixels = source_.update(view, MemorySpace::Host, [&](ViewTarget to) { lab_.session.exportView(view, to); });
    } else {
        pixels = source_.update(lab_.session.simulator(), view);
    }
    renderer_.draw(pixels, view, {rule.states, rule.radius, lab_.session.size()}, lab_.style);
    drawSelectionOverlay(lab_, target.width, target.height);
}

void GridWindowScene::advance() {
    // Steps-per-frame generations while playing, plus single steps asked for.
    const int generations = (lab_.run.playing ? lab_.run.stepsPerFrame : 0) + lab_.pendingSteps;
    lab_.pendingSteps = 0;
    if (generations > 0) stepNow(lab_, generations);
    if (!lab_.run.playing) lab_.history.endJoining(Joining::Generating); // a run ends when it is paused
    follower_.update(lab_, lab_.viewWidth, lab_.viewHeight);
}

void GridWindowScene::handleMouse(const MouseInput& mouse) {
    mouse_.update(mouse.window, mouse.scroll, mouse.overPanel, lab_, mouse.view);
}

void GridWindowScene::drawPanelSections(PanelState& state) {
    if (ImGui::CollapsingHeader("Rule", ImGuiTreeNodeFlags_DefaultOpen)) drawRuleSection(lab_, state);
    if (ImGui::CollapsingHeader("Backend", ImGuiTreeNodeFlags_DefaultOpen)) drawBackendSection(lab_);
    if (ImGui::CollapsingHeader("Run", ImGuiTreeNodeFlags_DefaultOpen)) drawRunSection(lab_, state);
    if (ImGui::CollapsingHeader("Metrics", ImGuiTreeNodeFlags_DefaultOpen)) drawMetricsSection(lab_, state);
    if (ImGui::CollapsingHeader("Population", ImGuiTreeNodeFlags_DefaultOpen)) drawPopulationSection(lab_, state);
    if (lab_.library.revealInPanel) ImGui::SetNextItemOpen(true);
    if (ImGui::CollapsingHeader("Library")) drawLibrarySection(lab_, state);
    if (ImGui::CollapsingHeader("Edit")) drawEditSection(lab_, state);
    if (ImGui::CollapsingHeader("Selection")) drawSelectionSection(lab_);
    if (ImGui::CollapsingHeader("View")) drawViewSection(lab_);
}

void GridWindowScene::fit() { fitView(lab_); }

void GridWindowScene::reset() { resetToGeneration0(lab_); }

std::string GridWindowScene::statusText() const {
    const SimulationSession& session = lab_.session;
    std::ostringstream text;
    text << "rule " << session.rule().format() << "\nbackend " << session.backendName() << "\nsize "
         << formatGridSize(session.size()) << "\ngeneration " << session.generation() << "\npopulation "
         << session.population() << '\n';
    if (const DistributedGridSession* grid = session.distributed())
        text << "ranks " << grid->ranks().size() << " (" << grid->transport() << ")\n";
    if (const std::optional<CellRect> selected = selectedCells(lab_))
        text << "selection " << rectSizeText(*selected) << " at " << selected->x << ',' << selected->y << '\n';
    return text.str();
}

} // namespace catlab::gui
