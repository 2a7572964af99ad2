#pragma once

#include "session/simulation_session.hpp"

#include "catlab/cell_rect.hpp"
#include "catlab/grid.hpp"
#include "catlab/rule.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace catlab::gui {

// The whole automaton: what a change of the whole grid (random start, clear, load, resize, generating)
// replaces, and what Reset returns to.
struct WholeState {
    Grid cells;
    Rule rule;
    std::string ruleName;
    Rule shapeBase; // Lab::shapeBase
    std::uint64_t generation = 0;
    std::optional<std::pair<std::int64_t, std::int64_t>> growingOrigin; // on a plane growing with its pattern
    // Where Reset goes from this state: the pattern as it was when generation 0 was last set (null at
    // generation 0, and when that pattern was too large to keep).
    std::shared_ptr<const WholeState> generationZero;

    static std::size_t bytesFor(GridSize size) { return std::size_t(size.width) * std::size_t(size.height); }
};

// The rule and what the panel shows of it.
struct RuleState {
    Rule rule;
    std::string ruleName;
    Rule shapeBase;
};

// The cells of one rectangle (coordinates wrap), row-major.
struct RectCells {
    CellRect rect;
    std::vector<Cell> cells;
};

// One undoable change. It keeps only the side of the change that is not on the grid: the state before
// it while it can be undone, the state after it once undone. Undo and redo swap that side with the
// lab's, so a change costs one copy of what it touched, not two. A brush stroke is one change made of
// its dabs' rectangles, swapped in reverse order by undo and in order by redo.
struct EditEntry {
    std::string name; // "paint", "rule B3/S23", "generate", ...
    std::variant<std::vector<RectCells>, RuleState, std::shared_ptr<const WholeState>> other;

    std::size_t bytes() const; // what it keeps, the whole states' cells counted in full
};

// "512 MiB", rounded up, for messages about the budget.
std::string formatMebibytes(std::size_t bytes);

// Swaps the cells of a cell entry with the session's, rectangle by rectangle: in reverse order to undo (the
// last dab of a stroke first, as dabs may overlap), in order to redo. Only the rectangles' cells travel,
// whichever backend keeps the grid.
void swapCells(SimulationSession& session, std::vector<RectCells>& rects, bool undoing);

// Which later changes join the newest entry instead of making their own.
enum class Joining {
    None,
    Stroke,     // the next dabs of the same brush stroke
    Generating, // more generations: undo returns to where generating began
};

// Undo and redo stacks within a memory budget. The oldest entries are dropped to stay within it (the newest
// change and the generation-0 pattern are kept whatever they cost); a change larger than the whole budget is
// not kept, and neither is anything before it (an older entry would restore into a grid it does not
// describe): notice() then says that the change cannot be undone.
class EditHistory {
  public:
    static constexpr std::size_t kDefaultBudgetBytes = std::size_t(512) << 20;
    // Beyond this many entries the oldest go too, however small: keeping within the budget walks them all.
    static constexpr std::size_t kMaxEntries = 10000;

    explicit EditHistory(std::size_t budgetBytes = kDefaultBudgetBytes) : budget_(budgetBytes) {}

    std::size_t budgetBytes() const { return budget_; }
    // Everything kept: entries on both stacks and the generation-0 pattern, a state shared by several counted
    // once.
    std::size_t bytes() const;
    // Whether a whole state of this many cells can be kept at all.
    bool fits(GridSize size) const { return WholeState::bytesFor(size) <= budget_; }

    // A change just made: redo entries go. False, with everything forgotten, when it alone exceeds the budget.
    bool record(EditEntry entry, Joining joining = Joining::None);
    // Whether changes of this kind join the newest change (which may have been too large to keep).
    bool joins(Joining kind) const { return kind != Joining::None && joining_ == kind; }
    // Later changes of this kind make their own entries (a brush stroke ended, generating stopped).
    void endJoining(Joining kind) {
        if (joining_ == kind) joining_ = Joining::None;
    }
    // The newest entry while later changes of this kind may join it; null otherwise.
    EditEntry* joinable(Joining kind);
    // Adds a dab to the stroke being recorded (joinable(Joining::Stroke)); false as record().
    bool extendStroke(RectCells dab);

    // A change that cannot be undone: the history goes, and notice() says why. Changes of `joining` kind that
    // follow join it (and are not recorded either).
    void forget(const std::string& why, Joining joining = Joining::None);
    // Why the last change cannot be undone, or empty; taking it clears it.
    const std::string& notice() const { return notice_; }
    std::string takeNotice() { return std::exchange(notice_, {}); }

    bool canUndo() const { return !undo_.empty(); }
    bool canRedo() const { return !redo_.empty(); }
    const std::string& undoName() const; // of the entry undo would take (empty when none)
    const std::string& redoName() const;
    // Undo: takeUndo(), swap its side with the lab's, then pushRedo() (or restoreUndo() when the swap failed
    // and left the lab as it was). Redo likewise.
    EditEntry takeUndo();
    EditEntry takeRedo();
    void pushRedo(EditEntry entry);
    void pushUndo(EditEntry entry);
    void restoreUndo(EditEntry entry) { undo_.push_back(std::move(entry)); }
    void restoreRedo(EditEntry entry) { redo_.push_back(std::move(entry)); }

    // Where Reset goes from the current state.
    const std::shared_ptr<const WholeState>& generationZero() const { return generationZero_; }
    void setGenerationZero(std::shared_ptr<const WholeState> state) { generationZero_ = std::move(state); }

  private:
    void fitBudget(); // drops the oldest undo entries, then the farthest redo entries, to fit both limits

    std::size_t budget_;
    std::vector<EditEntry> undo_; // oldest first
    std::vector<EditEntry> redo_; // farthest first
    Joining joining_ = Joining::None;
    std::string notice_;
    std::shared_ptr<const WholeState> generationZero_;
};

} // namespace catlab::gui
