#include "gui/script_runner.hpp"
#include "gui/cloud_actions.hpp"
#include "gui/key_names.hpp"
#include "gui/keyboard_shortcuts.hpp"
#include "gui/lab_actions.hpp"
#include "gui/library_actions.hpp"
#include "gui/population_actions.hpp"
#include "gui/recording_actions.hpp"
#include "gui/scene_switch.hpp"
#include "gui/selection_actions.hpp"
#include "gui/undo_actions.hpp"

#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"
#include "catlab/identify.hpp"
#include "catlab/number_text.hpp"

#include <cctype>
#include <cmath>
#include <concepts>
#include <limits>
#include <map>
#include <ostream>
#include <string_view>

namespace catlab::gui {
namespace {

using Args = std::vector<std::string>;

// Argument i (parseScript checked its form) within [min, max], or `fallback` when it was left out. A value
// out of range throws catlab::Error naming the argument as the usage does: "Z 1e-308 is outside 0.000244141..256".
template <std::integral T>
T integerArg(const Args& args, std::size_t i, const char* name, T min, T max, T fallback) {
    return i < args.size() ? integerIn(args[i], min, max, name) : fallback;
}
double numberArg(const Args& args, std::size_t i, const char* name, double min, double max, double fallback) {
    return i < args.size() ? numberIn(args[i], min, max, name) : fallback;
}
double numberArg(const Args& args, std::size_t i, const char* name) {
    return numberArg(args, i, name, std::numeric_limits<double>::lowest(), std::numeric_limits<double>::max(), 0);
}

// The most generations `step` computes at once, and the farthest `pan` moves, in pixels.
constexpr int kMaxStepsAtOnce = 1 << 30;
constexpr double kMaxPanPixels = 1e9;
// Cells to paint: any 64-bit coordinate (it wraps onto the torus).
constexpr long long kMinCoordinate = std::numeric_limits<long long>::min();
constexpr long long kMaxCoordinate = std::numeric_limits<long long>::max();

bool onOff(const std::string& word) {
    if (word == "on") return true;
    if (word == "off") return false;
    throw Error("expected on or off, not '" + word + "'");
}

// A fixed shape by its name without spaces ("vonneumann", "alignedcheckerboard") or Golly's letter ("NN").
Neighbourhood neighbourhoodArg(const std::string& word) {
    if (word == "von-neumann") return Neighbourhood::VonNeumann;
    std::string known;
    for (Neighbourhood n : kNeighbourhoods) {
        if (!isFixedShape(n)) continue;
        std::string name;
        for (const char* c = toString(n); *c; ++c)
            if (*c != ' ') name += char(std::tolower(static_cast<unsigned char>(*c)));
        if (word == name || word == std::string("N") + neighbourhoodLetter(n)) return n;
        known += (known.empty() ? "" : ", ") + name;
    }
    throw Error("unknown neighbourhood '" + word + "' (" + known + ")");
}

PasteMode pasteModeArg(const std::string& word) {
    if (const auto mode = parsePasteMode(word)) return *mode;
    throw Error("expected or, copy or xor, not '" + word + "'");
}

// What a command may touch: the lab, the runner's frame wait and the status output.
struct Context {
    Lab& lab;
    long long& waitFrames;
    std::ostream& out;
    const std::string& origin; // "<script>:<line>: <command>", for failures reported later
};
using Handler = void (*)(Context&, const Args&);

// The outcome of a selection edit becomes the status line, as it does from the panel.
void said(Context& c, const std::string& line) {
    c.lab.status = line;
    c.lab.statusIsError = false;
}

const std::map<std::string_view, Handler>& commandHandlers() {
    static const std::map<std::string_view, Handler> handlers = {
        {"frames", [](Context& c,
                      const Args& a) { c.waitFrames = integerArg(a, 0, "N", 0, std::numeric_limits<int>::max(), 0); }},
        {"play", [](Context& c, const Args&) { c.lab.run.playing = true; }},
        {"pause", [](Context& c, const Args&) { c.lab.run.playing = false; }},
        {"step", [](Context& c, const Args& a) { stepNow(c.lab, integerArg(a, 0, "N", 0, kMaxStepsAtOnce, 1)); }},
        {"speed",
         [](Context& c, const Args& a) {
             c.lab.run.stepsPerFrame = integerArg(a, 0, "N", 1, RunSettings::kMaxStepsPerFrame, 1);
         }},
        {"fps", [](Context& c, const Args& a) { c.lab.run.targetFps = numberArg(a, 0, "F", 1, 1000, 60); }},
        {"rule", [](Context& c, const Args& a) { applyRuleText(c.lab, a[0]); }},
        {"radius",
         [](Context& c, const Args& a) {
             RuleShape shape = shapeOf(c.lab.session.rule());
             shape.radius = integerArg(a, 0, "R", 1, kMaxRadius, 1);
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
        {"states",
         [](Context& c, const Args& a) { applyStates(c.lab, integerArg(a, 0, "N", kMinStates, kMaxStates, 2)); }},
        {"backend", [](Context& c, const Args& a) { switchBackend(c.lab, a[0]); }},
        {"size", [](Context& c, const Args& a) { resizeGrid(c.lab, parseGridSize(a[0])); }},
        {"random",
         [](Context& c, const Args& a) {
             const double density = numberArg(a, 0, "DENSITY", 0, 1, c.lab.session.density());
             const std::uint64_t seed = integerArg(a, 1, "SEED", std::uint64_t(0),
                                                   std::numeric_limits<std::uint64_t>::max(), c.lab.session.seed());
             randomStart(c.lab, density, seed);
         }},
        {"reset", [](Context& c, const Args&) { resetToGeneration0(c.lab); }},
        {"undo", [](Context& c, const Args&) { undo(c.lab); }},
        {"redo", [](Context& c, const Args&) { redo(c.lab); }},
        {"clear", [](Context& c, const Args&) { clearGrid(c.lab); }},
        {"zoom",
         [](Context& c, const Args& a) {
             using render::ViewNavigation;
             const double zoom = numberArg(a, 0, "Z", ViewNavigation::kMinZoom, ViewNavigation::kMaxZoom, 1);
             if (a.size() == 2) throw Error("zoom takes a centre as two coordinates, X and Y");
             c.lab.view.setZoom(zoom);
             if (a.size() == 3) {
                 const double x = numberArg(a, 1, "X");
                 c.lab.view.centreOnCell(x, numberArg(a, 2, "Y"));
             }
         }},
        {"pan",
         [](Context& c, const Args& a) {
             const double dx = numberArg(a, 0, "DX", -kMaxPanPixels, kMaxPanPixels, 0);
             c.lab.view.panPixels(dx, numberArg(a, 1, "DY", -kMaxPanPixels, kMaxPanPixels, 0));
         }},
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
        {"brush", [](Context& c, const Args& a) { c.lab.brush.size = integerArg(a, 0, "N", 1, Brush::kMaxSize, 1); }},
        {"paint",
         [](Context& c, const Args& a) {
             const long long x = integerArg(a, 0, "X", kMinCoordinate, kMaxCoordinate, 0LL);
             const long long y = integerArg(a, 1, "Y", kMinCoordinate, kMaxCoordinate, 0LL);
             paintCells(c.lab, x, y, integerArg(a, 2, "STATE", 0, kMaxStates - 1, 1));
         }},
        {"erase",
         [](Context& c, const Args& a) {
             const long long x = integerArg(a, 0, "X", kMinCoordinate, kMaxCoordinate, 0LL);
             paintCells(c.lab, x, integerArg(a, 1, "Y", kMinCoordinate, kMaxCoordinate, 0LL), 0);
         }},
        {"load", [](Context& c, const Args& a) { loadPattern(c.lab, a[0]); }},
        {"save", [](Context& c, const Args& a) { savePattern(c.lab, a[0]); }},
        {"library",
         [](Context& c, const Args& a) {
             if (!a.empty()) addLibraryFolder(c.lab, a[0]);
             c.out << libraryFoldersText(c.lab) << std::flush;
         }},
        {"library-search",
         [](Context& c, const Args& a) {
             searchLibrary(c.lab, a[0]);
             c.out << searchResultsText(c.lab) << std::flush;
         }},
        {"library-open",
         [](Context& c, const Args& a) {
             openLibraryFile(c.lab, libraryFile(c.lab, a[0]));
             c.lab.library.revealInPanel = true;
             c.out << previewText(c.lab.library.waitForPreview()->info) << std::flush;
         }},
        {"recent",
         [](Context& c, const Args& a) {
             if (!a.empty())
                 openRecentFile(c.lab, std::size_t(integerArg(a, 0, "N", 0, std::numeric_limits<int>::max(), 1)));
             c.out << recentFilesText(c.lab) << std::flush;
         }},
        {"screenshot", [](Context& c, const Args& a) { requestScreenshot(c.lab, a[0], c.origin); }},
        {"select",
         [](Context& c, const Args& a) {
             const long long x = integerArg(a, 0, "X", kMinCoordinate, kMaxCoordinate, 0LL);
             const long long y = integerArg(a, 1, "Y", kMinCoordinate, kMaxCoordinate, 0LL);
             const int width = integerArg(a, 2, "W", 1, kMaxGridSide, 1);
             said(c, selectCells(c.lab, CellRect{x, y, width, integerArg(a, 3, "H", 1, kMaxGridSide, 1)}));
         }},
        {"select-all", [](Context& c, const Args&) { said(c, selectAll(c.lab)); }},
        {"select-none", [](Context& c, const Args&) { said(c, selectNone(c.lab)); }},
        {"shrink", [](Context& c, const Args&) { said(c, shrinkSelection(c.lab)); }},
        {"copy", [](Context& c, const Args&) { said(c, copySelection(c.lab)); }},
        {"cut", [](Context& c, const Args&) { said(c, cutSelection(c.lab)); }},
        {"paste",
         [](Context& c, const Args& a) {
             const long long x = integerArg(a, 0, "X", kMinCoordinate, kMaxCoordinate, 0LL);
             const long long y = integerArg(a, 1, "Y", kMinCoordinate, kMaxCoordinate, 0LL);
             const PasteMode mode = a.size() > 2 ? pasteModeArg(a[2]) : c.lab.selection.pasteMode;
             said(c, pasteClipboard(c.lab, x, y, mode));
             c.out << c.origin << ": " << c.lab.status << std::endl;
         }},
        {"paste-mode", [](Context& c, const Args& a) { c.lab.selection.pasteMode = pasteModeArg(a[0]); }},
        {"paste-at",
         [](Context& c, const Args& a) {
             if (a[0] != "mouse" && a[0] != "selection")
                 throw Error("expected mouse or selection, not '" + a[0] + "'");
             c.lab.selection.pasteAnchor = a[0] == "mouse" ? PasteAnchor::Mouse : PasteAnchor::Selection;
         }},
        {"rotate",
         [](Context& c, const Args& a) {
             if (a[0] != "cw" && a[0] != "ccw") throw Error("expected cw or ccw, not '" + a[0] + "'");
             said(c, rotateSelection(c.lab, a[0] == "cw"));
         }},
        {"flip",
         [](Context& c, const Args& a) {
             if (a[0] != "h" && a[0] != "v") throw Error("expected h or v, not '" + a[0] + "'");
             said(c, flipSelection(c.lab, a[0] == "h"));
         }},
        {"random-fill",
         [](Context& c, const Args& a) {
             const double density = numberArg(a, 0, "DENSITY", 0, 1, 0.5);
             const std::uint64_t seed = integerArg(a, 1, "SEED", std::uint64_t(0),
                                                   std::numeric_limits<std::uint64_t>::max(), std::uint64_t(1));
             said(c, randomFillSelection(c.lab, density, seed));
         }},
        {"clear-inside", [](Context& c, const Args&) { said(c, clearInsideSelection(c.lab)); }},
        {"clear-outside", [](Context& c, const Args&) { said(c, clearOutsideSelection(c.lab)); }},
        {"clipboard-load", [](Context& c, const Args& a) { said(c, loadClipboardFile(a[0])); }},
        {"clipboard-save", [](Context& c, const Args& a) { said(c, saveClipboardFile(a[0])); }},
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
             const int fps = integerArg(a, 0, "FPS", 1, 240, 30);
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
        {"sun",
         [](Context& c, const Args& a) {
             const double azimuth = numberArg(a, 0, "AZIMUTH");
             setSun(c.lab, azimuth, numberArg(a, 1, "ELEVATION", -90, 90, 0));
         }},
        {"orbit",
         [](Context& c, const Args& a) {
             using render::OrbitCamera;
             const double yaw = numberArg(a, 0, "YAW");
             const double pitch = numberArg(a, 1, "PITCH", OrbitCamera::kMinPitch, OrbitCamera::kMaxPitch, 0);
             OrbitCamera& camera = cloudSession(c.lab).camera;
             const double distance =
                 numberArg(a, 2, "DISTANCE", OrbitCamera::kMinDistance, OrbitCamera::kMaxDistance, camera.distance);
             camera.yawDegrees = std::fmod(yaw, 360.0);
             camera.pitchDegrees = pitch;
             camera.distance = distance;
         }},
        {"population-csv", [](Context& c, const Args& a) { exportPopulationCsv(c.lab, a[0]); }},
        {"population-png", [](Context& c, const Args& a) { exportPopulationPng(c.lab, a[0]); }},
        {"identify",
         [](Context& c, const Args& a) {
             const long long generations = integerArg(a, 0, "N", 1LL, IdentifyOptions::kMaxGenerations, 1000LL);
             if (a.size() > 1 && a.size() < 5) throw Error("identify takes a region as four numbers, X Y W H");
             std::optional<CellRect> region = selectedCells(c.lab); // the selection alone, when there is one
             if (a.size() == 5)
                 region =
                     CellRect{integerArg(a, 1, "X", kMinCoordinate, kMaxCoordinate, 0LL),
                              integerArg(a, 2, "Y", kMinCoordinate, kMaxCoordinate, 0LL),
                              integerArg(a, 3, "W", 1, kMaxGridSide, 1), integerArg(a, 4, "H", 1, kMaxGridSide, 1)};
             identifyPattern(c.lab, generations, region);
             c.out << c.lab.identifyReport << std::flush;
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
            errors_ << origin(command) << ": " << e.what() << '\n';
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
    const std::string where = origin(command);
    Context context{lab, waitFrames_, out_, where};
    const auto handler = commandHandlers().find(command.name);
    if (handler == commandHandlers().end())
        throw Error("command '" + command.name + "' is not implemented"); // parseScript knows every command
    handler->second(context, command.args);
}

std::string ScriptRunner::origin(const ScriptCommand& command) const {
    return script_.sourceName + ":" + std::to_string(command.line) + ": " + command.name;
}

} // namespace catlab::gui
