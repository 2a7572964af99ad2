#include "gui/window_app.hpp"
#include "gui/cloud_actions.hpp"
#include "gui/cloud_mouse.hpp"
#include "gui/frame_pacer.hpp"
#include "gui/gl_window.hpp"
#include "gui/glfw_library.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/keyboard_shortcuts.hpp"
#include "gui/lab.hpp"
#include "gui/lab_actions.hpp"
#include "gui/mouse_tools.hpp"
#include "gui/panel.hpp"
#include "gui/panel_sections.hpp"
#include "gui/population_follower.hpp"
#include "gui/recording_actions.hpp"
#include "gui/recording_indicator.hpp"
#include "gui/script_runner.hpp"
#include "gui/window_events.hpp"
#include "render/view_source.hpp"

#include "render/cloud_renderer.hpp"
#include "render/cloud_volume_source.hpp"
#include "render/screenshot.hpp"
#include "render/view_renderer.hpp"

#include "catlab/error.hpp"

#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <iostream>
#include <optional>

namespace catlab::gui {
namespace {

// Generations for this frame: steps-per-frame while playing, plus single steps asked for.
void advance(Lab& lab) {
    const int generations = (lab.run.playing ? lab.run.stepsPerFrame : 0) + lab.pendingSteps;
    lab.pendingSteps = 0;
    if (generations > 0) stepNow(lab, generations);
}

void showError(Lab& lab, const std::string& message) {
    lab.status = message;
    lab.statusIsError = true;
}

// The exported view of the grid, coloured, over the whole framebuffer.
void drawView(Lab& lab, render::ViewSource& source, const render::ViewRenderer& renderer, FramebufferSize size) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, size.width, size.height);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (size.width <= 0 || size.height <= 0) return;
    try {
        const ViewWindow view = lab.view.window(size.width, size.height);
        const GLuint texture = source.update(lab.session.simulator(), view);
        const Rule& rule = lab.session.rule();
        renderer.draw(texture, view, {rule.states, rule.radius, lab.session.size()}, lab.style);
    } catch (const Error& e) {
        showError(lab, std::string("cannot draw the view: ") + e.what());
    }
}

// Cloud steps for this frame: every framesPerSnapshot frames while playing, plus single steps asked for.
void advanceCloud(Lab& lab) {
    CloudSession& clouds = cloudSession(lab);
    int steps = lab.pendingSteps;
    lab.pendingSteps = 0;
    if (lab.run.playing) {
        if (++clouds.framesSinceSnapshot >= clouds.framesPerSnapshot) steps += lab.run.stepsPerFrame;
    } else {
        clouds.framesSinceSnapshot = std::min(clouds.framesSinceSnapshot + 1, clouds.framesPerSnapshot - 1);
    }
    if (steps > 0) {
        stepCloud(lab, steps);
        clouds.framesSinceSnapshot = 0;
    }
}

// The ray marcher and its density textures, made when the cloud scene is first drawn.
struct CloudView {
    std::optional<render::CloudRenderer> renderer;
    std::optional<render::CloudVolumeSource> source;
};

void drawCloud(Lab& lab, CloudView& view, FramebufferSize size) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, size.width, size.height);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (size.width <= 0 || size.height <= 0) return;
    try {
        CloudSession& clouds = cloudSession(lab);
        if (!view.renderer) view.renderer.emplace();
        if (!view.source) view.source.emplace();
        if (clouds.snapshotDue) {
            view.source->snapshot(*clouds.simulation, clouds.densityRadius);
            clouds.snapshotDue = false;
        }
        view.renderer->draw(view.source->previous(), view.source->newest(), clouds.blend(), view.source->size(),
                            clouds.camera, clouds.look, 0, 0, size.width, size.height);
    } catch (const Error& e) {
        showError(lab, std::string("cannot draw the clouds: ") + e.what());
    }
}

// Files dropped on the window are loaded as patterns.
void loadDropped(const std::vector<std::string>& paths, Lab& lab) {
    for (const std::string& path : paths) tryAction(lab, "loaded " + path, [&] { loadPattern(lab, path); });
}

// Saves the screenshots asked for during this frame; returns how many failed.
int saveScreenshots(Lab& lab, FramebufferSize size) {
    int failed = 0;
    for (const std::string& path : lab.screenshotRequests) {
        try {
            render::saveFramebufferPng(path, 0, 0, size.width, size.height);
        } catch (const Error& e) {
            ++failed;
            showError(lab, e.what());
            std::cerr << "catlab: error: " << e.what() << '\n';
        }
    }
    lab.screenshotRequests.clear();
    return failed;
}

} // namespace

int runWindow(const WindowOptions& options) {
    // A script is checked completely before the window opens.
    std::optional<ScriptRunner> script;
    if (options.scriptPath) script.emplace(readScriptFile(*options.scriptPath), std::cout, std::cerr);
    if (options.frames && *options.frames < 0) throw Error("--frames must not be negative");

    GlfwLibrary glfw;
    GlWindow window("catlab", options.width, options.height);
    window.setVsync(false);               // FramePacer keeps the target frame rate
    WindowEvents events(window.handle()); // before ImGui, which chains its callbacks to these
    ImGuiLayer imgui(window.handle());
    const render::ViewRenderer renderer;
    render::ViewSource viewSource;

    Lab lab(options.scene);
    lab.panelVisible = !options.hidePanel;
    lab.cloudStart = options.cloud;
    const FramebufferSize initial = window.framebufferSize();
    lab.viewWidth = std::max(initial.width, 1);
    lab.viewHeight = std::max(initial.height, 1);
    fitView(lab);
    PanelState panel;
    MouseTools mouse;
    PopulationFollower follower;
    CloudMouse cloudMouse;
    CloudView cloudView;
    if (options.startWithCloud) showScene(lab, SceneKind::Cloud);
    FramePacer pacer;
    int failures = 0;
    std::string viewNotice;

    for (long long frame = 0; !window.closeRequested(); ++frame) {
        glfwPollEvents();
        const FramebufferSize size = window.framebufferSize();
        if (size.width > 0 && size.height > 0) { // zero while minimised: keep the last size
            lab.viewWidth = size.width;
            lab.viewHeight = size.height;
        }
        if (script) script->beginFrame(lab);

        imgui.beginFrame();
        if (!imgui.wantsKeyboard()) applyShortcuts(events.takeKeyPresses(), lab);
        events.takeKeyPresses(); // typed into the panel: not shortcuts
        const double scroll = events.takeScroll();
        const bool cloud = lab.scene == SceneKind::Cloud;
        if (cloud)
            cloudMouse.update(window.handle(), scroll, imgui.wantsMouse(), lab);
        else
            mouse.update(window.handle(), scroll, imgui.wantsMouse(), lab, size);
        loadDropped(events.takeDroppedPaths(), lab);

        try {
            if (cloud) {
                advanceCloud(lab);
            } else {
                advance(lab);
                follower.update(lab, size.width, size.height);
            }
        } catch (const Error& e) {
            lab.run.playing = false;
            showError(lab, std::string("stopped: ") + e.what());
        }
        lab.metrics.tick();
        if (cloud)
            drawCloud(lab, cloudView, size);
        else
            drawView(lab, viewSource, renderer, size);
        const bool drawn = size.width > 0 && size.height > 0;
        if (drawn && !recordFrame(lab, CaptureStage::ViewDrawn, size)) ++failures;
        const std::string& notice = cloud && cloudView.source ? cloudView.source->notice() : viewSource.notice();
        if (notice != viewNotice) {
            // Said once: e.g. interop registration failed and the pixels now go through the host.
            viewNotice = notice;
            if (!viewNotice.empty()) {
                lab.status = "view: " + viewNotice;
                lab.statusIsError = false;
                std::cerr << "catlab: note: " << viewNotice << '\n';
            }
        }
        if (lab.panelVisible) drawPanel(lab, panel);
        imgui.endFrame();
        if (drawn && !recordFrame(lab, CaptureStage::PanelDrawn, size)) ++failures;

        const bool last = lab.quitRequested || (options.frames && frame + 1 >= *options.frames);
        if (last && options.screenshot) lab.screenshotRequests.push_back(*options.screenshot);
        failures += saveScreenshots(lab, size);
        if (last) break;
        if (lab.recording) drawRecordingIndicator(size);
        window.swapBuffers();
        pacer.wait(lab.run.targetFps);
    }
    if (lab.recording && !stopRecording(lab)) ++failures; // closing the window finishes the video
    if (script) failures += script->failures();
    return failures > 0 ? 1 : 0;
}

} // namespace catlab::gui
