#include "gui/script.hpp"
#include "gui/script_commands.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"
#include "catlab/text_file.hpp"

#include <cstdint>
#include <limits>

namespace catlab::gui {
namespace {

// A script is typed by hand: a megabyte is thousands of commands, a line of 64 KiB any rule or path.
constexpr TextFileLimits kScriptFileLimits{.maxBytes = std::size_t(1) << 20, .maxLineLength = 64 << 10};

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r");
    return s.substr(first, last - first + 1);
}

// The next whitespace-separated token of `rest`, which advances past it.
std::string_view nextToken(std::string_view& rest) {
    rest = trim(rest);
    const auto end = rest.find_first_of(" \t");
    const std::string_view token = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    return token;
}

// What kind of number an argument must be, for the parse-time message.
std::string expected(ArgKind kind) {
    switch (kind) {
    case ArgKind::Integer:
        return "a whole number " +
               rangeText(std::numeric_limits<long long>::min(), std::numeric_limits<long long>::max());
    case ArgKind::Count: return "a whole number " + rangeText(0, std::numeric_limits<int>::max());
    case ArgKind::Seed:
        return "a whole number " + rangeText(std::uint64_t(0), std::numeric_limits<std::uint64_t>::max());
    case ArgKind::Number: return "a finite number";
    case ArgKind::Word:
    case ArgKind::Rest: break;
    }
    return "text";
}

bool wellFormed(ArgKind kind, const std::string& arg) {
    long long integer = 0;
    int count = 0;
    std::uint64_t seed = 0;
    switch (kind) {
    case ArgKind::Integer: return parseInteger(arg, integer) == IntegerText::Ok;
    case ArgKind::Count: return parseInteger(arg, count, 0) == IntegerText::Ok;
    case ArgKind::Seed: return parseInteger(arg, seed) == IntegerText::Ok;
    case ArgKind::Number: return parseFiniteNumber(arg).has_value();
    case ArgKind::Word:
    case ArgKind::Rest: return true;
    }
    return false;
}

// "'zoom' expects Z as a finite number, not 'big'".
void checkArgument(const ScriptCommandSpec& spec, std::size_t index, const std::string& arg, const std::string& where) {
    const ArgKind kind = spec.args[index];
    if (!wellFormed(kind, arg))
        throw Error(where + "'" + std::string(spec.name) + "' expects " + std::string(scriptArgumentName(spec, index)) +
                    " as " + expected(kind) + ", not '" + arg + "'");
}

} // namespace

Script parseScript(std::string_view text, const std::string& sourceName) {
    Script script;
    script.sourceName = sourceName;
    int lineNumber = 0;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        std::string_view line = trim(text.substr(0, newline));
        text = newline == std::string_view::npos ? std::string_view() : text.substr(newline + 1);
        ++lineNumber;
        if (line.empty() || line[0] == '#') continue;

        const std::string where = sourceName + ":" + std::to_string(lineNumber) + ": ";
        ScriptCommand command;
        command.line = lineNumber;
        std::string_view rest = line;
        command.name = std::string(nextToken(rest));
        const ScriptCommandSpec* spec = findScriptCommand(command.name);
        if (!spec) throw Error(where + "unknown command '" + command.name + "'");
        for (std::size_t i = 0; i < spec->args.size(); ++i) {
            const ArgKind kind = spec->args[i];
            rest = trim(rest);
            if (rest.empty()) break;
            command.args.emplace_back(kind == ArgKind::Rest ? rest : nextToken(rest));
            if (kind == ArgKind::Rest) rest = {};
            checkArgument(*spec, i, command.args.back(), where);
        }
        if (int(command.args.size()) < spec->required)
            throw Error(where + "'" + command.name + "' is missing arguments (usage: " + std::string(spec->usage) +
                        ")");
        if (!trim(rest).empty())
            throw Error(where + "'" + command.name + "' has too many arguments (usage: " + std::string(spec->usage) +
                        ")");
        script.commands.push_back(std::move(command));
    }
    return script;
}

Script readScriptFile(const std::string& path) {
    return parseScript(readTextFile(path, "script", kScriptFileLimits), path);
}

std::string scriptCommandHelp() {
    std::string help;
    for (const ScriptCommandSpec& spec : scriptCommandSpecs()) {
        std::string usage(spec.usage);
        usage.resize(std::max<std::size_t>(usage.size() + 2, 42), ' ');
        help += "  " + usage + std::string(spec.description) + "\n";
    }
    return help;
}

} // namespace catlab::gui
