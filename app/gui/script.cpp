#include "gui/script.hpp"
#include "gui/script_commands.hpp"

#include "catlab/error.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace catlab::gui {
namespace {

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

// The whole text as a T that std::from_chars reads, after an optional '+' (from_chars takes only '-').
template <class T>
std::optional<T> signedDecimal(std::string_view s) {
    if (!s.empty() && s[0] == '+') {
        s.remove_prefix(1);
        if (!s.empty() && s[0] == '-') return std::nullopt; // "+-1" is no number
    }
    T value{};
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

void checkArgument(ArgKind kind, const std::string& arg, const ScriptCommandSpec& spec, const std::string& where) {
    switch (kind) {
    case ArgKind::Integer:
        if (!scriptInteger(arg))
            throw Error(where + "'" + std::string(spec.name) + "' expects an integer, not '" + arg + "'");
        break;
    case ArgKind::Count: {
        const auto count = scriptInteger(arg);
        if (!count || *count < 0 || *count > (1LL << 31) - 1)
            throw Error(where + "'" + std::string(spec.name) + "' expects a whole number >= 0, not '" + arg + "'");
        break;
    }
    case ArgKind::Number:
        if (!scriptNumber(arg))
            throw Error(where + "'" + std::string(spec.name) + "' expects a number, not '" + arg + "'");
        break;
    case ArgKind::Word:
    case ArgKind::Rest: break;
    }
}

} // namespace

std::optional<long long> scriptInteger(std::string_view text) { return signedDecimal<long long>(text); }

std::optional<double> scriptNumber(std::string_view text) {
    const auto value = signedDecimal<double>(text);
    if (!value || !std::isfinite(*value)) return std::nullopt;
    return value;
}

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
        for (ArgKind kind : spec->args) {
            rest = trim(rest);
            if (rest.empty()) break;
            command.args.emplace_back(kind == ArgKind::Rest ? rest : nextToken(rest));
            if (kind == ArgKind::Rest) rest = {};
            checkArgument(kind, command.args.back(), *spec, where);
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
    std::ifstream in(path);
    if (!in) throw Error("cannot read the script " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return parseScript(text.str(), path);
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
