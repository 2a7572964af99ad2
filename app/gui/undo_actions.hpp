#pragma once

#include "gui/edit_history.hpp"
#include "gui/lab.hpp"

#include "catlab/cell_rect.hpp"

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace catlab::gui {

// Undo, redo and Reset in the 2D scene, and how each change the user makes is kept for them (Lab::history).
// Each throws catlab::Error naming the problem and leaves the lab as it was.

// Takes back the newest change, or redoes the last one undone ("nothing to undo" when there is none). Undo,
// redo and Reset pause the window.
void undo(Lab& lab);
void redo(Lab& lab);
// The same, saying in lab.status what was undone or redone ("undid paint"), or why not.
void undoWithStatus(Lab& lab);
void redoWithStatus(Lab& lab);
// Golly's Reset: back to the pattern, rule and generation 0 as they were when generation 0 was last set
// (a load, random start or clear, and the edits made at generation 0 before generating); undoable. Nothing
// to do at generation 0.
void resetToGeneration0(Lab& lab);

// Makes a change to the cells of one rectangle undoable as `name`: construct it before the change (it reads
// the rectangle's cells, wherever the backend keeps them), call commit() after. Left without commit() (the
// change failed) it records nothing. A commit joining a brush stroke (Joining::Stroke) adds to the stroke
// being recorded, so a stroke is undone at once.
class UndoableCellEdit {
  public:
    UndoableCellEdit(Lab& lab, const CellRect& rect, std::string name, Joining joining = Joining::None);
    void commit();

  private:
    Lab& lab_;
    std::string name_;
    Joining joining_;
    RectCells before_;
};

// Runs `change`, a change of the whole grid (random start, clear, load, resize, a rule dropping states),
// undoable as `name` when the grid fits the history's budget (the history says otherwise).
template <class Change>
void changeWholeGrid(Lab& lab, const std::string& name, Change&& change);

// While the window plays, the run's entry returns to where it began: cell edits and rule changes made during
// the run join it rather than making entries of their own (which would each start another run's snapshot).
bool changesJoinTheRun(const Lab& lab);

// Before generating from the current state: where undo will return, and at generation 0 the pattern Reset
// returns to. The generations of one run (until it is paused or another change is made) are one entry; while
// paused each step is one.
void recordGenerating(Lab& lab);

// The state as it is, for undo (capturing copies every cell, from the device for GPU backends).
std::shared_ptr<const WholeState> captureWholeState(const Lab& lab);
RuleState captureRuleState(const Lab& lab);

namespace detail {
// changeWholeGrid() before and after its change: the state it replaces (null when too large to keep).
struct WholeChangeStart {
    std::shared_ptr<const WholeState> before;
    GridSize size;
};
WholeChangeStart captureBeforeWholeChange(const Lab& lab);
void commitWholeChange(Lab& lab, const std::string& name, WholeChangeStart start);
} // namespace detail

template <class Change>
void changeWholeGrid(Lab& lab, const std::string& name, Change&& change) {
    detail::WholeChangeStart start = detail::captureBeforeWholeChange(lab);
    std::forward<Change>(change)();
    detail::commitWholeChange(lab, name, std::move(start));
}

} // namespace catlab::gui
