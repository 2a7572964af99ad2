#include "gui/keyboard_shortcuts.hpp"
#include "gui/lab_actions.hpp"
#include "gui/recording_actions.hpp"
#include "gui/selection_shortcuts.hpp"
#include "gui/undo_actions.hpp"

#include <GLFW/glfw3.h>

#include <exception>

namespace catlab::gui {

void applyShortcuts(const std::vector<KeyPress>& keys, Lab& lab) {
    for (const KeyPress& press : keys) {
        if (lab.shownKind == SceneKind::Grid && applySelectionShortcut(press, lab)) continue;
        try {
            switch (press.key) {
            case GLFW_KEY_SPACE: lab.run.playing = !lab.run.playing; break;
            case GLFW_KEY_N:
                lab.run.playing = false;
                ++lab.pendingSteps;
                break;
            case GLFW_KEY_F: lab.shownScene().fit(); break;
            case GLFW_KEY_Z:
                if (press.mods & GLFW_MOD_CONTROL)
                    (press.mods & GLFW_MOD_SHIFT) ? redoWithStatus(lab) : undoWithStatus(lab);
                break;
            case GLFW_KEY_Y:
                if (press.mods & GLFW_MOD_CONTROL) redoWithStatus(lab);
                break;
            case GLFW_KEY_R:
                if (press.mods & GLFW_MOD_CONTROL) {
                    if (!press.repeat) toggleRecording(lab); // held down, it would start and stop by turns
                } else {
                    lab.shownScene().reset();
                    lab.status = "reset";
                    lab.statusIsError = false;
                }
                break;
            case GLFW_KEY_KP_ADD:
            case GLFW_KEY_EQUAL: // '+' shares the key with '=' on most layouts
                changeSpeed(lab, true);
                break;
            case GLFW_KEY_KP_SUBTRACT:
            case GLFW_KEY_MINUS: changeSpeed(lab, false); break;
            case GLFW_KEY_TAB: lab.panelVisible = !lab.panelVisible; break;
            case GLFW_KEY_F12: {
                const std::string path = defaultScreenshotName();
                requestScreenshot(lab, path);
                lab.status = "screenshot: " + path;
                lab.statusIsError = false;
                break;
            }
            default: break;
            }
        } catch (const std::exception& e) {
            lab.status = e.what();
            lab.statusIsError = true;
        }
    }
}

} // namespace catlab::gui
