#pragma once
// Numbers as users type them (options, script arguments, file headers), read strictly: the whole text,
// decimal, no wrap-around and no clamping. A value outside the range is an error, never another value.

#include "catlab/error.hpp"

#include <charconv>
#include <concepts>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

namespace catlab {

enum class IntegerText {
    Ok,
    NotAnInteger, // anything but an optional sign and decimal digits
    OutOfRange,   // a whole number outside [min, max] (or outside the type)
};

// Reads `text` as a whole decimal integer ("42", "-7", "+7") into `value` when it lies in [min, max].
template <std::integral T>
IntegerText parseInteger(std::string_view text, T& value, T min = std::numeric_limits<T>::min(),
                         T max = std::numeric_limits<T>::max()) {
    const bool plus = !text.empty() && text.front() == '+';
    if (plus) text.remove_prefix(1);
    const bool minus = !plus && !text.empty() && text.front() == '-';
    const std::string_view digits = text.substr(minus ? 1 : 0);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
        return IntegerText::NotAnInteger;
    T parsed{};
    if constexpr (std::is_unsigned_v<T>) {
        // from_chars refuses a sign on unsigned types; "-0" is zero, any other negative is below the type.
        if (minus && digits.find_first_not_of('0') != std::string_view::npos) return IntegerText::OutOfRange;
        if (std::from_chars(digits.data(), digits.data() + digits.size(), parsed).ec != std::errc())
            return IntegerText::OutOfRange;
    } else {
        if (std::from_chars(text.data(), text.data() + text.size(), parsed).ec != std::errc())
            return IntegerText::OutOfRange; // the digits were checked: only the range can fail
    }
    if (parsed < min || parsed > max) return IntegerText::OutOfRange;
    value = parsed;
    return IntegerText::Ok;
}

// "min..max" for messages.
template <std::integral T>
std::string rangeText(T min, T max) {
    return std::to_string(min) + ".." + std::to_string(max);
}

// The integer `text` says, in [min, max]; otherwise throws catlab::Error naming `what` (e.g. "--seed"):
// "<what> '<text>' is not a whole number" or "<what> <text> is outside <min>..<max>".
template <std::integral T>
T integerIn(std::string_view text, T min, T max, std::string_view what) {
    T value{};
    switch (parseInteger(text, value, min, max)) {
    case IntegerText::Ok: return value;
    case IntegerText::NotAnInteger:
        throw Error(std::string(what) + " '" + std::string(text) + "' is not a whole number");
    case IntegerText::OutOfRange:
        throw Error(std::string(what) + " " + std::string(text) + " is outside " + rangeText(min, max));
    }
    return value;
}

// A finite decimal number ("1.5", "-2e3", "+4"); nullopt for anything else, nan, inf, hexadecimal, and
// values beyond what a double holds.
std::optional<double> parseFiniteNumber(std::string_view text);

// The number `text` says, in [min, max]; otherwise throws catlab::Error naming `what`:
// "<what> '<text>' is not a finite number" or "<what> <text> is outside <min>..<max>".
double numberIn(std::string_view text, double min, double max, std::string_view what);

// A number for messages: up to 6 significant digits ("0.000244141", "256", "1e+09").
std::string numberText(double value);

} // namespace catlab
