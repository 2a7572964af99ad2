// The undo history on its own: order, redo, joining, the memory budget, and swapping rectangles of cells
// with a running grid on every backend that runs here.
#include "gui/edit_history.hpp"

#include "support/backend_names.hpp"

#include "catlab/backend_registry.hpp"
#include "catlab/presets.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace catlab::gui {
namespace {

// A cell entry of one w x h rectangle whose cells are all `state`.
EditEntry cellEntry(const std::string& name, int w, int h, Cell state = 1) {
    std::vector<RectCells> rects;
    rects.push_back({CellRect{0, 0, w, h}, std::vector<Cell>(std::size_t(w) * std::size_t(h), state)});
    return EditEntry{name, std::move(rects)};
}

std::shared_ptr<const WholeState> wholeState(GridSize size, std::uint64_t generation) {
    auto state = std::make_shared<WholeState>();
    state->cells = Grid(size);
    state->generation = generation;
    return state;
}

TEST(EditHistory, UndoTakesTheNewestAndRedoGivesItBack) {
    EditHistory history;
    EXPECT_FALSE(history.canUndo());
    EXPECT_FALSE(history.canRedo());
    ASSERT_TRUE(history.record(cellEntry("paint", 2, 2)));
    ASSERT_TRUE(history.record(EditEntry{"rule B36/S23", RuleState{}}));
    EXPECT_EQ(history.undoName(), "rule B36/S23");

    EditEntry rule = history.takeUndo();
    EXPECT_EQ(rule.name, "rule B36/S23");
    history.pushRedo(std::move(rule));
    EXPECT_EQ(history.undoName(), "paint");
    EXPECT_EQ(history.redoName(), "rule B36/S23");

    EditEntry again = history.takeRedo();
    history.pushUndo(std::move(again));
    EXPECT_EQ(history.undoName(), "rule B36/S23");
    EXPECT_FALSE(history.canRedo());
}

TEST(EditHistory, ANewChangeClearsRedo) {
    EditHistory history;
    history.record(cellEntry("paint", 1, 1));
    history.record(cellEntry("erase", 1, 1, 0));
    history.pushRedo(history.takeUndo());
    ASSERT_TRUE(history.canRedo());
    history.record(EditEntry{"clear", wholeState({8, 8}, 0)});
    EXPECT_FALSE(history.canRedo());
    EXPECT_EQ(history.undoName(), "clear");
    history.pushRedo(history.takeUndo());
    EXPECT_EQ(history.undoName(), "paint");
}

TEST(EditHistory, TheOldestEntriesGoToStayWithinTheBudget) {
    const std::size_t budget = 20000;
    EditHistory history(budget);
    for (int i = 0; i < 10; ++i) {
        ASSERT_TRUE(history.record(cellEntry("paint " + std::to_string(i), 60, 60)));
        EXPECT_LE(history.bytes(), budget);
    }
    // 3600 cells each: five fit, the newest five.
    int kept = 0;
    while (history.canUndo()) {
        EXPECT_EQ(history.takeUndo().name, "paint " + std::to_string(9 - kept));
        ++kept;
    }
    EXPECT_EQ(kept, 5);
}

TEST(EditHistory, TheOldestEntriesGoBeyondTheMostEntries) {
    EditHistory history;
    for (std::size_t i = 0; i < EditHistory::kMaxEntries + 5; ++i) history.record(cellEntry("paint", 1, 1));
    std::size_t kept = 0;
    while (history.canUndo()) {
        history.takeUndo();
        ++kept;
    }
    EXPECT_EQ(kept, EditHistory::kMaxEntries);
}

TEST(EditHistory, RedoEntriesBeyondTheBudgetGoFarthestFirst) {
    EditHistory history(20000);
    for (int i = 0; i < 5; ++i) history.record(cellEntry("paint " + std::to_string(i), 60, 60));
    for (int i = 0; i < 5; ++i) history.pushRedo(history.takeUndo());
    EXPECT_LE(history.bytes(), 20000u);
    EXPECT_EQ(history.redoName(), "paint 0");
    // A redo entry grown by the swap (a larger grid came back) pushes out the farthest redo entries.
    EditEntry first = history.takeRedo();
    first = cellEntry("paint 0", 100, 100);
    history.pushRedo(std::move(first));
    EXPECT_LE(history.bytes(), 20000u);
    EXPECT_EQ(history.redoName(), "paint 0");
    int redoable = 0;
    while (history.canRedo()) {
        history.takeRedo();
        ++redoable;
    }
    EXPECT_EQ(redoable, 3); // the grown entry and the two nearest
}

TEST(EditHistory, AChangeLargerThanTheBudgetIsNotKeptAndNeitherIsTheHistory) {
    EditHistory history(10000);
    history.record(cellEntry("paint", 10, 10));
    history.pushRedo(history.takeUndo());
    history.record(cellEntry("erase", 10, 10, 0));
    EXPECT_FALSE(history.record(EditEntry{"random start", wholeState({200, 200}, 0)}));
    EXPECT_FALSE(history.canUndo());
    EXPECT_FALSE(history.canRedo());
    EXPECT_NE(history.notice().find("random start cannot be undone"), std::string::npos) << history.notice();
    EXPECT_NE(history.notice().find("undo budget"), std::string::npos) << history.notice();
    EXPECT_FALSE(history.fits({200, 200}));
    EXPECT_TRUE(history.fits({100, 100}));
    EXPECT_FALSE(history.takeNotice().empty());
    EXPECT_TRUE(history.notice().empty());
}

TEST(EditHistory, ADefaultBudgetOf512MiBRefusesAWholeHugeGrid) {
    EditHistory history;
    EXPECT_EQ(history.budgetBytes(), std::size_t(512) << 20);
    EXPECT_TRUE(history.fits({16384, 16384}));
    EXPECT_FALSE(history.fits({60416, 60416}));
}

TEST(EditHistory, AStrokeIsOneEntryUntilItEnds) {
    EditHistory history;
    history.record(cellEntry("paint", 3, 3), Joining::Stroke);
    ASSERT_NE(history.joinable(Joining::Stroke), nullptr);
    EXPECT_EQ(history.joinable(Joining::Generating), nullptr);
    EXPECT_TRUE(history.extendStroke({CellRect{1, 1, 3, 3}, std::vector<Cell>(9, 0)}));
    EXPECT_TRUE(history.extendStroke({CellRect{2, 2, 3, 3}, std::vector<Cell>(9, 0)}));
    EXPECT_EQ(std::get<std::vector<RectCells>>(history.joinable(Joining::Stroke)->other).size(), 3u);
    history.endJoining(Joining::Stroke);
    EXPECT_EQ(history.joinable(Joining::Stroke), nullptr);
    EXPECT_FALSE(history.extendStroke({CellRect{0, 0, 1, 1}, {0}}));
    EditEntry stroke = history.takeUndo();
    EXPECT_EQ(std::get<std::vector<RectCells>>(stroke.other).size(), 3u);
    EXPECT_FALSE(history.canUndo());
}

TEST(EditHistory, UndoEndsJoining) {
    EditHistory history;
    history.record(EditEntry{"generate", wholeState({4, 4}, 0)}, Joining::Generating);
    EXPECT_TRUE(history.joins(Joining::Generating));
    history.pushRedo(history.takeUndo());
    EXPECT_FALSE(history.joins(Joining::Generating));
}

TEST(EditHistory, AForgottenStrokeStillJoinsSoItsTailIsNotRecordedAlone) {
    EditHistory history(1000);
    history.record(cellEntry("paint", 20, 20), Joining::Stroke);
    EXPECT_FALSE(history.extendStroke({CellRect{0, 0, 30, 30}, std::vector<Cell>(900, 0)}));
    EXPECT_FALSE(history.canUndo());
    EXPECT_TRUE(history.joins(Joining::Stroke));
    EXPECT_EQ(history.joinable(Joining::Stroke), nullptr);
    EXPECT_NE(history.notice().find("paint cannot be undone"), std::string::npos) << history.notice();
}

TEST(EditHistory, AStateSharedByEntriesAndResetIsCountedOnce) {
    EditHistory history;
    const auto zero = wholeState({100, 100}, 0);
    auto later = std::make_shared<WholeState>();
    later->cells = Grid({100, 100});
    later->generation = 40;
    later->generationZero = zero;
    history.setGenerationZero(zero);
    const std::size_t zeroOnly = history.bytes();
    EXPECT_GE(zeroOnly, 10000u);
    history.record(EditEntry{"generate", zero}, Joining::Generating);
    EXPECT_EQ(history.bytes(), zeroOnly + sizeof(EditEntry) + 8);
    history.record(EditEntry{"reset", std::shared_ptr<const WholeState>(later)});
    EXPECT_LT(history.bytes(), 2 * zeroOnly + 2 * (sizeof(EditEntry) + 8) + 100);
    EXPECT_GT(history.bytes(), 2 * zeroOnly);
}

// Two overlapping dabs recorded as a stroke are undone to the cells before the first and redone to the
// cells after the last, on the backend keeping the grid (only the rectangles travel).
class SwapCells : public ::testing::TestWithParam<std::string> {};

TEST_P(SwapCells, UndoAndRedoAStrokeOfOverlappingRectangles) {
    const BackendSpec& spec = BackendRegistry::instance().find(GetParam());
    if (auto why = spec.unavailableReason()) GTEST_SKIP() << GetParam() << " does not run here: " << *why;
    SceneStart start;
    start.rule = findPreset("life")->rule;
    start.size = {40, 30};
    start.density = 0.4;
    start.seed = 9;
    start.backend = GetParam();
    SimulationSession session(start);
    session.step(3);
    const Grid before = session.simulator().snapshot();

    std::vector<RectCells> stroke;
    for (const CellRect rect : {CellRect{36, 26, 8, 8}, CellRect{-2, -2, 6, 5}}) { // both wrap; they overlap
        stroke.push_back({rect, session.simulator().readCells(rect)});
        session.writeCells(rect, std::vector<Cell>(std::size_t(rect.width) * std::size_t(rect.height), Cell(1)));
    }
    const Grid after = session.simulator().snapshot();
    ASSERT_NE(before, after);

    swapCells(session, stroke, true);
    EXPECT_EQ(session.simulator().snapshot(), before);
    EXPECT_EQ(session.generation(), 3u);
    swapCells(session, stroke, false);
    EXPECT_EQ(session.simulator().snapshot(), after);
    swapCells(session, stroke, true);
    EXPECT_EQ(session.simulator().snapshot(), before);
}

std::vector<std::string> swapBackends() {
    std::vector<std::string> names = {"cpu-naive", "cpu"};
    for (const std::string& name : testing::deviceBackendNames()) names.push_back(name);
    return names;
}

INSTANTIATE_TEST_SUITE_P(Backends, SwapCells, ::testing::ValuesIn(swapBackends()), [](const auto& test) {
    std::string name = test.param;
    std::replace(name.begin(), name.end(), '-', '_');
    return name;
});

} // namespace
} // namespace catlab::gui
