#pragma once

#include <optional>
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

// An integer or a finite number argument as the parser checks it and the runner reads it: an optional
// sign ('+' or '-'), then decimal digits (for a number, with a point and an exponent when wanted).
// Nothing when the whole text is not one.
std::optional<long long> scriptInteger(std::string_view text);
std::optional<double> scriptNumber(std::string_view text);
Script readScriptFile(const std::string& path);

// The command reference, one "usage  description" line per command (for --help and the README).
std::string scriptCommandHelp();

} // namespace catlab::gui
