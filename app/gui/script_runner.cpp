#include "gui/script_runner.hpp"
#include "gui/cloud_actions.hpp"
#include "gui/key_names.hpp"
#include "gui/keyboard_shortcuts.hpp"
#include "gui/lab_actions.hpp"
#include "gui/recording_actions.hpp"
#include "gui/scene_switch.hpp"

#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <map>
#include <ostream>
#include <string_view>

namespace catlab::gui {
namespace {

using Args = std::vector<std::string>;

// Arguments are read as parseScript checked them, so a checked script never fails here.
long long integerArg(const Args& args, std::size_t i, long long fallback) {
    if (i >= args.size()) return fallback;
    const auto value = scriptInteger(args[i]);
    if (!value) throw Error("'" + args[i] + "' is not an integer");
    return *value;
}
double numberArg(const Args& args, std::size_t i, double fallback) {
    if (i >= args.size()) return fallback;
    const auto value = scriptNumber(args[i]);
    if (!value) throw Error("'" + args[i] + "' is not a number");
    return *value;
}
int intArg(const Args& args, std::size_t i, int fallback, const char* what) {
    const long long v = integerArg(args, i, fallback);
    if (v > (1LL << 30)) throw Error(std::string(what) + " " + std::to_string(v) + " is too large");
    return int(v);
}

bool onOff(const std::string& word) {
    if (word == "on") return true;
    if (word == "off") return false;
    throw Error("expected on or off, not '" + word + "'");
}

Neighbourhood neighbourhoodArg(const std::string& word) {
    if (word == "moore" || word == "NM") return Neighbourhood::Moore;
    if (word == "vonneumann" || word == "von-neumann" || word == "NN") return Neighbourhood::VonNeumann;
    if (word == "circular" || word == "NC") return Neighbourhood::Circular;
    throw Error("unknown neighbourhood '" + word + "' (moore, vonneumann or circular)");
}

// What a command may touch: the lab, the runner's frame wait and the status output.
struct Context {
    Lab& lab;
    long long& waitFrames;
    std::ostream& out;
};
using Handler = void (*)(Context&, const Args&);

const std::map<std::string_view, Handler>& commandHandlers() {
    static const std::map<std::string_view, Handler> handlers = {
        {"frames", [](Context& c, const Args& a) { c.waitFrames = integerArg(a, 0, 0); }},
        {"play", [](Context& c, const Args&) { c.lab.run.playing = true; }},
        {"pause", [](Context& c, const Args&) { c.lab.run.playing = false; }},
        {"step", [](Context& c, const Args& a) { stepNow(c.lab, intArg(a, 0, 1, "step")); }},
        {"speed",
         [](Context& c, const Args& a) {
             const int n = intArg(a, 0, 1, "speed");
             if (n < 1 || n > RunSettings::kMaxStepsPerFrame)
                 throw Error("steps per frame must be 1.." + std::to_string(RunSettings::kMaxStepsPerFrame));
             c.lab.run.stepsPerFrame = n;
         }},
        {"fps",
         [](Context& c, const Args& a) {
             const double fps = numberArg(a, 0, 60);
             if (!(fps >= 1 && fps <= 1000)) throw Error("target fps must be 1..1000");
             c.lab.run.targetFps = fps;
         }},
        {"rule", [](Context& c, const Args& a) { applyRuleText(c.lab, a[0]); }},
        {"radius",
         [](Context& c, const Args& a) {
             RuleShape shape = shapeOf(c.lab.session.rule());
             shape.radius = intArg(a, 0, 1, "radius");
             applyRuleShape(c.lab, shape);
         }},
        {"neighbourhood",
         [](Context& c, const Args& a) {
             RuleShape shape = shapeOf(c.lab.session.rule());
             shape.neighbourhood = neighbourhoodArg(a[0]);
             applyRuleShape(c.lab, shape);
         }},
        {"centre",
         [](Context& c, const Args& a) {
             RuleShape shape = shapeOf(c.lab.session.rule());
             shape.includeCentre = onOff(a[0]);
             applyRuleShape(c.lab, shape);
         }},
        {"states", [](Context& c, const Args& a) { applyStates(c.lab, intArg(a, 0, 2, "states")); }},
        {"backend", [](Context& c, const Args& a) { switchBackend(c.lab, a[0]); }},
        {"size", [](Context& c, const Args& a) { resizeGrid(c.lab, parseGridSize(a[0])); }},
        {"reset",
         [](Context& c, const Args& a) {
             resetGrid(c.lab, numberArg(a, 0, c.lab.session.density()),
                       std::uint64_t(integerArg(a, 1, (long long)c.lab.session.seed())));
         }},
        {"clear", [](Context& c, const Args&) { clearGrid(c.lab); }},
        {"zoom",
         [](Context& c, const Args& a) {
             const double zoom = numberArg(a, 0, 1);
             if (!(zoom > 0)) throw Error("zoom must be above 0");
             c.lab.view.setZoom(zoom);
             if (a.size() == 2) throw Error("zoom takes a centre as two coordinates, X and Y");
             if (a.size() == 3) c.lab.view.centreOnCell(numberArg(a, 1, 0), numberArg(a, 2, 0));
         }},
        {"pan", [](Context& c, const Args& a) { c.lab.view.panPixels(numberArg(a, 0, 0), numberArg(a, 1, 0)); }},
        {"fit", [](Context& c, const Args&) { fitView(c.lab); }},
        {"one-to-one", [](Context& c, const Args&) { c.lab.view.oneToOne(); }},
        {"follow", [](Context& c, const Args& a) { c.lab.follow = onOff(a[0]); }},
        {"colormap",
         [](Context& c, const Args& a) {
             const auto map = render::parseColourMap(a[0]);
             if (!map) throw Error("unknown colour map '" + a[0] + "' (two-state, decay or density)");
             c.lab.style.colourMap = *map;
         }},
        {"grid", [](Context& c, const Args& a) { c.lab.style.gridLines = onOff(a[0]); }},
        {"panel",
         [](Context& c, const Args& a) {
             if (a[0] != "show" && a[0] != "hide") throw Error("expected show or hide, not '" + a[0] + "'");
             c.lab.panelVisible = a[0] == "show";
         }},
        {"brush",
         [](Context& c, const Args& a) {
             const int size = intArg(a, 0, 1, "brush");
             if (size < 1 || size > Brush::kMaxSize)
                 throw Error("brush size must be 1.." + std::to_string(Brush::kMaxSize));
             c.lab.brush.size = size;
         }},
        {"paint",
         [](Context& c, const Args& a) {
             paintCells(c.lab, integerArg(a, 0, 0), integerArg(a, 1, 0), intArg(a, 2, 1, "state"));
         }},
        {"erase", [](Context& c, const Args& a) { paintCells(c.lab, integerArg(a, 0, 0), integerArg(a, 1, 0), 0); }},
        {"load", [](Context& c, const Args& a) { loadPattern(c.lab, a[0]); }},
        {"save", [](Context& c, const Args& a) { savePattern(c.lab, a[0]); }},
        {"screenshot", [](Context& c, const Args& a) { requestScreenshot(c.lab, a[0]); }},
        {"record",
         [](Context& c, const Args& a) {
             c.lab.recordingSettings.path = a[0];
             startRecording(c.lab);
         }},
        {"record-stop",
         [](Context& c, const Args&) {
             if (!stopRecording(c.lab)) throw Error(c.lab.status);
         }},
        {"record-options",
         [](Context& c, const Args& a) {
             RecordingSettings& settings = c.lab.recordingSettings;
             const int fps = intArg(a, 0, 30, "fps");
             if (fps < 1 || fps > 240) throw Error("recording fps must be 1..240");
             const video::VideoFormat format = a.size() > 1 ? video::parseVideoFormat(a[1]) : settings.format;
             if (a.size() > 2 && a[2] != "panel" && a[2] != "view")
                 throw Error("expected panel or view, not '" + a[2] + "'");
             settings.fps = fps;
             settings.format = format;
             if (a.size() > 2) settings.includePanel = a[2] == "panel";
         }},
        {"key", [](Context& c, const Args& a) { applyShortcuts({parseKeyName(a[0])}, c.lab); }},
        {"scene",
         [](Context& c, const Args& a) {
             if (a[0] != "2d" && a[0] != "cloud") throw Error("expected 2d or cloud, not '" + a[0] + "'");
             showScene(c.lab, a[0] == "cloud" ? SceneKind::Cloud : SceneKind::Grid);
         }},
        {"cloud-size", [](Context& c, const Args& a) { resizeCloud(c.lab, cloud::parseCloudSize(a[0])); }},
        {"cloud-backend", [](Context& c, const Args& a) { switchCloudBackend(c.lab, a[0]); }},
        {"sun", [](Context& c, const Args& a) { setSun(c.lab, numberArg(a, 0, 0), numberArg(a, 1, 0)); }},
        {"orbit",
         [](Context& c, const Args& a) {
             render::OrbitCamera& camera = cloudSession(c.lab).camera;
             camera.yawDegrees = 0;
             camera.pitchDegrees = 0;
             camera.orbit(numberArg(a, 0, 0), numberArg(a, 1, 0));
             if (a.size() > 2) {
                 const double distance = numberArg(a, 2, 1);
                 if (!(distance > 0)) throw Error("the camera distance must be above 0");
                 camera.distance = 1;
                 camera.zoom(distance);
             }
         }},
        {"status", [](Context& c, const Args&) { c.out << c.lab.shownScene().statusText() << std::flush; }},
        {"quit", [](Context& c, const Args&) { c.lab.quitRequested = true; }},
    };
    return handlers;
}

} // namespace

ScriptRunner::ScriptRunner(Script script, std::ostream& out, std::ostream& errors)
    : script_(std::move(script)), out_(out), errors_(errors) {}

void ScriptRunner::beginFrame(Lab& lab) {
    if (waitFrames_ > 0) {
        --waitFrames_;
        return;
    }
    while (next_ < script_.commands.size() && waitFrames_ == 0 && !lab.quitRequested) {
        const ScriptCommand& command = script_.commands[next_++];
        try {
            execute(command, lab);
        } catch (const std::exception& e) {
            // catlab::Error and failed allocations alike: report, count, go on.
            ++failures_;
            errors_ << script_.sourceName << ":" << command.line << ": " << command.name << ": " << e.what() << '\n';
        }
        if (command.name == "frames" && waitFrames_ > 0) {
            --waitFrames_; // this frame is the first of them
            return;
        }
        // A screenshot shows the state as the script has made it so far: the commands after it wait
        // for the next frame.
        if (command.name == "screenshot") return;
    }
}

void ScriptRunner::execute(const ScriptCommand& command, Lab& lab) {
    Context context{lab, waitFrames_, out_};
    const auto handler = commandHandlers().find(command.name);
    if (handler == commandHandlers().end())
        throw Error("command '" + command.name + "' is not implemented"); // parseScript knows every command
    handler->second(context, command.args);
}

} // namespace catlab::gui
