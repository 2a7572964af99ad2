#include "gui/selection_shortcuts.hpp"
#include "gui/selection_actions.hpp"

#include <GLFW/glfw3.h>

#include <exception>
#include <functional>

namespace catlab::gui {
namespace {

// The edit a key press asks for, or an empty function.
std::function<std::string(Lab&)> editFor(const KeyPress& press) {
    const bool ctrl = (press.mods & GLFW_MOD_CONTROL) != 0;
    const bool shift = (press.mods & GLFW_MOD_SHIFT) != 0;
    switch (press.key) {
    case GLFW_KEY_A:
        if (ctrl) return selectAll;
        break;
    case GLFW_KEY_ESCAPE: return selectNone;
    case GLFW_KEY_C:
        if (ctrl) return copySelection;
        break;
    case GLFW_KEY_X: return ctrl ? cutSelection : [](Lab& lab) { return flipSelection(lab, true); };
    case GLFW_KEY_V:
        if (ctrl) return pasteClipboardAtAnchor;
        break;
    case GLFW_KEY_Y: // Ctrl+Y is redo
        if (!ctrl) return [](Lab& lab) { return flipSelection(lab, false); };
        break;
    case GLFW_KEY_DELETE: return shift ? clearOutsideSelection : clearInsideSelection;
    case GLFW_KEY_PERIOD: return [](Lab& lab) { return rotateSelection(lab, true); };
    case GLFW_KEY_COMMA: return [](Lab& lab) { return rotateSelection(lab, false); };
    case GLFW_KEY_5:
        if (ctrl)
            return [](Lab& lab) {
                return randomFillSelection(lab, lab.selection.randomDensity, lab.selection.randomSeed);
            };
        break;
    default: break;
    }
    return {};
}

} // namespace

bool applySelectionShortcut(const KeyPress& press, Lab& lab) {
    const std::function<std::string(Lab&)> edit = editFor(press);
    if (!edit) return false;
    try {
        lab.status = edit(lab);
        lab.statusIsError = false;
    } catch (const std::exception& e) {
        lab.status = e.what();
        lab.statusIsError = true;
    }
    return true;
}

} // namespace catlab::gui
