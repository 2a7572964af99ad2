#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace catlab::gui {

// How a script command's arguments are checked before the script runs. The ranges a command needs
// (a zoom, a speed) are checked when it runs.
enum class ArgKind {
    Integer, // a whole number within 64 bits
    Count,   // a whole number 0..2^31 - 1
    Seed,    // a whole number 0..2^64 - 1
    Number,  // a finite real number
    Word,    // one token
    Rest,    // the rest of the line (must be last)
};

struct ScriptCommandSpec {
    std::string_view name;
    std::vector<ArgKind> args;
    int required = 0;       // how many of args must be given; the others are optional
    std::string_view usage; // the name, then the arguments' names in the order of args
    std::string_view description;
};

// Every command the script language knows, in the order of the reference.
const std::vector<ScriptCommandSpec>& scriptCommandSpecs();
const ScriptCommandSpec* findScriptCommand(std::string_view name);

// The name the usage gives argument `index` ("zoom Z [X Y]": Z, then X, then Y); empty past the last.
std::string_view scriptArgumentName(const ScriptCommandSpec& spec, std::size_t index);

} // namespace catlab::gui
