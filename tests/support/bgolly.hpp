#pragma once
// Golly's command-line bgolly (Debian's golly package) as a test oracle: runs a pattern file for some
// generations and reads back what it wrote.
#include "catlab/error.hpp"
#include "catlab/golly_rule_text.hpp"
#include "catlab/pattern_file.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace catlab::testing {

inline std::optional<std::string> bgollyExecutable() {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/bin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        const std::filesystem::path candidate = std::filesystem::path(dir) / "bgolly";
        if (!dir.empty() && std::filesystem::is_regular_file(candidate)) return candidate.string();
    }
    return std::nullopt;
}

// The algorithm of bgolly 3.3 that runs the rule: QuickLife for two-state life-like rules,
// Generations for Golly's S/B/C rules, Larger than Life for the rest.
inline std::string bgollyAlgorithm(const Rule& rule) {
    const std::string text = formatRuleForGolly(rule);
    if (text[0] == 'R') return "Larger than Life";
    return rule.states > 2 ? "Generations" : "QuickLife";
}

// True when bgolly 3.3 keeps the rule's torus itself; its other algorithms run an unbounded plane
// (Golly's window adds bounded grids around them, bgolly does not).
inline bool bgollyKeepsTorus(const Rule& rule) { return bgollyAlgorithm(rule) == "Larger than Life"; }

// What bgolly says after `generations` generations of the file at `input`, read back with catlab's
// reader of the format `outName` names (bgolly's RLE holds the live cells' bounding box, without a
// position; its macrocell files, from HashLife and Generations, keep the position). Throws catlab::Error
// with bgolly's output when it fails.
inline Pattern runBgolly(const std::string& bgolly, const std::string& input, const std::string& algorithm,
                         int generations, const std::filesystem::path& dir,
                         const std::string& outName = "bgolly-out.rle") {
    const std::filesystem::path out = dir / outName, log = dir / "bgolly.log";
    std::filesystem::remove(out);
    const std::string command = "'" + bgolly + "' -q -q -a '" + algorithm + "' -m " + std::to_string(generations) +
                                " -o '" + out.string() + "' '" + input + "' > '" + log.string() + "' 2>&1";
    const int rc = std::system(command.c_str());
    std::ifstream logFile(log);
    const std::string said((std::istreambuf_iterator<char>(logFile)), std::istreambuf_iterator<char>());
    if (rc != 0 || !std::filesystem::exists(out)) throw Error("bgolly failed on " + input + ": " + said);
    return readPatternFile(out.string());
}

// The live cells' bounding box of a grid (a 1x1 dead grid when none is alive), as bgolly writes it.
inline Grid liveBox(const Grid& g) {
    int left = g.width(), right = -1, top = g.height(), bottom = -1;
    for (int y = 0; y < g.height(); ++y)
        for (int x = 0; x < g.width(); ++x)
            if (g.at(x, y)) {
                left = std::min(left, x), right = std::max(right, x);
                top = std::min(top, y), bottom = std::max(bottom, y);
            }
    if (right < 0) return Grid(GridSize{1, 1});
    Grid box(GridSize{right - left + 1, bottom - top + 1});
    for (int y = top; y <= bottom; ++y)
        for (int x = left; x <= right; ++x) box.at(x - left, y - top) = g.at(x, y);
    return box;
}

} // namespace catlab::testing
