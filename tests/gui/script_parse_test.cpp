#include "gui/script.hpp"

#include "catlab/error.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace catlab::gui {
namespace {

std::string parseError(const std::string& text) {
    try {
        parseScript(text, "s.txt");
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

TEST(ScriptParse, CommandsArgumentsAndLineNumbers) {
    const Script script =
        parseScript("# comment\n\n  pause  \nzoom 4 10 -3\nrule Game of Life\nload my file.rle\n", "s");
    ASSERT_EQ(script.commands.size(), 4u);
    EXPECT_EQ(script.commands[0].name, "pause");
    EXPECT_EQ(script.commands[0].line, 3);
    EXPECT_EQ(script.commands[1].args, (std::vector<std::string>{"4", "10", "-3"}));
    EXPECT_EQ(script.commands[2].args, (std::vector<std::string>{"Game of Life"}));
    EXPECT_EQ(script.commands[3].args, (std::vector<std::string>{"my file.rle"}));
    EXPECT_EQ(script.commands[3].line, 6);
}

TEST(ScriptParse, OptionalArguments) {
    EXPECT_TRUE(
        parseScript("step\nstep 5\nreset\nreset 0.3\nreset 0.3 9\npaint 1 2\npaint 1 2 3\n", "s").commands.size() == 7);
}

TEST(ScriptParse, ErrorsNameTheSourceAndLine) {
    EXPECT_EQ(parseError("pause\nzom 4\n"), "s.txt:2: unknown command 'zom'");
    EXPECT_EQ(parseError("\n\nstep -1\n"), "s.txt:3: 'step' expects a whole number >= 0, not '-1'");
    EXPECT_EQ(parseError("zoom big\n"), "s.txt:1: 'zoom' expects a number, not 'big'");
    EXPECT_EQ(parseError("paint 1\n"), "s.txt:1: 'paint' is missing arguments (usage: paint X Y [STATE])");
    EXPECT_EQ(parseError("pan 1 2 3\n"), "s.txt:1: 'pan' has too many arguments (usage: pan DX DY)");
    EXPECT_EQ(parseError("paint 1.5 2\n"), "s.txt:1: 'paint' expects an integer, not '1.5'");
    EXPECT_EQ(parseError("zoom nan\n"), "s.txt:1: 'zoom' expects a number, not 'nan'");
}

// Found by the script fuzzer: the parser accepted 4e-320 (a subnormal double, which from_chars reads)
// but the runner read it with std::stod, which refuses it, so a checked script failed while running.
TEST(ScriptParse, FuzzSubnormalNumberReadsAsTheParserChecksIt) {
    std::ifstream in(std::string(CATLAB_TEST_DATA) + "/fuzz/script-subnormal-zoom.txt", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const Script script = parseScript(text.str(), "s");
    ASSERT_EQ(script.commands.size(), 11u);
    const ScriptCommand& zoom = script.commands[9];
    ASSERT_EQ(zoom.name, "zoom");
    ASSERT_EQ(zoom.args.at(0), "4e-320");
    const auto value = scriptNumber(zoom.args[0]);
    ASSERT_TRUE(value.has_value());
    EXPECT_GT(*value, 0.0);
    EXPECT_LT(*value, 1e-300);
}

// Found with the same finding: '+' then '-' passed the check as a negative number, which the runner refused.
TEST(ScriptParse, FuzzPlusMinusSignIsNoNumber) {
    EXPECT_EQ(parseError("paint +-5 3\n"), "s.txt:1: 'paint' expects an integer, not '+-5'");
    EXPECT_EQ(parseError("pan 1 +-2\n"), "s.txt:1: 'pan' expects a number, not '+-2'");
    EXPECT_EQ(scriptInteger("+5"), 5);
    EXPECT_EQ(scriptInteger("-5"), -5);
    EXPECT_EQ(scriptNumber("+2.5e1"), 25.0);
    EXPECT_FALSE(scriptInteger("+-5").has_value());
    EXPECT_FALSE(scriptNumber("+-2").has_value());
    EXPECT_FALSE(scriptNumber("+").has_value());
    EXPECT_FALSE(scriptNumber("1e999").has_value());
}

TEST(ScriptParse, HelpListsEveryCommand) {
    const std::string help = scriptCommandHelp();
    for (const char* name : {"frames", "zoom", "pan", "fit", "one-to-one", "backend", "rule", "radius", "play", "pause",
                             "step", "paint", "erase", "brush", "load", "save", "screenshot", "colormap", "quit"})
        EXPECT_NE(help.find(std::string("  ") + name), std::string::npos) << name;
}

} // namespace
} // namespace catlab::gui
