// Window scripts (`--script FILE`): the whole text is parsed and checked before the window opens, so
// what the parser accepts must be something the script runner can read: a known command with as many
// arguments as it takes, each integer and number reading as the runner reads it.
#include "fuzz_check.hpp"

#include "gui/script.hpp"
#include "gui/script_commands.hpp"

#include "catlab/number_text.hpp"

#include <cstdint>

using namespace catlab;
using catlab::fuzz::require;

namespace {

// The runner reads integers with parseInteger (integerIn) and numbers with parseFiniteNumber (numberIn).
bool readsAsTheRunnerReadsIt(gui::ArgKind kind, const std::string& arg) {
    long long integer = 0;
    int count = 0;
    std::uint64_t seed = 0;
    switch (kind) {
    case gui::ArgKind::Integer: return parseInteger(arg, integer) == IntegerText::Ok;
    case gui::ArgKind::Count: return parseInteger(arg, count, 0) == IntegerText::Ok;
    case gui::ArgKind::Seed: return parseInteger(arg, seed) == IntegerText::Ok;
    case gui::ArgKind::Number: return parseFiniteNumber(arg).has_value();
    case gui::ArgKind::Word: return !arg.empty() && arg.find_first_of(" \t") == std::string::npos;
    case gui::ArgKind::Rest: return !arg.empty();
    }
    return false;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto script = fuzz::acceptedBy([&] { return gui::parseScript(fuzz::textOf(data, size), "fuzz.txt"); });
    if (!script) return 0;
    int previousLine = 0;
    for (const gui::ScriptCommand& command : script->commands) {
        const std::string where = "line " + std::to_string(command.line) + " '" + command.name + "': ";
        require(command.line > previousLine, where + "commands keep the order of their lines");
        previousLine = command.line;
        const gui::ScriptCommandSpec* spec = gui::findScriptCommand(command.name);
        require(spec != nullptr, where + "an accepted command is a known one");
        require(int(command.args.size()) >= spec->required && command.args.size() <= spec->args.size(),
                where + "an accepted command has as many arguments as it takes");
        for (std::size_t i = 0; i < command.args.size(); ++i)
            require(readsAsTheRunnerReadsIt(spec->args[i], command.args[i]),
                    where + "argument '" + command.args[i] + "' is not read as the parser checked it");
    }
    return 0;
}
