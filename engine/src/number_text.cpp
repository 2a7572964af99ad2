#include "catlab/number_text.hpp"

#include <cctype>
#include <cmath>
#include <sstream>

namespace catlab {

std::optional<double> parseFiniteNumber(std::string_view text) {
    const bool plus = !text.empty() && text.front() == '+';
    if (plus) text.remove_prefix(1);
    // from_chars would take "inf", "nan" and their signs; a number starts with a digit or a point.
    const std::string_view body = text.substr(!plus && !text.empty() && text.front() == '-' ? 1 : 0);
    if (body.empty() || !(std::isdigit(static_cast<unsigned char>(body.front())) || body.front() == '.'))
        return std::nullopt;
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) return std::nullopt;
    return value;
}

double numberIn(std::string_view text, double min, double max, std::string_view what) {
    const std::optional<double> value = parseFiniteNumber(text);
    if (!value) throw Error(std::string(what) + " '" + std::string(text) + "' is not a finite number");
    if (*value < min || *value > max)
        throw Error(std::string(what) + " " + std::string(text) + " is outside " + numberText(min) + ".." +
                    numberText(max));
    return *value;
}

std::string numberText(double value) {
    std::ostringstream text;
    text << value;
    return text.str();
}

} // namespace catlab
