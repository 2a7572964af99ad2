#pragma once

#include "gui/cloud_session.hpp"
#include "gui/edit_history.hpp"
#include "gui/library_session.hpp"
#include "gui/population_history.hpp"
#include "gui/recording_settings.hpp"
#include "gui/scene_switch.hpp"
#include "gui/selection.hpp"
#include "gui/step_metrics.hpp"
#include "gui/window_scene.hpp"
#include "render/view_navigation.hpp"
#include "session/simulation_session.hpp"

#include "render/view_renderer.hpp"

#include "catlab/rule.hpp"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace catlab::gui {

class WindowRecording; // gui/window_recording.hpp: only what starts, stops and shows recordings needs it

// How the simulation advances from frame to frame.
struct RunSettings {
    static constexpr int kMaxStepsPerFrame = 1 << 16;
    bool playing = true;
    int stepsPerFrame = 1; // generations per frame while playing
    double targetFps = 60; // frames are paced to at most this rate
};

enum class MouseTool { Navigate, Draw, Select };

struct Brush {
    static constexpr int kMaxSize = 256;
    int size = 1;  // side of the square of cells one dab sets
    int state = 1; // what the left button paints (the right button erases to 0)
    MouseTool tool = MouseTool::Navigate;
};

// A screenshot to save at the end of the frame, and whom a failure is reported as coming from.
struct ScreenshotRequest {
    std::string path;
    std::string requestedBy; // e.g. "demo.txt:7: screenshot" for a script's; empty for the panel's and F12
};

// Everything the window's parts share: the running automata, the scenes that show them and the user's
// settings for viewing, running and editing them. Panel, keyboard, mouse and script all act on it
// through lab_actions.hpp and cloud_actions.hpp, and on the scene shown through WindowScene.
struct Lab {
    // Needs the window's OpenGL context: the scenes keep their textures and shaders.
    explicit Lab(const SceneStart& start);
    ~Lab();                   // out of line: WindowRecording is only declared here
    Lab(const Lab&) = delete; // the scenes keep a reference to it
    Lab& operator=(const Lab&) = delete;

    SimulationSession session; // the 2D automaton
    render::ViewNavigation view;
    render::ViewStyle style;
    RunSettings run;
    Brush brush;
    Selection selection; // the selected cells and the settings of their edits (selection_actions.hpp)
    StepMetrics metrics;
    PopulationHistory populationHistory; // the 2D automaton's, for the panel's plot
    EditHistory history;                 // the 2D automaton's undo and redo (undo_actions.hpp)
    std::string identifyReport;          // the last Identify's, shown in the panel
    LibrarySession library;              // pattern folders, search, preview and recent files

    CloudStart cloudStart;
    std::unique_ptr<CloudSession> cloud; // the cloud automaton, made when first needed (cloudSession())

    // The rule the radius/neighbourhood/centre controls reshape (the last one chosen by text, preset
    // or file), so moving the radius slider back and forth never drifts.
    Rule shapeBase;

    bool panelVisible = true;
    // Framebuffer pixels the panel covers at the window's right edge (measured as it is drawn): fit
    // leaves them free. The first fit happens before the first panel, hence a starting guess.
    int panelCover = 396;
    bool follow = false;                               // pan along with the population's centre of mass
    int pendingSteps = 0;                              // single steps asked for while paused (key N, Step button)
    int viewWidth = 1, viewHeight = 1;                 // the view's size in framebuffer pixels, updated every frame
    std::vector<ScreenshotRequest> screenshotRequests; // saved at the end of the current frame
    RecordingSettings recordingSettings;               // what Record and Ctrl+R record
    std::unique_ptr<WindowRecording> recording;        // while recording
    bool quitRequested = false;                        // leave after the current frame

    // The most recent outcome of a user action, shown at the top of the panel.
    std::string status;
    bool statusIsError = false;

    // One scene of each kind, indexed by SceneKind, and the kind shown (changed by showScene only).
    std::array<std::unique_ptr<WindowScene>, kSceneKinds> scenes;
    SceneKind shownKind = SceneKind::Grid;
    WindowScene& sceneOf(SceneKind kind) { return *scenes[std::size_t(kind)]; }
    WindowScene& shownScene() { return sceneOf(shownKind); }
};

} // namespace catlab::gui
