#include "gui/undo_actions.hpp"
#include "gui/lab_actions.hpp"

#include "catlab/error.hpp"
#include "catlab/grid_size_text.hpp"

#include <exception>
#include <new>

namespace catlab::gui {
namespace {

std::string tooLargeToKeep(const Lab& lab, GridSize size) {
    return "the " + formatGridSize(size) + " grid (" + formatMebibytes(WholeState::bytesFor(size)) +
           ") is larger than the undo budget of " + formatMebibytes(lab.history.budgetBytes());
}

// Puts an earlier whole state back, with the pattern Reset returns to from it.
void restoreWholeState(Lab& lab, const WholeState& state) {
    const GridSize size = lab.session.size();
    lab.session.restore(state.cells, state.rule, state.ruleName, state.generation, state.growingOrigin);
    lab.shapeBase = state.shapeBase;
    lab.history.setGenerationZero(state.generationZero);
    lab.metrics.restartSmoothing();
    if (lab.session.size() != size) {
        lab.view.setGrid(lab.session.size());
        fitView(lab);
    }
}

// Swaps the side an entry keeps with the lab's (see EditEntry). False when the lab's side was too large to
// keep: the change is made but cannot come back.
bool swapWithLab(Lab& lab, EditEntry& entry, bool undoing) {
    if (auto* rects = std::get_if<std::vector<RectCells>>(&entry.other)) {
        swapCells(lab.session, *rects, undoing);
        return true;
    }
    if (auto* rule = std::get_if<RuleState>(&entry.other)) {
        RuleState current = captureRuleState(lab);
        lab.session.setRule(rule->rule, rule->ruleName); // throws before anything changes
        lab.shapeBase = rule->shapeBase;
        lab.metrics.restartSmoothing();
        *rule = std::move(current);
        return true;
    }
    auto& whole = std::get<std::shared_ptr<const WholeState>>(entry.other);
    std::shared_ptr<const WholeState> current =
        lab.history.fits(lab.session.size()) ? captureWholeState(lab) : std::shared_ptr<const WholeState>();
    restoreWholeState(lab, *whole);
    whole = std::move(current);
    return whole != nullptr;
}

void requireGridScene(const Lab& lab, const char* what) {
    if (lab.shownKind != SceneKind::Grid)
        throw Error(std::string(what) + " applies to the 2D rules; the cloud scene is shown");
}

// Undo (`undoing`) or redo: the entry's side swapped with the lab's, then the entry onto the other stack.
void travel(Lab& lab, bool undoing) {
    const std::string what = undoing ? "undo" : "redo";
    requireGridScene(lab, what.c_str());
    EditHistory& history = lab.history;
    if (!(undoing ? history.canUndo() : history.canRedo())) throw Error("nothing to " + what);
    lab.run.playing = false; // as in Golly: running on would start another run at once
    const GridSize size = lab.session.size();
    EditEntry entry = undoing ? history.takeUndo() : history.takeRedo();
    bool kept = false;
    try {
        kept = swapWithLab(lab, entry, undoing);
    } catch (...) {
        if (undoing)
            history.restoreUndo(std::move(entry));
        else
            history.restoreRedo(std::move(entry));
        throw;
    }
    if (!kept)
        history.forget((undoing ? "undid " : "redid ") + entry.name + "; it cannot be " +
                       (undoing ? "redone: " : "undone again: ") + tooLargeToKeep(lab, size));
    else if (undoing)
        history.pushRedo(std::move(entry));
    else
        history.pushUndo(std::move(entry));
}

template <class Action>
void reportUndo(Lab& lab, const std::string& verb, std::string name, Action&& action) {
    try {
        action();
        const std::string notice = lab.history.takeNotice();
        lab.status = notice.empty() ? verb + name : notice;
        lab.statusIsError = false;
    } catch (const std::exception& e) {
        lab.status = e.what();
        lab.statusIsError = true;
    }
}

} // namespace

std::shared_ptr<const WholeState> captureWholeState(const Lab& lab) {
    const SimulationSession& session = lab.session;
    auto state = std::make_shared<WholeState>();
    try {
        state->cells = session.snapshot();
    } catch (const std::bad_alloc&) {
        throw Error("not enough memory to keep the " + formatGridSize(session.size()) + " grid for undo");
    }
    state->rule = session.rule();
    state->ruleName = session.ruleName();
    state->shapeBase = lab.shapeBase;
    state->generation = session.generation();
    if (session.growing()) state->growingOrigin = std::pair{session.originX(), session.originY()};
    if (state->generation > 0) state->generationZero = lab.history.generationZero();
    return state;
}

RuleState captureRuleState(const Lab& lab) {
    return RuleState{lab.session.rule(), lab.session.ruleName(), lab.shapeBase};
}

void undo(Lab& lab) { travel(lab, true); }

void redo(Lab& lab) { travel(lab, false); }

void undoWithStatus(Lab& lab) {
    reportUndo(lab, "undid ", lab.history.undoName(), [&] { undo(lab); });
}

void redoWithStatus(Lab& lab) {
    reportUndo(lab, "redid ", lab.history.redoName(), [&] { redo(lab); });
}

void resetToGeneration0(Lab& lab) {
    requireGridScene(lab, "reset");
    if (lab.session.generation() == 0) return;
    const std::shared_ptr<const WholeState> start = lab.history.generationZero();
    if (!start)
        throw Error("cannot reset: the pattern at generation 0 was not kept, its grid being larger than the undo "
                    "budget of " +
                    formatMebibytes(lab.history.budgetBytes()));
    lab.run.playing = false; // as in Golly: running on would start another run at once
    changeWholeGrid(lab, "reset", [&] { restoreWholeState(lab, *start); });
}

bool changesJoinTheRun(const Lab& lab) { return lab.run.playing && lab.history.joins(Joining::Generating); }

UndoableCellEdit::UndoableCellEdit(Lab& lab, const CellRect& rect, std::string name, Joining joining)
    : lab_(lab), name_(std::move(name)), joining_(joining) {
    before_.rect = rect;
    // A stroke too large to keep records none of its dabs; the run being recorded covers the edit.
    const bool strokeForgotten =
        joining == Joining::Stroke && lab.history.joins(Joining::Stroke) && !lab.history.joinable(Joining::Stroke);
    if (!strokeForgotten && !changesJoinTheRun(lab)) before_.cells = lab.session.readCells(rect);
}

void UndoableCellEdit::commit() {
    EditHistory& history = lab_.history;
    if (changesJoinTheRun(lab_)) return;
    if (joining_ == Joining::Stroke && history.joins(Joining::Stroke)) {
        if (history.joinable(Joining::Stroke)) history.extendStroke(std::move(before_));
        return;
    }
    std::vector<RectCells> rects;
    rects.push_back(std::move(before_));
    history.record(EditEntry{name_, std::move(rects)}, joining_);
}

void recordGenerating(Lab& lab) {
    EditHistory& history = lab.history;
    if (history.joins(Joining::Generating)) return;
    const bool fromGeneration0 = lab.session.generation() == 0;
    if (!history.fits(lab.session.size())) {
        history.forget("generating cannot be undone: " + tooLargeToKeep(lab, lab.session.size()), Joining::Generating);
        if (fromGeneration0) history.setGenerationZero(nullptr);
        lab.status = history.takeNotice();
        lab.statusIsError = false;
        return;
    }
    std::shared_ptr<const WholeState> before = captureWholeState(lab);
    if (fromGeneration0) history.setGenerationZero(before);
    history.record(EditEntry{"generate", std::move(before)}, Joining::Generating);
}

namespace detail {

WholeChangeStart captureBeforeWholeChange(const Lab& lab) {
    const GridSize size = lab.session.size();
    return {lab.history.fits(size) ? captureWholeState(lab) : std::shared_ptr<const WholeState>(), size};
}

void commitWholeChange(Lab& lab, const std::string& name, WholeChangeStart start) {
    EditHistory& history = lab.history;
    if (start.before)
        history.record(EditEntry{name, std::move(start.before)});
    else
        history.forget(name + " cannot be undone: " + tooLargeToKeep(lab, start.size));
    // Reset returns to generation 0 only from later generations: generating from here sets it again.
    if (lab.session.generation() == 0) history.setGenerationZero(nullptr);
}

} // namespace detail

} // namespace catlab::gui
