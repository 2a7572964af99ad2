#pragma once

#include "gui/lab.hpp"

#include "catlab/grid.hpp"
#include "catlab/rule.hpp"
#include "catlab/rule_scaling.hpp"

#include <cstdint>
#include <string>

namespace catlab::gui {

// The changes a user can make, shared by the panel, the keyboard, the mouse and scripts. Each throws
// catlab::Error naming the problem and leaves the lab as it was; success may leave a note in
// lab.session.lastNotice(). Every change of the cells, the rule or the generation can be undone
// (undo_actions.hpp), within the history's budget (lab.history.notice() says when not).

// A preset id or name, or a rule string; the cells are kept. A rule string naming another torus than
// the grid's (":Tw,h") makes a new random grid of that size, as `--rule` does on the command line.
void applyRuleText(Lab& lab, const std::string& text);
// Reshapes the last chosen rule (see Lab::shapeBase) to another radius, neighbourhood or centre.
void applyRuleShape(Lab& lab, const RuleShape& shape);
void applyStates(Lab& lab, int states);

void switchBackend(Lab& lab, const std::string& name);
void resizeGrid(Lab& lab, GridSize size);
// A new random start of the same grid (Reset, which returns to generation 0, is in undo_actions.hpp).
void randomStart(Lab& lab, double density, std::uint64_t seed);
void clearGrid(Lab& lab);

// Generations right now (not waiting for a frame), timed into the metrics.
void stepNow(Lab& lab, int generations);

// Sets the cells of the brush centred on cell (x, y) (wrapping) to `state`. The dabs of one mouse stroke
// (`continuesStroke` after the first) are undone together.
void paintCells(Lab& lab, long long x, long long y, int state, bool continuesStroke = false);

// RLE files. Loading takes the file's rule when it names one (else keeps the current rule) and its
// torus when it names one (else keeps the grid size when the pattern fits, centring it), and puts the
// file first in the recent files (library_actions.hpp).
void loadPattern(Lab& lab, const std::string& path);
void savePattern(Lab& lab, const std::string& path);

// The window is saved at the end of this frame; throws now when the path cannot be written. A failure
// then is reported as coming from `requestedBy` when given (a script's line).
void requestScreenshot(Lab& lab, const std::string& path, const std::string& requestedBy = {});
// catlab-<date>-<time>.png in the working directory.
std::string defaultScreenshotName();

// The whole grid in view.
void fitView(Lab& lab);

// Steps per frame doubled or halved (keys + and -), within 1..RunSettings::kMaxStepsPerFrame.
void changeSpeed(Lab& lab, bool faster);

} // namespace catlab::gui
