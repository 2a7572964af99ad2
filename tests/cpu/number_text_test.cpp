// Numbers as users type them: whole texts only, no wrap-around, no clamping, finite reals.
#include "catlab/number_text.hpp"

#include "support/error_of.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

namespace catlab {
namespace {

using testing::errorOf;

template <class T>
IntegerText read(std::string_view text, T& value, T min = std::numeric_limits<T>::min(),
                 T max = std::numeric_limits<T>::max()) {
    return parseInteger(text, value, min, max);
}

TEST(IntegerText, ReadsWholeDecimalNumbers) {
    long long v = 0;
    EXPECT_EQ(read(std::string_view("42"), v), IntegerText::Ok);
    EXPECT_EQ(v, 42);
    EXPECT_EQ(read(std::string_view("-7"), v), IntegerText::Ok);
    EXPECT_EQ(v, -7);
    EXPECT_EQ(read(std::string_view("+7"), v), IntegerText::Ok);
    EXPECT_EQ(v, 7);
    EXPECT_EQ(read(std::string_view("010"), v), IntegerText::Ok); // decimal, never octal
    EXPECT_EQ(v, 10);
    EXPECT_EQ(read(std::string_view("-9223372036854775808"), v), IntegerText::Ok);
    EXPECT_EQ(v, std::numeric_limits<long long>::min());
}

TEST(IntegerText, RefusesAnythingElse) {
    long long v = 5;
    for (const char* text : {"", "-", "+", "1.5", "1e3", "0x10", " 1", "1 ", "12q", "+-1", "-+1", "--1", "nan"}) {
        EXPECT_EQ(read(std::string_view(text), v), IntegerText::NotAnInteger) << "'" << text << "'";
        EXPECT_EQ(v, 5) << "unchanged after '" << text << "'";
    }
}

TEST(IntegerText, OutOfRangeNeitherWrapsNorClamps) {
    std::uint64_t seed = 3;
    EXPECT_EQ(read(std::string_view("-5"), seed), IntegerText::OutOfRange);
    EXPECT_EQ(read(std::string_view("18446744073709551616"), seed), IntegerText::OutOfRange);
    EXPECT_EQ(seed, 3u);
    EXPECT_EQ(read(std::string_view("18446744073709551615"), seed), IntegerText::Ok);
    EXPECT_EQ(seed, std::numeric_limits<std::uint64_t>::max());
    EXPECT_EQ(read(std::string_view("-0"), seed), IntegerText::Ok);
    EXPECT_EQ(seed, 0u);

    long long steps = 0;
    EXPECT_EQ(read(std::string_view("99999999999999999999"), steps), IntegerText::OutOfRange);
    EXPECT_EQ(read(std::string_view("-99999999999999999999"), steps), IntegerText::OutOfRange);
    int side = 0;
    EXPECT_EQ(read(std::string_view("2147483648"), side), IntegerText::OutOfRange);
    EXPECT_EQ(read(std::string_view("0"), side, 1, 100), IntegerText::OutOfRange);
    EXPECT_EQ(read(std::string_view("101"), side, 1, 100), IntegerText::OutOfRange);
    EXPECT_EQ(read(std::string_view("100"), side, 1, 100), IntegerText::Ok);
    EXPECT_EQ(side, 100);
}

TEST(IntegerText, MessagesNameWhatAndTheRange) {
    EXPECT_EQ(integerIn<std::uint64_t>("12", 0, 20, "--seed"), 12u);
    EXPECT_EQ(errorOf([] { integerIn<std::uint64_t>("-5", 0, std::numeric_limits<std::uint64_t>::max(), "--seed"); }),
              "--seed -5 is outside 0..18446744073709551615");
    EXPECT_EQ(errorOf([] { integerIn<int>("abc", 1, 10, "--frames"); }), "--frames 'abc' is not a whole number");
}

TEST(FiniteNumber, ReadsDecimalNumbersOnly) {
    EXPECT_EQ(parseFiniteNumber("1.5"), 1.5);
    EXPECT_EQ(parseFiniteNumber("-2e3"), -2000.0);
    EXPECT_EQ(parseFiniteNumber("+4"), 4.0);
    EXPECT_EQ(parseFiniteNumber(".5"), 0.5);
    EXPECT_EQ(parseFiniteNumber("1e-308"), 1e-308);
    for (const char* text :
         {"", "nan", "-nan", "inf", "+inf", "-infinity", "1e309", "-1e400", "0x1p3", "1,5", " 1", "1 ", "+-1", "abc"})
        EXPECT_FALSE(parseFiniteNumber(text).has_value()) << "'" << text << "'";
}

TEST(FiniteNumber, MessagesNameWhatAndTheRange) {
    EXPECT_EQ(numberIn("0.25", 0, 1, "DENSITY"), 0.25);
    EXPECT_EQ(errorOf([] { numberIn("1e-308", 1.0 / 4096, 256, "Z"); }), "Z 1e-308 is outside 0.000244141..256");
    EXPECT_EQ(errorOf([] { numberIn("inf", 0, 1, "--max-ms"); }), "--max-ms 'inf' is not a finite number");
}

} // namespace
} // namespace catlab
