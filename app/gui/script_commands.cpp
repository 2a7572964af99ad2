#include "gui/script_commands.hpp"

#include <algorithm>

namespace catlab::gui {

const std::vector<ScriptCommandSpec>& scriptCommandSpecs() {
    using enum ArgKind;
    static const std::vector<ScriptCommandSpec> specs = {
        {"frames", {Count}, 1, "frames N", "let N frames pass (stepping when playing)"},
        {"play", {}, 0, "play", "run: steps-per-frame generations every frame"},
        {"pause", {}, 0, "pause", "stop running"},
        {"step", {Count}, 0, "step [N]", "compute N generations now (default 1)"},
        {"speed", {Count}, 1, "speed N", "generations per frame while playing"},
        {"fps", {Number}, 1, "fps F", "target frame rate"},
        {"rule", {Rest}, 1, "rule TEXT", "preset id or name, or a rule string; the cells are kept"},
        {"radius", {Count}, 1, "radius R", "the rule reshaped to radius R (ranges scale with it)"},
        {"neighbourhood", {Word}, 1, "neighbourhood moore|vonneumann|circular", "the rule reshaped"},
        {"centre", {Word}, 1, "centre on|off", "count the cell itself or not (ranges scale)"},
        {"states", {Count}, 1, "states N", "number of states (2: no decay)"},
        {"backend", {Word}, 1, "backend NAME", "switch backend, keeping the cells (auto: fastest)"},
        {"size", {Word}, 1, "size WxH", "a new random grid of this size (too large: refused)"},
        {"random", {Number, Seed}, 0, "random [DENSITY [SEED]]", "a new random start"},
        {"reset",
         {},
         0,
         "reset",
         "back to the pattern, rule and generation 0 as they were when generating began there"},
        {"undo", {}, 0, "undo", "take back the last change (edit, rule, load, random start, generating, reset ...)"},
        {"redo", {}, 0, "redo", "make the last undone change again"},
        {"clear", {}, 0, "clear", "every cell dead"},
        {"zoom",
         {Number, Number, Number},
         1,
         "zoom Z [X Y]",
         "Z pixels per cell (below 1: zoomed out), centred on cell (X, Y) when given"},
        {"pan", {Number, Number}, 2, "pan DX DY", "move the picture by DX, DY pixels"},
        {"fit", {}, 0, "fit", "the whole grid in view"},
        {"one-to-one", {}, 0, "one-to-one", "one cell per pixel"},
        {"follow", {Word}, 1, "follow on|off", "keep the population's centre of mass in view"},
        {"colormap", {Word}, 1, "colormap two-state|decay|density", "colour map of the view"},
        {"grid", {Word}, 1, "grid on|off", "cell grid lines when zoomed in"},
        {"panel", {Word}, 1, "panel show|hide", "the control panel"},
        {"brush", {Count}, 1, "brush N", "brush side in cells"},
        {"paint", {Integer, Integer, Count}, 2, "paint X Y [STATE]", "set the brush at cell (X, Y) (state 1)"},
        {"erase", {Integer, Integer}, 2, "erase X Y", "clear the brush at cell (X, Y)"},
        {"load", {Rest}, 1, "load FILE.rle", "load a pattern (its rule and torus when it names them)"},
        {"save", {Rest}, 1, "save FILE.rle", "save the grid as RLE"},
        {"library", {Rest}, 0, "library [FOLDER]", "add a folder to the pattern library; print the library's folders"},
        {"library-search",
         {Rest},
         1,
         "library-search TEXT",
         "search the library's file names; print the results, numbered"},
        {"library-open",
         {Rest},
         1,
         "library-open PATH|N",
         "open a pattern file, or result N of the last library-search; print its rule, size and comments"},
        {"recent", {Count}, 0, "recent [N]", "open recent file N (1: the last opened); print the recent files"},
        {"screenshot", {Rest}, 1, "screenshot FILE.png", "save the window as PNG after this frame"},
        {"select", {Integer, Integer, Count, Count}, 4, "select X Y W H", "select the W x H cells at X, Y"},
        {"select-all", {}, 0, "select-all", "select the whole grid"},
        {"select-none", {}, 0, "select-none", "remove the selection"},
        {"shrink", {}, 0, "shrink", "shrink the selection to its live cells"},
        {"copy", {}, 0, "copy", "put the selection on the clipboard as RLE (as Golly does)"},
        {"cut", {}, 0, "cut", "copy the selection, then clear it"},
        {"paste",
         {Integer, Integer, Word},
         2,
         "paste X Y [or|copy|xor]",
         "paste the clipboard's pattern (RLE or any Golly format) with its top-left at X, Y and select it; "
         "prints what was pasted (a pattern of another rule: its cells, under the current rule)"},
        {"paste-mode", {Word}, 1, "paste-mode or|copy|xor", "how Paste and Ctrl+V combine the pasted cells"},
        {"paste-at", {Word}, 1, "paste-at mouse|selection", "where Paste and Ctrl+V put the pattern's top-left"},
        {"rotate", {Word}, 1, "rotate cw|ccw", "turn the selection a quarter about its centre"},
        {"flip", {Word}, 1, "flip h|v", "mirror the selection left to right (h) or top to bottom (v)"},
        {"random-fill",
         {Number, Seed},
         1,
         "random-fill DENSITY [SEED]",
         "fill the selection at random (each cell as random DENSITY SEED draws it)"},
        {"clear-inside", {}, 0, "clear-inside", "every selected cell dead"},
        {"clear-outside", {}, 0, "clear-outside", "every cell outside the selection dead"},
        {"clipboard-load", {Rest}, 1, "clipboard-load FILE", "put a file's text on the clipboard"},
        {"clipboard-save", {Rest}, 1, "clipboard-save FILE", "save the clipboard's text to a file"},
        {"record",
         {Rest},
         1,
         "record FILE",
         "record the window to FILE (.mp4, .mov, .mkv, .webm; for png a folder or f%05d.png)"},
        {"record-stop", {}, 0, "record-stop", "stop recording and close the file"},
        {"record-options",
         {Count, Word, Word},
         1,
         "record-options FPS [auto|h264|mpeg4|vp9|png [panel|view]]",
         "frames per second, format, and whether the panel is recorded (Record and Ctrl+R use them)"},
        {"key", {Word}, 1, "key NAME", "press a key, e.g. key ctrl+r, key space, key f12"},
        {"scene", {Word}, 1, "scene 2d|cloud", "show the 2D rules or the 3D cloud automaton"},
        {"cloud-size", {Word}, 1, "cloud-size XxYxZ", "a new, empty cloud volume of this size"},
        {"cloud-backend", {Word}, 1, "cloud-backend cpu|cuda|auto", "switch the cloud backend, keeping the cells"},
        {"sun", {Number, Number}, 2, "sun AZIMUTH ELEVATION", "the sun's direction in degrees (cloud scene)"},
        {"orbit",
         {Number, Number, Number},
         2,
         "orbit YAW PITCH [DISTANCE]",
         "the cloud camera's angles in degrees and distance (the volume's longest side is 1)"},
        {"population-csv",
         {Rest},
         1,
         "population-csv FILE.csv",
         "save the population plot's samples (generation,population) as CSV"},
        {"population-png", {Rest}, 1, "population-png FILE.png", "save the population plot as PNG"},
        {"identify",
         {Count, Integer, Integer, Count, Count},
         0,
         "identify [N [X Y W H]]",
         "run a copy of the grid (or of the W x H cells at X, Y alone, or else of the selection alone) up to N "
         "generations (default 1000) and print what the pattern is"},
        {"status",
         {},
         0,
         "status",
         "print rule, backend, grid, generation and population (and the selection, when there is one) to stdout"},
        {"quit", {}, 0, "quit", "close the window after this frame"},
    };
    return specs;
}

const ScriptCommandSpec* findScriptCommand(std::string_view name) {
    for (const ScriptCommandSpec& spec : scriptCommandSpecs())
        if (spec.name == name) return &spec;
    return nullptr;
}

std::string_view scriptArgumentName(const ScriptCommandSpec& spec, std::size_t index) {
    std::string_view rest = spec.usage.substr(std::min(spec.name.size(), spec.usage.size()));
    for (std::size_t i = 0;; ++i) {
        const std::size_t start = rest.find_first_not_of(" [");
        if (start == std::string_view::npos) return {};
        rest.remove_prefix(start);
        const std::size_t end = std::min(rest.find_first_of(" []"), rest.size());
        if (i == index) return rest.substr(0, end);
        rest.remove_prefix(end);
        rest.remove_prefix(std::min(rest.find_first_not_of(']'), rest.size()));
    }
}

} // namespace catlab::gui
