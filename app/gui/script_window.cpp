#include "gui/script_window.hpp"
#include "gui/key_names.hpp"

#include <algorithm>

namespace catlab::gui {

std::vector<KeyPress> ScriptWindow::routeKeys(std::vector<KeyPress> keys) {
    keys.insert(keys.end(), keysFromScript.begin(), keysFromScript.end());
    keysFromScript.clear();
    if (!keyWanted) return keys;
    // A held key's repeats and keys without a name are not something to answer a question with.
    const auto taken =
        std::find_if(keys.begin(), keys.end(), [](const KeyPress& k) { return !k.repeat && !keyName(k).empty(); });
    if (taken != keys.end()) {
        keyForScript = *taken;
        keyWanted = false;
        keys.erase(taken);
    }
    return keys;
}

} // namespace catlab::gui
