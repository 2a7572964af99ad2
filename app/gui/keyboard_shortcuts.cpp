#include "gui/keyboard_shortcuts.hpp"
#include "gui/lab_actions.hpp"

#include <GLFW/glfw3.h>

#include "catlab/error.hpp"

#include <array>
#include <cctype>
#include <exception>
#include <string>
#include <utility>

namespace catlab::gui {

void applyShortcuts(const std::vector<KeyPress>& keys, Lab& lab) {
    for (const KeyPress& press : keys) {
        try {
            switch (press.key) {
            case GLFW_KEY_SPACE: lab.run.playing = !lab.run.playing; break;
            case GLFW_KEY_N:
                lab.run.playing = false;
                ++lab.pendingSteps;
                break;
            case GLFW_KEY_F: fitView(lab); break;
            case GLFW_KEY_R: resetGrid(lab, lab.session.density(), lab.session.seed()); break;
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

KeyPress parseKeyName(std::string_view name) {
    std::string rest;
    for (char c : name) rest += char(std::tolower(static_cast<unsigned char>(c)));
    const std::string original(name);
    KeyPress press;
    static constexpr std::array<std::pair<std::string_view, int>, 3> modifiers{
        {{"ctrl+", GLFW_MOD_CONTROL}, {"shift+", GLFW_MOD_SHIFT}, {"alt+", GLFW_MOD_ALT}}};
    for (bool found = true; found;) {
        found = false;
        for (const auto& [prefix, mod] : modifiers)
            if (rest.size() > prefix.size() && rest.starts_with(prefix)) {
                press.mods |= mod;
                rest.erase(0, prefix.size());
                found = true;
            }
    }
    static constexpr std::array<std::pair<std::string_view, int>, 6> named{{{"space", GLFW_KEY_SPACE},
                                                                            {"tab", GLFW_KEY_TAB},
                                                                            {"plus", GLFW_KEY_EQUAL},
                                                                            {"minus", GLFW_KEY_MINUS},
                                                                            {"enter", GLFW_KEY_ENTER},
                                                                            {"escape", GLFW_KEY_ESCAPE}}};
    for (const auto& [word, key] : named)
        if (rest == word) {
            press.key = key;
            return press;
        }
    if (rest.size() == 1 && std::isalpha(static_cast<unsigned char>(rest[0]))) {
        press.key = GLFW_KEY_A + (rest[0] - 'a');
        return press;
    }
    if (rest.size() == 1 && std::isdigit(static_cast<unsigned char>(rest[0]))) {
        press.key = GLFW_KEY_0 + (rest[0] - '0');
        return press;
    }
    if (rest.size() >= 2 && rest.size() <= 3 && rest[0] == 'f') {
        const std::string digits = rest.substr(1);
        if (digits.find_first_not_of("0123456789") == std::string::npos) {
            const int n = std::stoi(digits);
            if (n >= 1 && n <= 12) {
                press.key = GLFW_KEY_F1 + (n - 1);
                return press;
            }
        }
    }
    throw Error("unknown key '" + original + "' (a letter, digit, space, tab, plus, minus, enter, escape or f1..f12, " +
                "optionally after ctrl+, shift+ or alt+)");
}

} // namespace catlab::gui
