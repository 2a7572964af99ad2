#include "gui/script.hpp"
#include "gui/script_commands.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"

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
        parseScript("step\nstep 5\nrandom\nrandom 0.3\nrandom 0.3 9\npaint 1 2\npaint 1 2 3\n", "s").commands.size() ==
        7);
}

TEST(ScriptParse, ErrorsNameTheSourceAndLine) {
    EXPECT_EQ(parseError("pause\nzom 4\n"), "s.txt:2: unknown command 'zom'");
    EXPECT_EQ(parseError("\n\nstep -1\n"), "s.txt:3: 'step' expects N as a whole number 0..2147483647, not '-1'");
    EXPECT_EQ(parseError("zoom big\n"), "s.txt:1: 'zoom' expects Z as a finite number, not 'big'");
    EXPECT_EQ(parseError("paint 1\n"), "s.txt:1: 'paint' is missing arguments (usage: paint X Y [STATE])");
    EXPECT_EQ(parseError("pan 1 2 3\n"), "s.txt:1: 'pan' has too many arguments (usage: pan DX DY)");
    EXPECT_EQ(parseError("paint 1.5 2\n"),
              "s.txt:1: 'paint' expects X as a whole number -9223372036854775808..9223372036854775807, not '1.5'");
    EXPECT_EQ(parseError("zoom nan\n"), "s.txt:1: 'zoom' expects Z as a finite number, not 'nan'");
}

TEST(ScriptParse, NumbersNeitherWrapNorOverflow) {
    EXPECT_EQ(parseError("zoom 4 1e309 0\n"), "s.txt:1: 'zoom' expects X as a finite number, not '1e309'");
    EXPECT_EQ(parseError("pan inf 0\n"), "s.txt:1: 'pan' expects DX as a finite number, not 'inf'");
    EXPECT_EQ(parseError("orbit 0 0 -nan\n"), "s.txt:1: 'orbit' expects DISTANCE as a finite number, not '-nan'");
    EXPECT_EQ(parseError("frames 2147483648\n"),
              "s.txt:1: 'frames' expects N as a whole number 0..2147483647, not '2147483648'");
    EXPECT_EQ(parseError("paint 9223372036854775808 0\n"),
              "s.txt:1: 'paint' expects X as a whole number -9223372036854775808..9223372036854775807, not "
              "'9223372036854775808'");
    EXPECT_EQ(parseError("random 0.5 -1\n"),
              "s.txt:1: 'random' expects SEED as a whole number 0..18446744073709551615, not '-1'");
    EXPECT_EQ(parseError("step 0x10\n"), "s.txt:1: 'step' expects N as a whole number 0..2147483647, not '0x10'");
    // The extremes themselves are numbers: their ranges are checked when the command runs.
    EXPECT_EQ(parseScript("random 0.5 18446744073709551615\npaint -9223372036854775808 9223372036854775807\n"
                          "zoom 1e-308\npan 1e308 -1e308\n",
                          "s")
                  .commands.size(),
              4u);
}

TEST(ScriptParse, ArgumentNamesComeFromTheUsage) {
    const ScriptCommandSpec& zoom = *findScriptCommand("zoom");
    EXPECT_EQ(scriptArgumentName(zoom, 0), "Z");
    EXPECT_EQ(scriptArgumentName(zoom, 1), "X");
    EXPECT_EQ(scriptArgumentName(zoom, 2), "Y");
    EXPECT_EQ(scriptArgumentName(zoom, 3), "");
    const ScriptCommandSpec& random = *findScriptCommand("random");
    EXPECT_EQ(scriptArgumentName(random, 0), "DENSITY");
    EXPECT_EQ(scriptArgumentName(random, 1), "SEED");
    EXPECT_EQ(scriptArgumentName(*findScriptCommand("quit"), 0), "");
    // Every argument a command takes has a name.
    for (const ScriptCommandSpec& spec : scriptCommandSpecs())
        for (std::size_t i = 0; i < spec.args.size(); ++i)
            EXPECT_FALSE(scriptArgumentName(spec, i).empty()) << spec.usage << " argument " << i;
}

TEST(ScriptParse, ScriptFilesMustBeTextFiles) {
    const std::string dir = ::testing::TempDir();
    const auto errorReading = [](const std::string& path) {
        try {
            readScriptFile(path);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(errorReading(dir), "script '" + dir + "' is a directory, not a text file");
    EXPECT_EQ(errorReading("/dev/zero"), "script '/dev/zero' is a character device, not a text file");
    EXPECT_EQ(errorReading("/nonexistent/s.txt"), "cannot open script '/nonexistent/s.txt': No such file or directory");
}

// Found by the script fuzzer: the parser accepted 4e-320 (a subnormal double, which from_chars reads)
// but the runner read it with std::stod, which refuses it, so a checked script failed while running. Both
// now read numbers with parseFiniteNumber.
TEST(ScriptParse, FuzzSubnormalNumberReadsAsTheParserChecksIt) {
    std::ifstream in(std::string(CATLAB_TEST_DATA) + "/fuzz/script-subnormal-zoom.txt", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    const Script script = parseScript(text.str(), "s");
    ASSERT_EQ(script.commands.size(), 11u);
    const ScriptCommand& zoom = script.commands[9];
    ASSERT_EQ(zoom.name, "zoom");
    ASSERT_EQ(zoom.args.at(0), "4e-320");
    const auto value = parseFiniteNumber(zoom.args[0]);
    ASSERT_TRUE(value.has_value());
    EXPECT_GT(*value, 0.0);
    EXPECT_LT(*value, 1e-300);
}

// Found with the same finding: '+' then '-' passed the check as a negative number, which the runner refused.
TEST(ScriptParse, FuzzPlusMinusSignIsNoNumber) {
    EXPECT_EQ(parseError("paint +-5 3\n"),
              "s.txt:1: 'paint' expects X as a whole number -9223372036854775808..9223372036854775807, not '+-5'");
    EXPECT_EQ(parseError("pan 1 +-2\n"), "s.txt:1: 'pan' expects DY as a finite number, not '+-2'");
    long long integer = 0;
    EXPECT_EQ(parseInteger("+5", integer), IntegerText::Ok);
    EXPECT_EQ(integer, 5);
    EXPECT_EQ(parseInteger("+-5", integer), IntegerText::NotAnInteger);
    EXPECT_EQ(parseFiniteNumber("+2.5e1"), 25.0);
    EXPECT_FALSE(parseFiniteNumber("+-2").has_value());
    EXPECT_FALSE(parseFiniteNumber("+").has_value());
    EXPECT_FALSE(parseFiniteNumber("1e999").has_value());
}

TEST(ScriptParse, SelectionCommandsAreCheckedBeforeTheyRun) {
    EXPECT_EQ(parseError("select 1 2 3\n"), "s.txt:1: 'select' is missing arguments (usage: select X Y W H)");
    EXPECT_EQ(parseError("select 1 2 -3 4\n"), "s.txt:1: 'select' expects W as a whole number 0..2147483647, not '-3'");
    EXPECT_EQ(parseError("paste 4\n"), "s.txt:1: 'paste' is missing arguments (usage: paste X Y [or|copy|xor])");
    EXPECT_EQ(parseError("random-fill dense\n"),
              "s.txt:1: 'random-fill' expects DENSITY as a finite number, not 'dense'");
    EXPECT_EQ(parseError("copy now\n"), "s.txt:1: 'copy' has too many arguments (usage: copy)");
    EXPECT_EQ(parseError("clipboard-load\n"),
              "s.txt:1: 'clipboard-load' is missing arguments (usage: clipboard-load FILE)");
}

TEST(ScriptParse, HelpListsEveryCommand) {
    const std::string help = scriptCommandHelp();
    for (const char* name :
         {"frames",      "zoom",   "pan",         "fit",          "one-to-one",    "backend",        "rule",
          "radius",      "play",   "pause",       "step",         "paint",         "erase",          "brush",
          "load",        "save",   "screenshot",  "colormap",     "quit",          "select",         "select-all",
          "select-none", "shrink", "copy",        "cut",          "paste",         "paste-mode",     "paste-at",
          "rotate",      "flip",   "random-fill", "clear-inside", "clear-outside", "clipboard-load", "clipboard-save"})
        EXPECT_NE(help.find(std::string("  ") + name), std::string::npos) << name;
}

} // namespace
} // namespace catlab::gui
