#include "gui/key_names.hpp"

#include "catlab/error.hpp"

#include <GLFW/glfw3.h>

#include <array>
#include <cctype>
#include <string>
#include <utility>

namespace catlab::gui {
namespace {

constexpr std::array<std::pair<std::string_view, int>, 14> kNamedKeys{{
    {"space", GLFW_KEY_SPACE},
    {"tab", GLFW_KEY_TAB},
    {"enter", GLFW_KEY_ENTER},
    {"escape", GLFW_KEY_ESCAPE},
    {"plus", GLFW_KEY_KP_ADD},
    {"minus", GLFW_KEY_MINUS},
    {"equal", GLFW_KEY_EQUAL},
    {"+", GLFW_KEY_KP_ADD},
    {"-", GLFW_KEY_MINUS},
    {"delete", GLFW_KEY_DELETE},
    {"period", GLFW_KEY_PERIOD},
    {"comma", GLFW_KEY_COMMA},
    {".", GLFW_KEY_PERIOD},
    {",", GLFW_KEY_COMMA},
}};

constexpr std::array<std::pair<std::string_view, int>, 3> kModifiers{{
    {"ctrl+", GLFW_MOD_CONTROL},
    {"shift+", GLFW_MOD_SHIFT},
    {"alt+", GLFW_MOD_ALT},
}};

int keyOf(std::string_view name) {
    if (name.size() == 1 && std::isalpha(static_cast<unsigned char>(name[0])))
        return GLFW_KEY_A + (std::tolower(static_cast<unsigned char>(name[0])) - 'a');
    if (name.size() == 1 && std::isdigit(static_cast<unsigned char>(name[0]))) return GLFW_KEY_0 + (name[0] - '0');
    for (const auto& [text, key] : kNamedKeys)
        if (name == text) return key;
    if (name.size() >= 2 && name.size() <= 3 && name[0] == 'f') {
        const std::string digits(name.substr(1));
        if (digits.find_first_not_of("0123456789") == std::string::npos) {
            const int n = std::stoi(digits);
            if (n >= 1 && n <= 12) return GLFW_KEY_F1 + n - 1;
        }
    }
    return GLFW_KEY_UNKNOWN;
}

std::string nameOfKey(int key) {
    if (key >= GLFW_KEY_A && key <= GLFW_KEY_Z) return std::string(1, char('a' + (key - GLFW_KEY_A)));
    if (key >= GLFW_KEY_0 && key <= GLFW_KEY_9) return std::string(1, char('0' + (key - GLFW_KEY_0)));
    if (key >= GLFW_KEY_F1 && key <= GLFW_KEY_F12) {
        std::string name(1, 'f');
        name += std::to_string(key - GLFW_KEY_F1 + 1);
        return name;
    }
    for (const auto& [text, code] : kNamedKeys)
        if (code == key) return std::string(text); // the word, which comes before the symbol
    return {};
}

} // namespace

std::string keyName(const KeyPress& press) {
    std::string name = nameOfKey(press.key);
    if (name.empty()) return name;
    // Modifiers in the order kModifiers lists them, as parseKeyName() reads them in any order.
    std::string named;
    for (const auto& [text, mod] : kModifiers)
        if (press.mods & mod) named += text;
    named += name;
    return named;
}

KeyPress parseKeyName(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    std::string_view rest = lower;
    KeyPress press;
    for (bool found = true; found;) {
        found = false;
        for (const auto& [prefix, mod] : kModifiers)
            if (rest.size() > prefix.size() && rest.substr(0, prefix.size()) == prefix) {
                press.mods |= mod;
                rest.remove_prefix(prefix.size());
                found = true;
            }
    }
    press.key = keyOf(rest);
    if (press.key == GLFW_KEY_UNKNOWN)
        throw Error("unknown key '" + std::string(text) +
                    "' (a letter, a digit, space, tab, enter, escape, plus, minus, equal, delete, period, comma "
                    "or f1..f12, after ctrl+, shift+ or alt+ when held)");
    return press;
}

} // namespace catlab::gui
