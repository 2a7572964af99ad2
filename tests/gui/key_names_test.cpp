// Key names as scripts write them, both ways.
#include "gui/key_names.hpp"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

namespace catlab::gui {
namespace {

TEST(KeyNames, EveryNameReadsBackAsItsPress) {
    for (const char* name : {"a", "z", "0", "9", "space", "tab", "enter", "escape", "plus", "minus", "equal", "f1",
                             "f12", "ctrl+r", "shift+alt+q", "ctrl+shift+alt+f3"}) {
        const KeyPress press = parseKeyName(name);
        EXPECT_EQ(keyName(press), name);
        const KeyPress again = parseKeyName(keyName(press));
        EXPECT_EQ(again.key, press.key) << name;
        EXPECT_EQ(again.mods, press.mods) << name;
    }
}

TEST(KeyNames, SymbolsAndCaseReadAsTheWords) {
    EXPECT_EQ(keyName(parseKeyName("+")), "plus");
    EXPECT_EQ(keyName(parseKeyName("-")), "minus");
    EXPECT_EQ(keyName(parseKeyName("Alt+Shift+X")), "shift+alt+x");
}

TEST(KeyNames, KeysWithoutANameHaveAnEmptyOne) {
    EXPECT_EQ(keyName({GLFW_KEY_UP, 0, false}), "");
    EXPECT_EQ(keyName({GLFW_KEY_PAGE_DOWN, GLFW_MOD_CONTROL, false}), "");
}

} // namespace
} // namespace catlab::gui
