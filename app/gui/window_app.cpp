#include "gui/window_app.hpp"
#include "gui/frame_pacer.hpp"
#include "gui/gl_window.hpp"
#include "gui/glfw_library.hpp"
#include "gui/imgui_layer.hpp"
#include "gui/keyboard_shortcuts.hpp"
#include "gui/lab.hpp"
#include "gui/lab_actions.hpp"
#include "gui/library_actions.hpp"
#include "gui/panel.hpp"
#include "gui/panel_sections.hpp"
#include "gui/recording_actions.hpp"
#include "gui/recording_indicator.hpp"
#include "gui/window_events.hpp"
#include "gui/window_script.hpp"

#include "render/screenshot.hpp"

#include "catlab/error.hpp"

#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <iostream>
#include <optional>

namespace catlab::gui {
namespace {

void showError(Lab& lab, const std::string& message) {
    lab.status = message;
    lab.statusIsError = true;
}

// The scene over the whole framebuffer.
void drawScene(Lab& lab, WindowScene& scene, FramebufferSize size) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, size.width, size.height);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    if (size.width <= 0 || size.height <= 0) return;
    try {
        scene.draw({size.width, size.height, 0});
    } catch (const Error& e) {
        showError(lab, "cannot draw " + std::string(scene.pictureName()) + ": " + e.what());
    }
}

// Says a new notice of how the picture reaches OpenGL once: e.g. interop registration failed and the
// pixels now go through the host. `said` is the last one said.
void sayUploadNotice(Lab& lab, const std::string& notice, std::string& said) {
    if (notice == said) return;
    said = notice;
    if (said.empty()) return;
    lab.status = "view: " + said;
    lab.statusIsError = false;
    std::cerr << "catlab: note: " << said << '\n';
}

// Files dropped on the window are loaded as patterns.
void loadDropped(const std::vector<std::string>& paths, Lab& lab) {
    for (const std::string& path : paths) tryAction(lab, "loaded " + path, [&] { loadPattern(lab, path); });
}

// Saves the screenshots asked for during this frame; returns how many failed.
int saveScreenshots(Lab& lab, FramebufferSize size) {
    int failed = 0;
    for (const ScreenshotRequest& request : lab.screenshotRequests) {
        try {
            render::saveFramebufferPng(request.path, 0, 0, size.width, size.height);
        } catch (const Error& e) {
            ++failed;
            showError(lab, e.what());
            std::cerr << (request.requestedBy.empty() ? "catlab: error" : request.requestedBy) << ": " << e.what()
                      << '\n';
        }
    }
    lab.screenshotRequests.clear();
    return failed;
}

} // namespace

int runWindow(const WindowOptions& options) {
    // A script is checked completely before the window opens.
    std::optional<WindowScript> script;
    if (options.scriptPath) script.emplace(*options.scriptPath, std::cout, std::cerr);
    if (options.frames && *options.frames < 0) throw Error("--frames must not be negative");

    GlfwLibrary glfw;
    const WindowSize windowSize = windowSizeForScreen(options.size);
    GlWindow window("catlab", windowSize.width, windowSize.height);
    window.setVsync(false);               // FramePacer keeps the target frame rate
    WindowEvents events(window.handle()); // before ImGui, which chains its callbacks to these
    ImGuiLayer imgui(window.handle());

    Lab lab(options.scene);
    lab.panelVisible = !options.hidePanel;
    lab.cloudStart = options.cloud;
    if (options.patternPath) rememberOpenedFile(lab, *options.patternPath);
    const FramebufferSize initial = window.framebufferSize();
    lab.viewWidth = std::max(initial.width, 1);
    lab.viewHeight = std::max(initial.height, 1);
    fitView(lab);
    PanelState panel;
    showScene(lab, options.firstScene);
    FramePacer pacer;
    int failures = 0;
    std::string uploadNotice;

    for (long long frame = 0; !window.closeRequested(); ++frame) {
        glfwPollEvents();
        const FramebufferSize size = window.framebufferSize();
        if (size.width > 0 && size.height > 0) { // zero while minimised: keep the last size
            lab.viewWidth = size.width;
            lab.viewHeight = size.height;
        }
        if (script) script->beginFrame(lab);

        imgui.beginFrame();
        std::vector<KeyPress> keys = events.takeKeyPresses();
        if (imgui.wantsKeyboard()) keys.clear(); // typed into the panel: not shortcuts
        if (script) keys = script->routeKeys(std::move(keys));
        applyShortcuts(keys, lab);
        WindowScene& scene = lab.shownScene();
        scene.handleMouse({window.handle(), events.takeScroll(), imgui.wantsMouse(), size});
        loadDropped(events.takeDroppedPaths(), lab);

        try {
            scene.advance();
            lab.populationHistory.record(lab.session); // edits made since the last step
        } catch (const Error& e) {
            lab.run.playing = false;
            showError(lab, std::string("stopped: ") + e.what());
        }
        lab.metrics.tick();
        lab.metrics.ranks().tick(lab.session.distributed());
        drawScene(lab, scene, size);
        const bool drawn = size.width > 0 && size.height > 0;
        if (drawn && !recordFrame(lab, CaptureStage::ViewDrawn, size)) ++failures;
        sayUploadNotice(lab, scene.uploadNotice(), uploadNotice);
        if (lab.panelVisible) drawPanel(lab, panel);
        imgui.endFrame();
        if (drawn && !recordFrame(lab, CaptureStage::PanelDrawn, size)) ++failures;

        const bool last = lab.quitRequested || (options.frames && frame + 1 >= *options.frames);
        if (last && options.screenshot) lab.screenshotRequests.push_back({*options.screenshot, {}});
        failures += saveScreenshots(lab, size);
        if (last) break;
        if (lab.recording) drawRecordingIndicator(size);
        window.swapBuffers();
        pacer.wait(lab.run.targetFps);
    }
    if (lab.recording && !stopRecording(lab)) ++failures; // closing the window finishes the video
    if (script) {
        script->finish();
        failures += script->failures();
    }
    return failures > 0 ? 1 : 0;
}

} // namespace catlab::gui
