#pragma once

#include <string_view>
#include <vector>

namespace catlab::gui {

// How a script command's arguments are checked before the script runs.
enum class ArgKind {
    Integer, // any integer
    Count,   // integer >= 0
    Number,  // a finite real number
    Word,    // one token
    Rest,    // the rest of the line (must be last)
};

struct ScriptCommandSpec {
    std::string_view name;
    std::vector<ArgKind> args;
    int required = 0; // how many of args must be given; the others are optional
    std::string_view usage;
    std::string_view description;
};

// Every command the script language knows, in the order of the reference.
const std::vector<ScriptCommandSpec>& scriptCommandSpecs();
const ScriptCommandSpec* findScriptCommand(std::string_view name);

} // namespace catlab::gui
