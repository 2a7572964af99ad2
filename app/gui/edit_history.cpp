#include "gui/edit_history.hpp"

#include <ranges>
#include <unordered_set>

namespace catlab::gui {
namespace {

// The whole states an entry keeps, the pattern at generation 0 of each included.
template <class Visit>
void forEachWholeState(const EditEntry& entry, Visit&& visit) {
    const auto* whole = std::get_if<std::shared_ptr<const WholeState>>(&entry.other);
    if (!whole || !*whole) return;
    visit(whole->get());
    if ((*whole)->generationZero) visit((*whole)->generationZero.get());
}

} // namespace

std::string formatMebibytes(std::size_t bytes) {
    return std::to_string((bytes + (std::size_t(1) << 20) - 1) >> 20) + " MiB";
}

void swapCells(SimulationSession& session, std::vector<RectCells>& rects, bool undoing) {
    const auto swapRect = [&](RectCells& part) {
        std::vector<Cell> current = session.readCells(part.rect);
        session.writeCells(part.rect, part.cells);
        part.cells = std::move(current);
    };
    if (undoing)
        for (RectCells& part : std::views::reverse(rects)) swapRect(part);
    else
        for (RectCells& part : rects) swapRect(part);
}

std::size_t EditEntry::bytes() const {
    std::size_t total = sizeof(EditEntry) + name.size();
    if (const auto* rects = std::get_if<std::vector<RectCells>>(&other))
        for (const RectCells& rect : *rects) total += sizeof(RectCells) + rect.cells.size();
    forEachWholeState(*this, [&](const WholeState* state) { total += sizeof(WholeState) + state->cells.cellCount(); });
    return total;
}

std::size_t EditHistory::bytes() const {
    std::size_t total = 0;
    std::unordered_set<const WholeState*> counted;
    const auto countState = [&](const WholeState* state) {
        if (counted.insert(state).second) total += sizeof(WholeState) + state->cells.cellCount();
    };
    for (const auto* stack : {&undo_, &redo_})
        for (const EditEntry& entry : *stack) {
            total += sizeof(EditEntry) + entry.name.size();
            if (const auto* rects = std::get_if<std::vector<RectCells>>(&entry.other))
                for (const RectCells& rect : *rects) total += sizeof(RectCells) + rect.cells.size();
            forEachWholeState(entry, countState);
        }
    if (generationZero_) countState(generationZero_.get());
    return total;
}

bool EditHistory::record(EditEntry entry, Joining joining) {
    redo_.clear();
    notice_.clear();
    const std::size_t size = entry.bytes();
    if (size > budget_) {
        forget(entry.name + " cannot be undone: it would keep " + formatMebibytes(size) +
                   ", more than the undo budget of " + formatMebibytes(budget_),
               joining);
        return false;
    }
    undo_.push_back(std::move(entry));
    joining_ = joining;
    fitBudget();
    return true;
}

EditEntry* EditHistory::joinable(Joining kind) {
    if (kind == Joining::None || joining_ != kind || undo_.empty()) return nullptr;
    return &undo_.back();
}

bool EditHistory::extendStroke(RectCells dab) {
    EditEntry* stroke = joinable(Joining::Stroke);
    if (!stroke) return false;
    std::get<std::vector<RectCells>>(stroke->other).push_back(std::move(dab));
    const std::size_t size = stroke->bytes();
    if (size > budget_) {
        forget(stroke->name + " cannot be undone: the stroke would keep " + formatMebibytes(size) +
                   ", more than the undo budget of " + formatMebibytes(budget_),
               Joining::Stroke);
        return false;
    }
    fitBudget();
    return true;
}

void EditHistory::forget(const std::string& why, Joining joining) {
    undo_.clear();
    redo_.clear();
    joining_ = joining;
    notice_ = why;
}

const std::string& EditHistory::undoName() const {
    static const std::string none;
    return undo_.empty() ? none : undo_.back().name;
}

const std::string& EditHistory::redoName() const {
    static const std::string none;
    return redo_.empty() ? none : redo_.back().name;
}

EditEntry EditHistory::takeUndo() {
    joining_ = Joining::None;
    notice_.clear();
    EditEntry entry = std::move(undo_.back());
    undo_.pop_back();
    return entry;
}

EditEntry EditHistory::takeRedo() {
    joining_ = Joining::None;
    notice_.clear();
    EditEntry entry = std::move(redo_.back());
    redo_.pop_back();
    return entry;
}

void EditHistory::pushRedo(EditEntry entry) {
    redo_.push_back(std::move(entry));
    fitBudget();
}

void EditHistory::pushUndo(EditEntry entry) {
    undo_.push_back(std::move(entry));
    fitBudget();
}

void EditHistory::fitBudget() {
    // The entries nearest the present are the ones most likely to be wanted: the oldest undo entries go
    // first, then the farthest redo entries.
    while (undo_.size() + redo_.size() > 1 && (undo_.size() + redo_.size() > kMaxEntries || bytes() > budget_)) {
        if (undo_.size() > 1 || (undo_.size() == 1 && redo_.empty()))
            undo_.erase(undo_.begin());
        else
            redo_.erase(redo_.begin());
    }
    if (undo_.empty()) joining_ = Joining::None;
}

} // namespace catlab::gui
