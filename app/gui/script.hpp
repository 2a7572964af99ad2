#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace catlab::gui {

// One line of a window script: `name arg arg ...`. Commands whose argument is a rule, preset name or
// path take the rest of the line as one argument (spaces included).
struct ScriptCommand {
    int line = 0; // 1-based
    std::string name;
    std::vector<std::string> args;
};

struct Script {
    std::string sourceName;
    std::vector<ScriptCommand> commands;
};

// Parses and checks a whole script before anything runs: unknown commands, missing or extra
// arguments and malformed numbers throw catlab::Error "<source>:<line>: ...". Blank lines and lines
// starting with '#' are skipped.
Script parseScript(std::string_view text, const std::string& sourceName);
Script readScriptFile(const std::string& path);

// The command reference, one "usage  description" line per command (for --help and the README).
std::string scriptCommandHelp();

} // namespace catlab::gui
