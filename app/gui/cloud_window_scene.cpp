#include "gui/cloud_window_scene.hpp"
#include "gui/cloud_actions.hpp"
#include "gui/lab.hpp"
#include "gui/panel_sections.hpp"

#include <imgui.h>

#include <algorithm>
#include <sstream>

namespace catlab::gui {

void CloudWindowScene::prepareToShow() {
    cloudSession(lab_).snapshotDue = true; // it may have changed while hidden
}

void CloudWindowScene::draw(const recording::FrameTarget& target) {
    CloudSession& clouds = cloudSession(lab_);
    if (!renderer_) renderer_.emplace();
    if (!source_) source_.emplace();
    if (clouds.snapshotDue) {
        source_->snapshot(*clouds.simulation, clouds.densityRadius);
        clouds.snapshotDue = false;
    }
    renderer_->draw(*source_, clouds.blend(), clouds.camera, clouds.look, 0, 0, target.width, target.height);
}

void CloudWindowScene::advance() {
    // Steps every framesPerSnapshot frames while playing, plus single steps asked for.
    CloudSession& clouds = cloudSession(lab_);
    int steps = lab_.pendingSteps;
    lab_.pendingSteps = 0;
    if (lab_.run.playing) {
        if (++clouds.framesSinceSnapshot >= clouds.framesPerSnapshot) steps += lab_.run.stepsPerFrame;
    } else {
        clouds.framesSinceSnapshot = std::min(clouds.framesSinceSnapshot + 1, clouds.framesPerSnapshot - 1);
    }
    if (steps > 0) {
        stepCloud(lab_, steps);
        clouds.framesSinceSnapshot = 0;
    }
}

render::ViewPath CloudWindowScene::uploadPath() const { return source_ ? source_->lastPath() : render::ViewPath::None; }

const std::string& CloudWindowScene::uploadNotice() const {
    static const std::string none;
    return source_ ? source_->notice() : none;
}

void CloudWindowScene::handleMouse(const MouseInput& mouse) {
    mouse_.update(mouse.window, mouse.scroll, mouse.overPanel, lab_);
}

void CloudWindowScene::drawPanelSections(PanelState& state) {
    if (ImGui::CollapsingHeader("Cloud", ImGuiTreeNodeFlags_DefaultOpen)) drawCloudSection(lab_, state);
    if (ImGui::CollapsingHeader("Sources", ImGuiTreeNodeFlags_DefaultOpen)) drawCloudSourcesSection(lab_);
    if (ImGui::CollapsingHeader("Look", ImGuiTreeNodeFlags_DefaultOpen)) drawCloudLookSection(lab_);
    if (ImGui::CollapsingHeader("Metrics", ImGuiTreeNodeFlags_DefaultOpen)) drawCloudMetricsSection(lab_, state);
}

void CloudWindowScene::fit() {
    cloudSession(lab_).camera = render::OrbitCamera{}; // the whole volume, as at the start
}

void CloudWindowScene::reset() {
    clearCloud(lab_); // clouds start from a clear sky
}

std::string CloudWindowScene::statusText() const {
    const cloud::CloudSimulation& sim = *cloudSession(lab_).simulation;
    const cloud::CloudCounts n = sim.counts();
    std::ostringstream text;
    text << "scene cloud\nbackend " << sim.backendName() << "\nsize " << cloud::sizeText(sim.size()) << "\nstep "
         << sim.generation() << "\ncells hum " << n.hum << ", act " << n.act << ", cld " << n.cld << '\n';
    return text.str();
}

} // namespace catlab::gui
