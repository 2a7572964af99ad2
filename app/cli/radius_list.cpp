#include "cli/radius_list.hpp"

#include "catlab/error.hpp"
#include "catlab/number_text.hpp"
#include "catlab/rule.hpp"

#include <algorithm>
#include <string_view>

namespace catlab::cli {
namespace {

int parseRadius(const std::string& whole, std::string_view item, std::string_view text) {
    int radius = 0;
    switch (parseInteger(text, radius, 1, kMaxRadius)) {
    case IntegerText::Ok: break;
    case IntegerText::NotAnInteger:
        throw Error("bad radius list '" + whole + "': '" + std::string(item) +
                    "' is not a radius or a range like 1..16");
    case IntegerText::OutOfRange:
        throw Error("bad radius list '" + whole + "': radius " + std::string(text) + " is outside " +
                    rangeText(1, kMaxRadius));
    }
    return radius;
}

} // namespace

std::vector<int> parseRadiusList(const std::string& text) {
    std::vector<int> radii;
    auto add = [&](int r) {
        if (std::find(radii.begin(), radii.end(), r) == radii.end()) radii.push_back(r);
    };
    std::string_view rest = text;
    while (true) {
        const size_t comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        if (item.empty()) throw Error("bad radius list '" + text + "': empty item (expected e.g. 1..16,32,64)");
        const size_t dots = item.find("..");
        if (dots == std::string_view::npos) {
            add(parseRadius(text, item, item));
        } else {
            const int lo = parseRadius(text, item, item.substr(0, dots));
            const int hi = parseRadius(text, item, item.substr(dots + 2));
            if (lo > hi)
                throw Error("bad radius list '" + text + "': range '" + std::string(item) + "' runs backwards");
            for (int r = lo; r <= hi; ++r) add(r);
        }
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return radii;
}

} // namespace catlab::cli
