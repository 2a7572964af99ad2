#pragma once
// Number options read strictly. CLI11 alone turns "--seed -5" into 2^64 - 5, clamps
// "--steps 99999999999999999999" to the largest value, reads "010" as octal and takes "nan": these
// options take whole decimal numbers (or finite numbers) in a range, and anything else fails with
// catlab::Error naming the option and the range ("catlab: error: --seed -5 is outside 0..18446744073709551615").

#include "catlab/number_text.hpp"

#include <CLI/CLI.hpp>

#include <concepts>
#include <limits>
#include <optional>
#include <string>

namespace catlab::cli {

namespace detail {

template <class T>
struct OptionValue {
    using type = T;
};
template <class T>
struct OptionValue<std::optional<T>> {
    using type = T;
};

} // namespace detail

// The value an option holds: T for a T or a std::optional<T>.
template <class Target>
using OptionValueOf = typename detail::OptionValue<Target>::type;

// An integer option (`target` an integer or an optional one) whose text must be a whole decimal number
// in [min, max]. The text CLI11 then converts is the number in plain decimal.
template <class Target>
requires std::integral<OptionValueOf<Target>> CLI::Option*
addIntegerOption(CLI::App& command, const std::string& name, Target& target, const std::string& help,
                 OptionValueOf<Target> min = std::numeric_limits<OptionValueOf<Target>>::min(),
                 OptionValueOf<Target> max = std::numeric_limits<OptionValueOf<Target>>::max()) {
    return command.add_option(name, target, help)->transform([name, min, max](const std::string& text) {
        return std::to_string(integerIn(text, min, max, name));
    });
}

// A real-number option whose text must be a finite decimal number in [min, max] (by default any finite one).
// The target gets the number catlab read: CLI11's own conversion can differ in the last bit.
template <class Target>
requires std::floating_point<OptionValueOf<Target>> CLI::Option*
addNumberOption(CLI::App& command, const std::string& name, Target& target, const std::string& help,
                double min = std::numeric_limits<double>::lowest(), double max = std::numeric_limits<double>::max()) {
    return command
        .add_option_function<std::string>(
            name, [&target, name, min, max](const std::string& text) { target = numberIn(text, min, max, name); }, help)
        ->type_name("FLOAT");
}

} // namespace catlab::cli
