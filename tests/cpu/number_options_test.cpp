// Number options hold the number catlab checked, not CLI11's own reading of the text.
#include "cli/number_options.hpp"

#include "catlab/number_text.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace catlab::cli {
namespace {

template <class T>
T parsed(const std::string& argument, T byDefault = T{}) {
    CLI::App app;
    T value = byDefault;
    if constexpr (std::is_integral_v<T>)
        addIntegerOption(app, "--value", value, "");
    else
        addNumberOption(app, "--value", value, "");
    std::vector<std::string> arguments;
    if (!argument.empty()) arguments.push_back(argument);
    app.parse(arguments);
    return value;
}

// Found by the cli_values fuzzer: CLI11 converted this text to a double one unit in the last place away
// from the correctly rounded value that the check read.
TEST(NumberOptions, RealOptionHoldsTheCorrectlyRoundedValue) {
    const std::string text = "92323720368547759223372036854775807807";
    EXPECT_EQ(parsed<double>("--value=" + text), *parseFiniteNumber(text));
    EXPECT_EQ(parsed<std::optional<double>>("--value=" + text), *parseFiniteNumber(text));
    EXPECT_EQ(parsed<double>("--value=4e-320"), *parseFiniteNumber("4e-320"));
}

TEST(NumberOptions, AnOptionLeftOutKeepsItsDefault) { EXPECT_EQ(parsed<double>("", 0.25), 0.25); }

TEST(NumberOptions, IntegerOptionsReadTheWholeRange) {
    EXPECT_EQ(parsed<std::uint64_t>("--value=18446744073709551615"), 18446744073709551615u);
    EXPECT_EQ(parsed<std::int64_t>("--value=-9223372036854775808"), INT64_MIN);
    EXPECT_THROW(parsed<std::uint64_t>("--value=-5"), Error);
    EXPECT_THROW(parsed<double>("--value=0x10"), Error);
}

} // namespace
} // namespace catlab::cli
